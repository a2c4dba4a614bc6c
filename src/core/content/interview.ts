// lessons/interview.md: front matter `title`, then one `## ` heading per question, the question
// text, a ```answer block (Markdown: the reasoned answer), a line `Lesson: <slug>` and a line
// `Id: <id>`: the question's stable id, which its rubric and follow-ups in
// lessons/interview/<id>.md refer to (so the prose can be rewritten without touching them).
import { parseDoc } from './parseDoc';

export interface InterviewQuestion {
  /** Stable id (`Id: local-counters`); its rubric lives in lessons/interview/<id>.md. */
  id: string | undefined;
  idLine: number;
  title: string;
  /** The question text (Markdown), without the Lesson line. */
  prompt: string;
  /** The reasoned answer (Markdown). */
  answer: string;
  /** Slug of the lesson that demonstrates it. */
  lesson: string | undefined;
  /** 1-based index of the lab widget in that lesson to jump to (`Lesson: slug, lab 2`). */
  lab: number | undefined;
  line: number;
  lessonLine: number;
}

export interface Interview {
  title: string;
  intro: string;
  questions: InterviewQuestion[];
}

const ID_LINE = /^\s*Id:\s*`?([^`]*?)`?\s*$/;
const LESSON_LINE = /^\s*\**Lesson:?\**:?\s*`?([a-z0-9][\w-]*)`?(?:[^\n]*?\blab\s+(\d+))?[^\n]*$/i;

export function parseInterview(file: string, source: string): Interview {
  const doc = parseDoc(file, source, { markdownDirectives: ['answer'] });
  const questions: InterviewQuestion[] = [];
  const intro: string[] = [];
  let cur: InterviewQuestion | null = null;
  const pushText = (text: string, line: number) => {
    const lines = text.split('\n');
    lines.forEach((l, k) => {
      const h = /^##\s+(.+?)\s*#*\s*$/.exec(l);
      if (h && !l.startsWith('###')) {
        cur = {
          id: undefined,
          idLine: line + k,
          title: h[1]!,
          prompt: '',
          answer: '',
          lesson: undefined,
          lab: undefined,
          line: line + k,
          lessonLine: line + k,
        };
        questions.push(cur);
        return;
      }
      if (!cur) {
        if (!/^#\s/.test(l)) intro.push(l);
        return;
      }
      const idm = ID_LINE.exec(l);
      if (idm) {
        cur.id = idm[1]!;
        cur.idLine = line + k;
        return;
      }
      const m = LESSON_LINE.exec(l);
      if (m) {
        cur.lesson = m[1]!.toLowerCase();
        cur.lab = m[2] ? Number(m[2]) : undefined;
        cur.lessonLine = line + k;
        return;
      }
      if (!cur.answer) cur.prompt += `${l}\n`;
    });
  };
  for (const b of doc.blocks) {
    if (b.kind === 'markdown') pushText(b.text, b.line);
    else if (b.name === 'answer' && questions.length) {
      const q = questions[questions.length - 1]!;
      q.answer = b.text;
    } else if (questions.length) {
      // Any other fenced block is part of the question text.
      const q = questions[questions.length - 1]!;
      q.prompt += `\n\`\`\`${b.name}\n${b.text}\n\`\`\`\n`;
    }
  }
  for (const q of questions) q.prompt = q.prompt.trim();
  return {
    title: typeof doc.front.title === 'string' ? doc.front.title : 'Interview mode',
    intro: intro.join('\n').trim(),
    questions,
  };
}
