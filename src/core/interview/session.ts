// An interview session, as both windows see it (pure: the caller passes wall-clock times in).
// The public part (which questions, in which order, which one is on screen, when it started)
// is all the candidate's window ever holds. The interviewer's part (rubric ticks, follow-ups
// asked, notes) is a separate record that never leaves the interviewer's windows.
//
// Time belongs to the session, not to a question: the clock starts once, and each move to
// another question is logged, so a question's time is the sum of the stretches it was on
// screen, however often the interviewer comes back to it.
import { isObj } from '../util/isObj';

export interface SessionMove {
  /** Position in `order` that came on screen. */
  index: number;
  /** Wall-clock ms. */
  at: number;
}

export interface SessionPublic {
  v: 1;
  id: string;
  /** Revision: every change increments it; the higher one wins when windows disagree. */
  rev: number;
  /** The window that wrote this revision (breaks ties between equal revisions). */
  writer: string;
  /** Question ids, in the order the interviewer picked. */
  order: string[];
  index: number;
  startedAt: number;
  endedAt: number | null;
  log: SessionMove[];
}

export interface QuestionMarks {
  /** Rubric points met, by point index. */
  met: boolean[];
  /** Follow-ups asked so far (they are asked in chain order). */
  asked: number;
  notes: string;
}

export interface SessionPrivate {
  v: 1;
  id: string;
  rev: number;
  writer: string;
  candidate: string;
  notes: string;
  marks: Record<string, QuestionMarks>;
  /** The interviewer's overall verdict (absent: none yet). */
  verdict?: Verdict | null;
  /** The code a remote candidate wrote in the shared editor (absent: none). */
  code?: string;
}

export const VERDICTS = ['strong-yes', 'yes', 'no', 'strong-no'] as const;
export type Verdict = (typeof VERDICTS)[number];
export const VERDICT_TEXT: Record<Verdict, string> = {
  'strong-yes': 'Strong yes',
  yes: 'Yes',
  no: 'No',
  'strong-no': 'Strong no',
};

export function createSession(
  id: string,
  order: readonly string[],
  now: number,
  writer: string,
): SessionPublic {
  if (order.length === 0) throw new Error('pick at least one question');
  return {
    v: 1,
    id,
    rev: 1,
    writer,
    order: [...order],
    index: 0,
    startedAt: now,
    endedAt: null,
    log: [{ index: 0, at: now }],
  };
}

export function createPrivate(id: string, writer: string): SessionPrivate {
  return { v: 1, id, rev: 1, writer, candidate: '', notes: '', marks: {} };
}

/** Puts another question on screen (ignored after the end, or when it is already there). */
export function moveTo(
  s: SessionPublic,
  index: number,
  now: number,
  writer: string,
): SessionPublic {
  if (s.endedAt !== null || index === s.index || index < 0 || index >= s.order.length) return s;
  const at = Math.max(now, s.log[s.log.length - 1]?.at ?? s.startedAt);
  return { ...s, rev: s.rev + 1, writer, index, log: [...s.log, { index, at }] };
}

export function endSession(s: SessionPublic, now: number, writer: string): SessionPublic {
  if (s.endedAt !== null) return s;
  const at = Math.max(now, s.log[s.log.length - 1]?.at ?? s.startedAt);
  return { ...s, rev: s.rev + 1, writer, endedAt: at };
}

/** Session time in ms (stops at the end). */
export function sessionElapsed(s: SessionPublic, now: number): number {
  return Math.max(0, (s.endedAt ?? now) - s.startedAt);
}

/** Time each question was on screen, in ms, by question id. */
export function timePerQuestion(s: SessionPublic, now: number): Map<string, number> {
  const out = new Map<string, number>(s.order.map((id) => [id, 0]));
  const stop = s.endedAt ?? now;
  s.log.forEach((m, k) => {
    const next = s.log[k + 1]?.at ?? stop;
    const id = s.order[m.index];
    if (id !== undefined) out.set(id, (out.get(id) ?? 0) + Math.max(0, next - m.at));
  });
  return out;
}

/** Whether `a` should replace `b` (a newer session, or a later revision of the same one). */
export function supersedes(
  a: { id: string; rev: number; writer: string; startedAt?: number },
  b: { id: string; rev: number; writer: string; startedAt?: number } | null,
): boolean {
  if (!b) return true;
  if (a.id !== b.id) return (a.startedAt ?? 0) >= (b.startedAt ?? 0);
  return a.rev > b.rev || (a.rev === b.rev && a.writer > b.writer);
}

export function marksOf(p: SessionPrivate, id: string, points: number): QuestionMarks {
  const m = p.marks[id];
  const met = Array.from({ length: points }, (_, i) => Boolean(m?.met[i]));
  return { met, asked: m?.asked ?? 0, notes: m?.notes ?? '' };
}

export function updateMarks(
  p: SessionPrivate,
  id: string,
  points: number,
  change: (m: QuestionMarks) => QuestionMarks,
  writer: string,
): SessionPrivate {
  return {
    ...p,
    rev: p.rev + 1,
    writer,
    marks: { ...p.marks, [id]: change(marksOf(p, id, points)) },
  };
}

const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** Reads a stored or received public session; null when it is not one (never throws). */
export function readPublic(v: unknown): SessionPublic | null {
  if (!isObj(v) || v.v !== 1 || typeof v.id !== 'string' || typeof v.writer !== 'string')
    return null;
  if (!isNum(v.rev) || !isNum(v.index) || !isNum(v.startedAt)) return null;
  if (!Array.isArray(v.order) || !v.order.every((x) => typeof x === 'string')) return null;
  if (v.order.length === 0 || v.order.length > 200) return null;
  if (!Number.isInteger(v.index) || v.index < 0 || v.index >= v.order.length) return null;
  if (v.endedAt !== null && !isNum(v.endedAt)) return null;
  if (!Array.isArray(v.log) || v.log.length > 10_000) return null;
  const log: SessionMove[] = [];
  for (const m of v.log) {
    if (!isObj(m) || !isNum(m.index) || !isNum(m.at)) return null;
    if (!Number.isInteger(m.index) || m.index < 0 || m.index >= v.order.length) return null;
    log.push({ index: m.index, at: m.at });
  }
  return {
    v: 1,
    id: v.id,
    rev: v.rev,
    writer: v.writer,
    order: [...(v.order as string[])],
    index: v.index,
    startedAt: v.startedAt,
    endedAt: v.endedAt as number | null,
    log,
  };
}

export function readPrivate(v: unknown): SessionPrivate | null {
  if (!isObj(v) || v.v !== 1 || typeof v.id !== 'string' || typeof v.writer !== 'string')
    return null;
  if (!isNum(v.rev) || typeof v.candidate !== 'string' || typeof v.notes !== 'string') return null;
  if (!isObj(v.marks)) return null;
  const marks: Record<string, QuestionMarks> = {};
  for (const [k, m] of Object.entries(v.marks)) {
    if (!isObj(m) || !Array.isArray(m.met) || !isNum(m.asked) || typeof m.notes !== 'string')
      return null;
    marks[k] = { met: m.met.map(Boolean), asked: Math.max(0, Math.floor(m.asked)), notes: m.notes };
  }
  return {
    v: 1,
    id: v.id,
    rev: v.rev,
    writer: v.writer,
    candidate: v.candidate,
    notes: v.notes,
    marks,
    ...((VERDICTS as readonly unknown[]).includes(v.verdict)
      ? { verdict: v.verdict as Verdict }
      : {}),
    ...(typeof v.code === 'string' ? { code: v.code } : {}),
  };
}
