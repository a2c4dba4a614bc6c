// lessons/interview/<id>.md: what the interviewer's window shows for one question (its rubric
// and a chain of follow-ups), kept apart from lessons/interview.md so the question prose can be
// rewritten without touching them. A file whose id is not a question of interview.md is a
// question of its own and also carries the title, the prompt and the reasoned answer.
//
//   ---
//   title: ...            (own questions only)
//   lesson: fixed-window  (own questions only; `lab: 2` picks that lesson's second lab)
//   minutes: 6            (a suggested time, shown to the interviewer)
//   order: 3              (own questions: where they come after interview.md's questions)
//   ---
//   The question as the candidate reads it (own questions only).
//   ## Answer             (own questions only) the reasoned answer, Markdown
//   ## Rubric             3 to 6 bullet points, each one thing a strong answer does
//   ## Follow-ups         a numbered chain; under each, a line `Listen for: ...`
//   ## Candidate lab      optional: a ```lab block the candidate may open on their screen
//   `race: <puzzle slug>` in the front matter puts that race puzzle's scheduler on the
//   candidate's screen (to play freely; its goal and hints stay off it)
import type { InterviewQuestion } from './interview';
import { ContentError, parseDoc, type ParsedDoc } from './parseDoc';

export interface RubricPoint {
  text: string;
  line: number;
}

export interface FollowUp {
  /** What the interviewer asks. */
  ask: string;
  /** What a strong answer says (for the interviewer only). */
  listenFor: string;
  line: number;
}

export interface InterviewExtra {
  file: string;
  id: string;
  front: Record<string, unknown>;
  frontLines: Record<string, number>;
  /** The text before the first section (an own question's prompt). */
  prompt: string;
  promptLine: number;
  answer: string;
  answerLine: number;
  rubric: RubricPoint[];
  rubricLine: number;
  followUps: FollowUp[];
  followUpsLine: number;
  /** The candidate's lab (a ```lab body), or null. */
  lab: Record<string, unknown> | null;
  labLine: number;
  /** Sections the file has that the format does not know, with their line. */
  unknownSections: { name: string; line: number }[];
  /** Lines in Rubric / Follow-ups that are not part of a list item. */
  strayLines: { section: string; text: string; line: number }[];
  doc: ParsedDoc;
}

export const EXTRA_SECTIONS = ['Answer', 'Rubric', 'Follow-ups', 'Candidate lab'] as const;
export const EXTRA_FRONT = ['id', 'title', 'lesson', 'lab', 'minutes', 'order', 'race'] as const;

