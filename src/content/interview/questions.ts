// Every interview question with what the interviewer's window needs: interview.md's questions
// (the prose) merged by id with lessons/interview/<id>.md (rubric, follow-ups, candidate lab),
// then the questions that live wholly in lessons/interview/.
import { parseInterview } from '../../core/content/interview';
import {
  mergeInterview,
  parseInterviewExtra,
  type HostQuestion,
  type InterviewExtra,
} from '../../core/content/interviewRubric';
import { INTERVIEW_FILE, INTERVIEW_SOURCE } from '../library';

const extraSources = import.meta.glob('../../../lessons/interview/*.md', {
  query: '?raw',
  import: 'default',
  eager: true,
}) as Record<string, string>;

export interface QuestionBank {
  title: string;
  questions: HostQuestion[];
  /** Why some content could not be read (the build check stops this long before). */
  errors: string[];
}

function load(): QuestionBank {
  const errors: string[] = [];
  let title = 'Interview mode';
  let main: ReturnType<typeof parseInterview>['questions'] = [];
  if (INTERVIEW_SOURCE !== undefined) {
    try {
      const iv = parseInterview(INTERVIEW_FILE, INTERVIEW_SOURCE);
      title = iv.title;
      main = iv.questions;
    } catch (e) {
      errors.push((e as Error).message);
    }
  }
  const extras: InterviewExtra[] = [];
  for (const [path, text] of Object.entries(extraSources)) {
    try {
      extras.push(parseInterviewExtra(path.replace(/^(\.\.\/)+/, ''), text));
    } catch (e) {
      errors.push((e as Error).message);
    }
  }
  return { title, questions: mergeInterview(main, extras), errors };
}

let bank: QuestionBank | null = null;
export function questionBank(): QuestionBank {
  bank ??= load();
  return bank;
}

export function questionById(id: string): HostQuestion | undefined {
  return questionBank().questions.find((q) => q.id === id);
}
