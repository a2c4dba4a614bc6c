// The scorecard an interviewer downloads at the end of a session: the questions asked (in the
// order they were asked), the rubric points met, the follow-ups asked, notes and times. The same
// record is written as JSON (for tools) and as Markdown (for people).
import {
  marksOf,
  sessionElapsed,
  timePerQuestion,
  VERDICT_TEXT,
  type SessionPrivate,
  type SessionPublic,
  type Verdict,
} from './session';

export interface ScorecardQuestionInput {
  id: string;
  title: string;
  rubric: readonly string[];
  followUps: readonly { ask: string }[];
}

export interface ScorecardQuestion {
  position: number;
  id: string;
  title: string;
  timeSeconds: number;
  rubric: { point: string; met: boolean }[];
  rubricMet: number;
  rubricTotal: number;
  followUpsAsked: string[];
  notes: string;
}

export interface Scorecard {
  format: 'rate-limit-lab/interview-scorecard';
  version: 1;
  session: string;
  candidate: string;
  startedAt: string;
  endedAt: string | null;
  durationSeconds: number;
  questions: ScorecardQuestion[];
  /** Picked for the session but never put on screen. */
  notReached: { id: string; title: string }[];
  totals: { questionsAsked: number; rubricMet: number; rubricTotal: number };
  notes: string;
  /** The interviewer's overall verdict, or null when none was given. */
  verdict: Verdict | null;
  /** The code the candidate wrote in a live room's shared editor ('' when none). */
  code: string;
}

export function buildScorecard(
  pub: SessionPublic,
  priv: SessionPrivate | null,
  questions: readonly ScorecardQuestionInput[],
  now: number,
): Scorecard {
  const byId = new Map(questions.map((q) => [q.id, q]));
  const times = timePerQuestion(pub, now);
  // Asked: every question that came on screen, in the order it first did.
  const asked: number[] = [];
  for (const m of pub.log) if (!asked.includes(m.index)) asked.push(m.index);
  const out: ScorecardQuestion[] = asked.map((pos) => {
    const id = pub.order[pos]!;
    const q = byId.get(id);
    const rubric = q?.rubric ?? [];
    const marks = priv ? marksOf(priv, id, rubric.length) : null;
    const met = rubric.map((point, i) => ({ point, met: Boolean(marks?.met[i]) }));
    return {
      position: pos + 1,
      id,
      title: q?.title ?? id,
      timeSeconds: Math.round((times.get(id) ?? 0) / 1000),
      rubric: met,
      rubricMet: met.filter((m) => m.met).length,
      rubricTotal: met.length,
      followUpsAsked: (q?.followUps ?? []).slice(0, marks?.asked ?? 0).map((f) => f.ask),
      notes: marks?.notes ?? '',
    };
  });
  const notReached = pub.order
    .map((id, pos) => ({ id, pos }))
    .filter((x) => !asked.includes(x.pos))
    .map((x) => ({ id: x.id, title: byId.get(x.id)?.title ?? x.id }));
  return {
    format: 'rate-limit-lab/interview-scorecard',
    version: 1,
    session: pub.id,
    candidate: priv?.candidate ?? '',
    startedAt: new Date(pub.startedAt).toISOString(),
    endedAt: pub.endedAt === null ? null : new Date(pub.endedAt).toISOString(),
    durationSeconds: Math.round(sessionElapsed(pub, now) / 1000),
    questions: out,
    notReached,
    totals: {
      questionsAsked: out.length,
      rubricMet: out.reduce((a, q) => a + q.rubricMet, 0),
      rubricTotal: out.reduce((a, q) => a + q.rubricTotal, 0),
    },
    notes: priv?.notes ?? '',
    verdict: priv?.verdict ?? null,
    code: priv?.code ?? '',
  };
}

export const clock = (seconds: number): string => {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const mm = String(Math.floor((s % 3600) / 60)).padStart(2, '0');
  const ss = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${mm}:${ss}` : `${mm}:${ss}`;
};

/** Markdown text: quoted notes keep their line breaks and cannot break the document's lists. */
const quote = (text: string): string =>
  text
    .trim()
    .split('\n')
    .map((l) => `> ${l}`.trimEnd())
    .join('\n');
const oneLine = (t: string): string => t.replace(/\s+/g, ' ').trim();

export function scorecardMarkdown(c: Scorecard): string {
  const lines: string[] = [];
  lines.push(`# Interview scorecard${c.candidate ? `: ${oneLine(c.candidate)}` : ''}`, '');
  lines.push(`- Started: ${c.startedAt}`);
  lines.push(`- Ended: ${c.endedAt ?? 'still running when this was downloaded'}`);
  lines.push(`- Duration: ${clock(c.durationSeconds)}`);
  lines.push(`- Questions asked: ${c.totals.questionsAsked}`);
  lines.push(`- Rubric points met: ${c.totals.rubricMet} of ${c.totals.rubricTotal}`);
  lines.push(`- Overall verdict: ${c.verdict ? VERDICT_TEXT[c.verdict] : 'none given'}`, '');
  for (const q of c.questions) {
    lines.push(`## ${q.position}. ${oneLine(q.title)}`, '');
    lines.push(`Time: ${clock(q.timeSeconds)} · rubric ${q.rubricMet} of ${q.rubricTotal}`, '');
    for (const r of q.rubric) lines.push(`- [${r.met ? 'x' : ' '}] ${oneLine(r.point)}`);
    if (q.rubric.length) lines.push('');
    if (q.followUpsAsked.length) {
      lines.push('Follow-ups asked:', '');
      q.followUpsAsked.forEach((f, i) => lines.push(`${i + 1}. ${oneLine(f)}`));
      lines.push('');
    }
    if (q.notes.trim()) lines.push('Notes:', '', quote(q.notes), '');
  }
  if (c.notReached.length) {
    lines.push('## Not reached', '');
    for (const q of c.notReached) lines.push(`- ${oneLine(q.title)}`);
    lines.push('');
  }
  if (c.notes.trim()) lines.push('## Overall notes', '', quote(c.notes), '');
  if (c.code.trim()) {
    // A fence longer than any run of backticks in the code, so the code cannot close it.
    const fence = '`'.repeat(Math.max(3, ...(c.code.match(/`+/g) ?? []).map((r) => r.length + 1)));
    lines.push("## The candidate's code", '', `${fence}lua`, c.code.trimEnd(), fence, '');
  }
  return `${lines.join('\n').trimEnd()}\n`;
}