export const interviewIdOf = (path: string): string =>
  path.replace(/^.*\//, '').replace(/\.md$/, '');

const sectionName = (h: string): string | undefined => {
  const k = h.trim().toLowerCase().replace(/\s+/g, ' ');
  return EXTRA_SECTIONS.find(
    (s) =>
      s.toLowerCase() === k || (s === 'Follow-ups' && (k === 'followups' || k === 'follow up')),
  );
};

export function parseInterviewExtra(file: string, source: string): InterviewExtra {
  const doc = parseDoc(file, source);
  const out: InterviewExtra = {
    file,
    id: typeof doc.front.id === 'string' ? doc.front.id : interviewIdOf(file),
    front: doc.front,
    frontLines: doc.frontLines,
    prompt: '',
    promptLine: 1,
    answer: '',
    answerLine: 1,
    rubric: [],
    rubricLine: 1,
    followUps: [],
    followUpsLine: 1,
    lab: null,
    labLine: 1,
    unknownSections: [],
    strayLines: [],
    doc,
  };
  let section: string | null = null;
  const text: Record<string, string[]> = { prompt: [], Answer: [] };
  let follow: FollowUp | null = null;
  let followField: 'ask' | 'listen' = 'ask';
  let point: RubricPoint | null = null;

  const onLine = (l: string, line: number) => {
    const h = /^##\s+(.+?)\s*#*\s*$/.exec(l);
    if (h && !l.startsWith('###')) {
      const name = sectionName(h[1]!);
      point = null;
      follow = null;
      if (!name) {
        out.unknownSections.push({ name: h[1]!, line });
        section = '?';
        return;
      }
      section = name;
      if (name === 'Answer') out.answerLine = line;
      if (name === 'Rubric') out.rubricLine = line;
      if (name === 'Follow-ups') out.followUpsLine = line;
      if (name === 'Candidate lab') out.labLine = line;
      return;
    }
    if (section === null) {
      if (text.prompt!.length === 0 && l.trim()) out.promptLine = line;
      text.prompt!.push(l);
      return;
    }
    if (section === 'Answer') {
      text.Answer!.push(l);
      return;
    }
    if (section === 'Rubric') {
      const m = /^\s*[-*+]\s+(.*)$/.exec(l);
      if (m) {
        point = { text: m[1]!.trim(), line };
        out.rubric.push(point);
      } else if (l.trim() && point && /^\s{2,}/.test(l)) point.text += ` ${l.trim()}`;
      else if (l.trim()) out.strayLines.push({ section, text: l.trim(), line });
      return;
    }
    if (section === 'Follow-ups') {
      const m = /^\s*\d+[.)]\s+(.*)$/.exec(l);
      const listen = /^\s+(?:[-*]\s+)?(?:\*\*)?Listen for:?(?:\*\*)?:?\s*(.*)$/i.exec(l);
      if (m) {
        follow = { ask: m[1]!.trim(), listenFor: '', line };
        followField = 'ask';
        out.followUps.push(follow);
      } else if (listen && follow) {
        const f: FollowUp = follow;
        f.listenFor = listen[1]!.trim();
        followField = 'listen';
      } else if (l.trim() && follow && /^\s{2,}/.test(l)) {
        const f: FollowUp = follow;
        if (followField === 'ask') f.ask += ` ${l.trim()}`;
        else f.listenFor += ` ${l.trim()}`;
      } else if (l.trim()) out.strayLines.push({ section, text: l.trim(), line });
    }
  };

  for (const b of doc.blocks) {
    if (b.kind === 'markdown') {
      b.text.split('\n').forEach((l, k) => onLine(l, b.line + k));
      continue;
    }
    if (b.name === 'lab' && section === 'Candidate lab') {
      out.lab = b.json as Record<string, unknown>;
      out.labLine = b.line;
      continue;
    }
    throw new ContentError(
      file,
      b.line,
      b.name === 'lab'
        ? 'a ```lab block belongs under "## Candidate lab"'
        : `a \`\`\`${b.name} block has no place in an interview rubric file (sections: ${EXTRA_SECTIONS.join(', ')})`,
    );
  }
  out.prompt = text.prompt!.join('\n').trim();
  out.answer = text.Answer!.join('\n').trim();
  return out;
}

/** One question as the interviewer's window and the scorecard see it. */
export interface HostQuestion {
  id: string;
  title: string;
  prompt: string;
  answer: string;
  lesson: string | undefined;
  lab: number | undefined;
  minutes: number | undefined;
  rubric: string[];
  followUps: { ask: string; listenFor: string }[];
  candidateLab: Record<string, unknown> | null;
  /** A race puzzle whose scheduler the candidate may open, or null. */
  candidateRace: string | null;
}

const num = (v: unknown): number | undefined =>
  typeof v === 'number' && Number.isFinite(v) ? v : undefined;

/**
 * interview.md's questions (in file order, with their rubric files) followed by the rubric
 * files that are questions of their own (by `order`, then id). A question without a rubric
 * file still appears, with an empty rubric (the content check refuses that in a build).
 */
export function mergeInterview(
  questions: readonly InterviewQuestion[],
  extras: readonly InterviewExtra[],
): HostQuestion[] {
  const byId = new Map(extras.map((e) => [e.id, e]));
  const fromMain = new Set<string>();
  const out: HostQuestion[] = [];
  const extraPart = (e: InterviewExtra | undefined) => ({
    minutes: num(e?.front.minutes),
    rubric: e?.rubric.map((p) => p.text) ?? [],
    followUps: e?.followUps.map((f) => ({ ask: f.ask, listenFor: f.listenFor })) ?? [],
    candidateLab: e?.lab ?? null,
    candidateRace: typeof e?.front.race === 'string' ? e.front.race : null,
  });
  questions.forEach((q, k) => {
    const id = q.id || `question-${k + 1}`;
    fromMain.add(id);
    out.push({
      id,
      title: q.title,
      prompt: q.prompt,
      answer: q.answer,
      lesson: q.lesson,
      lab: q.lab,
      ...extraPart(byId.get(id)),
    });
  });
  const own = extras
    .filter((e) => !fromMain.has(e.id))
    .sort(
      (a, b) => (num(a.front.order) ?? 1e6) - (num(b.front.order) ?? 1e6) || (a.id < b.id ? -1 : 1),
    );
  for (const e of own)
    out.push({
      id: e.id,
      title: typeof e.front.title === 'string' ? e.front.title : e.id,
      prompt: e.prompt,
      answer: e.answer,
      lesson: typeof e.front.lesson === 'string' ? e.front.lesson : undefined,
      lab: num(e.front.lab),
      ...extraPart(e),
    });
  return out;
}
