// Shared by the lab server (src/server) and the browser's live client (src/store/live.ts): the
// wire's view types and the pure functions that cut them from a room's record.
// A live room's record and the views cut from it. The record is what a RoomStore keeps; each
// audience gets its own view, built by picking fields (never by deleting them), so a field added
// to the record reaches nobody until a view names it:
// - publicView: everyone in the room (question, shared scene, deck position, prediction count);
// - hostView: the host's connections only (notes, rubric ticks, verdict, every learner);
// - selfView: one participant's own record.

export type RoomKind = 'interview' | 'workshop';
export type Role = 'host' | 'candidate' | 'presenter' | 'learner';
export type PredictValue = number | string;
export type ProblemStatus = 'attempted' | 'solved';

export interface Question {
  slug: string;
  text: string;
}

export interface Marks {
  /** Rubric points met, by point index. */
  met: boolean[];
  notes: string;
  /** Follow-ups asked so far (absent in rooms made before it was kept: 0). */
  asked?: number;
}

/** One round trip of the shared race scheduler (the explorer's Action: request -1 is a pause). */
export interface RaceStep {
  request: number;
  crash?: boolean;
  pause?: number;
}

/** The shared race scheduler: the puzzle it plays and the schedule built so far. */
export interface SharedRace {
  slug: string;
  schedule: RaceStep[];
}

/** The shared lab scene: its scenario and its clock (paused at `now` seconds, or playing from it). */
export interface SharedLab {
  slug: string;
  scenario: Record<string, unknown>;
  now: number;
  playing: boolean;
}

export interface Participant {
  /** Shown to the host only, to tell learners apart (the rejoin token never leaves its tab). */
  id: string;
  nick: string;
  joinedAt: number;
  prediction: PredictValue | null;
  problems: Record<string, ProblemStatus>;
  stuck: boolean;
}

export interface RoomRecord {
  v: 1;
  id: string;
  kind: RoomKind;
  deck: string | null;
  secretHash: string;
  createdAt: number;
  lastActive: number;
  idleMs: number;
  closedAt: number | null;
  rev: number;
  // Public
  question: Question | null;
  scene: unknown;
  /** Absent in rooms stored before they were shared: null. */
  race?: SharedRace | null;
  lab?: SharedLab | null;
  step: number;
  predict: { step: number; open: boolean; revealed: boolean } | null;
  // Host only
  notes: string;
  marks: Record<string, Marks>;
  verdict: string | null;
  /** By rejoin token. */
  participants: Record<string, Participant>;
}

export function newRoom(
  id: string,
  kind: RoomKind,
  deck: string | null,
  secretHash: string,
  now: number,
  idleMs: number,
): RoomRecord {
  return {
    v: 1,
    id,
    kind,
    deck,
    secretHash,
    createdAt: now,
    lastActive: now,
    idleMs,
    closedAt: null,
    rev: 1,
    question: null,
    scene: null,
    race: null,
    lab: null,
    step: 0,
    predict: null,
    notes: '',
    marks: {},
    verdict: null,
    participants: {},
  };
}

export function expiresAt(r: RoomRecord): number {
  return r.lastActive + r.idleMs;
}

/** Why a room takes no one any more ('closed' by its host, 'expired' idle), or null. */
export function roomGone(r: RoomRecord, now: number): 'closed' | 'expired' | null {
  if (r.closedAt !== null) return 'closed';
  return now >= expiresAt(r) ? 'expired' : null;
}

export interface Predictions {
  count: number;
  /** Every answer, sorted (no names); absent for learners until the reveal. */
  values?: PredictValue[];
}

export interface PublicView {
  id: string;
  kind: RoomKind;
  deck: string | null;
  rev: number;
  question: Question | null;
  scene: unknown;
  race: SharedRace | null;
  lab: SharedLab | null;
  step: number;
  predict: { step: number; open: boolean; revealed: boolean } | null;
  predictions: Predictions | null;
  learners: number;
  expiresAt: number;
  idleSeconds: number;
}

function predictionValues(r: RoomRecord): PredictValue[] {
  const vals: PredictValue[] = [];
  for (const p of Object.values(r.participants)) if (p.prediction !== null) vals.push(p.prediction);
  return vals.sort((a, b) =>
    typeof a === 'number' && typeof b === 'number' ? a - b : String(a).localeCompare(String(b)),
  );
}

function predictions(r: RoomRecord, withValues: boolean): Predictions | null {
  if (r.predict === null) return null;
  const values = predictionValues(r);
  return withValues ? { count: values.length, values } : { count: values.length };
}

export function publicView(r: RoomRecord): PublicView {
  return {
    id: r.id,
    kind: r.kind,
    deck: r.deck,
    rev: r.rev,
    question: r.question === null ? null : { slug: r.question.slug, text: r.question.text },
    scene: r.scene,
    race: r.race ? { slug: r.race.slug, schedule: r.race.schedule.map((a) => ({ ...a })) } : null,
    lab: r.lab ? { ...r.lab, scenario: structuredClone(r.lab.scenario) } : null,
    step: r.step,
    predict: r.predict === null ? null : { ...r.predict },
    predictions: predictions(r, r.predict?.revealed === true),
    learners: Object.keys(r.participants).length,
    expiresAt: expiresAt(r),
    idleSeconds: Math.round(r.idleMs / 1000),
  };
}

export interface ProblemCount {
  attempted: number;
  solved: number;
}

export interface HostView {
  notes: string;
  marks: Record<string, Marks>;
  verdict: string | null;
  predictions: Predictions | null;
  learners: {
    id: string;
    nick: string;
    stuck: boolean;
    prediction: PredictValue | null;
    problems: Record<string, ProblemStatus>;
  }[];
  /** Per practice problem: how many learners attempted it (solved ones included) and solved it. */
  board: Record<string, ProblemCount>;
}

export function hostView(r: RoomRecord): HostView {
  const board: Record<string, ProblemCount> = {};
  const learners: HostView['learners'] = [];
  for (const p of Object.values(r.participants)) {
    learners.push({
      id: p.id,
      nick: p.nick,
      stuck: p.stuck,
      prediction: p.prediction,
      problems: { ...p.problems },
    });
    for (const [slug, st] of Object.entries(p.problems)) {
      const b = (board[slug] ??= { attempted: 0, solved: 0 });
      b.attempted++;
      if (st === 'solved') b.solved++;
    }
  }
  learners.sort((a, b) => a.nick.localeCompare(b.nick) || a.id.localeCompare(b.id));
  return {
    notes: r.notes,
    marks: structuredClone(r.marks),
    verdict: r.verdict,
    predictions: predictions(r, true),
    learners,
    board,
  };
}

export interface SelfView {
  nick: string;
  prediction: PredictValue | null;
  problems: Record<string, ProblemStatus>;
  stuck: boolean;
}

export function selfView(p: Participant): SelfView {
  return { nick: p.nick, prediction: p.prediction, problems: { ...p.problems }, stuck: p.stuck };
}
