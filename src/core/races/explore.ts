// The interleaving explorer (PLAN I2): every schedule of the requests' round trips (and, when
// enabled, every crash point), checked against the invariant.
//
// Search: depth-first over schedules, replaying from the initial state whenever it backs up
// (a world is rebuilt, never copied). Partial-order reduction with sleep sets (Godefroid):
// after trying move t at a point, every sibling subtree keeps t asleep for as long as the moves
// taken are independent of t (commands.ts: other keys, or reads of the same keys, or a crash);
// a sleeping move is not tried again, because trying it there would only produce a schedule
// equal to one already explored up to swapping adjacent independent round trips. So each such
// class of schedules (a Mazurkiewicz trace) is explored exactly once, and `schedules` counts
// classes. Without reduction every interleaving is tried and counted.
import { RedisModel } from '../redis/model';
import { sha1Hex } from '../redis/sha1';
import { judge } from './invariant';
import { better, type Found } from './best';
import { conflicts } from './commands';
import { keepSchedule, keptActions, type Kept } from './kept';
import { summarize } from './summary';
import { renumber, shadowed, twinPermutations, twinsOf } from './symmetry';
import type {
  ExploreInput,
  ExploreResult,
  Failure,
  IncompleteReason,
  Invariant,
  InvariantPart,
  Step,
  Verdict,
} from './types';
import {
  DEFAULT_MAX_ROUND_TRIPS,
  DEFAULT_START_TIME,
  Program,
  World,
  type ExplorerEngine,
  type Move,
} from './world';

export interface ExploreOptions {
  /** Polled between schedules; returning true stops the search (complete: false). */
  shouldStop?: () => boolean;
  /** Milliseconds since the caller's start (the verb's call, the page's request; a fake in tests). */
  clock?: () => number;
  /** With `clock`: stop (complete: false, incompleteReason "deadline") once the clock reads this. */
  deadlineMs?: number;
  /** Also count every interleaving without reduction (exploredWithoutReduction). */
  countWithoutReduction?: boolean;
  /** Called with every complete schedule explored (tests compare searches with it). */
  onSchedule?: (world: World, verdict: Verdict) => void;
}

/** The invariant with its default: admitted <= what a one-at-a-time order admits. */
export function effectiveInvariant(inv: Invariant | undefined): Invariant {
  if (!inv || Object.values(inv).every((v) => v === undefined || v === false))
    return { maxAdmitted: 'serial' };
  return inv;
}

export function programOf(input: ExploreInput, engine: ExplorerEngine): Program {
  const inv = effectiveInvariant(input.invariant);
  const crashes = input.crashes;
  return new Program(engine, input.code, input.requests, input.initial, {
    maxCrashes: crashes === true ? input.requests.length : crashes === false ? 0 : crashes,
    maxRoundTrips: input.maxRoundTrips ?? DEFAULT_MAX_ROUND_TRIPS,
    startTime: input.startTime ?? DEFAULT_START_TIME,
    trackCharges: inv.noChargeWhenDenied === true,
    cluster: input.cluster === true,
    ...(input.pauses ? { pauses: input.pauses, maxPauses: input.maxPauses ?? 1 } : {}),
  });
}

/** Admissions when the requests run one after another, most over every order. */
export function serialMax(program: Program): number {
  const n = program.requests.length;
  let best = 0;
  const perm = (prefix: number[], rest: number[]) => {
    if (rest.length === 0) {
      const w = new World(program);
      for (const i of prefix) while (w.status[i] === 'running') w.apply({ request: i });
      const admitted = w.ends().filter((e) => e?.kind === 'admitted').length;
      if (admitted > best) best = admitted;
      return;
    }
    rest.forEach((r, k) => perm([...prefix, r], [...rest.slice(0, k), ...rest.slice(k + 1)]));
  };
  perm(
    [],
    Array.from({ length: n }, (_, i) => i),
  );
  return best;
}

/** The maxAdmitted bound, 'serial' resolved; null when the invariant does not bound admissions. */
export function resolveAllowed(program: Program, inv: Invariant): number | null {
  if (inv.maxAdmitted === undefined) return null;
  return inv.maxAdmitted === 'serial' ? serialMax(program) : inv.maxAdmitted;
}

/** The search's budget: schedules, round trips applied, and an injected wall clock. */
export interface Budget {
  maxSchedules: number;
  maxSteps: number;
  clock?: () => number;
  deadlineMs?: number;
  shouldStop?: () => boolean;
}

export const DEFAULT_MAX_STEPS = 200_000;

class Search {
  schedules = 0;
  violations = 0;
  by: Partial<Record<InvariantPart, number>> = {};
  best: Found | null = null;
  /** Up to MAX_KEPT distinct violating schedules, the easiest first. */
  readonly kept: Kept[] = [];
  /** Moves not tried because partial-order reduction showed them equal to one tried. */
  sleptMoves = 0;
  /** Moves not tried because a twin request's move mirrors them (symmetry). */
  twinMoves = 0;
  /** The easiest schedule to follow in which a request failed. */
  failed: Found | null = null;
  failedSchedules = 0;
  readonly failedRequests = new Set<number>();
  firstError: string | null = null;
  stopped: IncompleteReason | null = null;
  replays = 0;
  nodes = 0;
  steps = 0;
  private world: World;
  private readonly path: Move[] = [];

  constructor(
    private readonly program: Program,
    private readonly inv: Invariant,
    private readonly allowed: number | null,
    private readonly budget: Budget,
    private readonly reduction: boolean,
    private readonly judgeLeaves: boolean,
    private readonly onSchedule?: (world: World, verdict: Verdict) => void,
    symmetry = false,
  ) {
    this.world = new World(program);
    const twins = twinsOf(program);
    if (symmetry && twins.some((t) => t.length > 0)) {
      this.twins = twins;
      this.perms = twinPermutations(twins);
    }
  }

  /** Twins per request, when symmetry is on and some requests are identical. */
  private readonly twins: number[][] | null = null;
  private readonly perms: number[][] = [];

  /** The easiest to follow of a schedule and its mirror images (symmetry skipped those). */
  private consider(best: Found | null, moves: Move[]): Found | null {
    const n = this.program.requests.length;
    if (!this.twins) return better(best, moves, n);
    let b = best;
    let changed = false;
    for (const p of this.perms) {
      const f = better(b, renumber(moves, p), n);
      if (f) {
        b = f;
        changed = true;
      }
    }
    return changed ? b : null;
  }

  run(): void {
    this.dfs(0, []);
  }

  private apply(w: World, m: Move): void {
    w.apply(m);
    this.steps++;
  }

  /** Checks the step budget and the deadline; true when the search must stop. */
  private overBudget(): boolean {
    if (this.stopped) return true;
    const b = this.budget;
    if (this.steps >= b.maxSteps)
      this.stopped = {
        by: 'maxSteps',
        limit: b.maxSteps,
        text: `stopped after ${b.maxSteps.toLocaleString('en')} round trips (maxSteps), having tried ${this.schedules.toLocaleString('en')} schedules`,
      };
    else if (
      b.clock &&
      b.deadlineMs !== undefined &&
      // The first schedule always runs, so a slow start-up never leaves an answer with none.
      this.schedules > 0 &&
      b.clock() >= b.deadlineMs
    )
      this.stopped = {
        by: 'deadline',
        limit: b.deadlineMs,
        text: `stopped at the deadline of ${b.deadlineMs.toLocaleString('en')} ms, having tried ${this.schedules.toLocaleString('en')} schedules`,
      };
    return this.stopped !== null;
  }

  /** Puts the world at the current path's first `depth` moves; false when the budget ran out on the way. */
  private at(depth: number): boolean {
    if (this.world.length === depth) return true;
    this.replays++;
    this.world.release();
    const w = new World(this.program);
    this.world = w;
    for (let k = 0; k < depth; k++) {
      if (this.overBudget()) return false;
      this.apply(w, this.path[k]!);
    }
    return true;
  }

  private dfs(depth: number, sleep: Move[]): void {
    if (this.overBudget()) return;
    this.nodes++;
    if (!this.at(depth)) return;
    const moves = this.world.moves();
    if (moves.length === 0) {
      this.leaf();
      return;
    }
    const tried: Move[] = [];
    const asleep = (r: number) => sleep.some((s) => s.request === r);
    // Requests whose moves mirror a twin's here (decided before the world moves on).
    const skip = this.twins
      ? new Set(
          moves
            .map((m) => m.request)
            .filter((r) => r >= 0 && shadowed(this.world, this.twins!, r, asleep)),
        )
      : null;
    for (const t of moves) {
      if (this.stopped) return;
      if (
        sleep.some((s) => s.request === t.request && !s.crash === !t.crash && s.pause === t.pause)
      ) {
        this.sleptMoves++;
        continue;
      }
      if (skip?.has(t.request)) {
        this.twinMoves++;
        continue;
      }
      const childSleep: Move[] = [];
      if (this.reduction)
        for (const s of sleep.concat(tried))
          if (s.request !== t.request && !conflicts(s.fp, t.fp)) childSleep.push(s);
      if (!this.at(depth) || this.overBudget()) return;
      this.apply(this.world, t);
      this.path[depth] = t;
      this.dfs(depth + 1, childSleep);
      tried.push(t);
    }
  }

  private leaf(): void {
    if (this.schedules >= this.budget.maxSchedules) {
      // One more schedule exists past the cap: the search is not complete.
      this.stopped = {
        by: 'maxSchedules',
        limit: this.budget.maxSchedules,
        text: `stopped at the cap of ${this.budget.maxSchedules.toLocaleString('en')} schedules (maxSchedules); more exist`,
      };
      return;
    }
    this.schedules++;
    if (this.budget.shouldStop?.())
      this.stopped = {
        by: 'deadline',
        limit: this.budget.deadlineMs ?? 0,
        text: `stopped at its deadline, having tried ${this.schedules.toLocaleString('en')} schedules`,
      };
    if (!this.judgeLeaves) return;
    const v = judge(this.world, this.inv, this.allowed);
    this.onSchedule?.(this.world, v);
    let failedHere = false;
    v.ends.forEach((e, i) => {
      if (e.kind !== 'error') return;
      failedHere = true;
      this.failedRequests.add(i);
      this.firstError ??= e.message;
    });
    if (failedHere) {
      this.failedSchedules++;
      const f = this.consider(this.failed, this.world.actions.slice());
      if (f) this.failed = f;
    }
    if (v.broken.length === 0) return;
    this.violations++;
    for (const b of v.broken) this.by[b.part] = (this.by[b.part] ?? 0) + 1;
    const f = this.consider(this.best, this.world.actions.slice());
    if (f) this.best = f;
    keepSchedule(this.kept, this.world.actions.slice(), this.program.requests.length);
  }
}

/** Replays moves in a recording world: the steps with replies and store states, and the verdict. */
export function replay(
  program: Program,
  moves: readonly { request: number; crash?: boolean }[],
  inv: Invariant,
  allowed: number | null,
): { steps: Step[]; verdict: Verdict | null; world: World } {
  const w = new World(program, true);
  for (const m of moves) w.apply(m);
  return { steps: w.steps, verdict: w.finished() ? judge(w, inv, allowed) : null, world: w };
}

export function explore(
  input: ExploreInput,
  engine: ExplorerEngine,
  opts: ExploreOptions = {},
): ExploreResult {
  const inv = effectiveInvariant(input.invariant);
  const program = programOf(input, engine);
  try {
    const allowed = resolveAllowed(program, inv);
    const reduction = input.reduction ?? true;
    const budget: Budget = {
      maxSchedules: input.maxSchedules,
      maxSteps: input.maxSteps ?? DEFAULT_MAX_STEPS,
      ...(opts.clock ? { clock: opts.clock } : {}),
      ...(opts.deadlineMs !== undefined ? { deadlineMs: opts.deadlineMs } : {}),
      ...(opts.shouldStop ? { shouldStop: opts.shouldStop } : {}),
    };
    const s = new Search(
      program,
      inv,
      allowed,
      budget,
      reduction,
      true,
      opts.onSchedule,
      input.symmetry === true,
    );
    s.run();
    let counterexample: Step[] | null = null;
    let counterexampleVerdict: Verdict | null = null;
    if (s.best) {
      const r = replay(program, s.best.moves, inv, allowed);
      counterexample = r.steps;
      counterexampleVerdict = r.verdict;
    }
    let failure: Failure | null = null;
    if (s.failed && s.firstError !== null)
      failure = {
        requests: s.failedRequests.size,
        schedules: s.failedSchedules,
        message: s.firstError,
        schedule: replay(program, s.failed.moves, inv, allowed).steps,
      };
    const part = counterexampleVerdict?.broken[0]?.part ?? null;
    const told = summarize({
      schedules: s.schedules,
      violations: s.violations,
      part,
      failure,
      incompleteReason: s.stopped,
    });
    const result: ExploreResult = {
      verdict: told.verdict,
      summary: told.summary,
      schedules: s.schedules,
      violations: s.violations,
      complete: !s.stopped,
      counterexample,
      counterexampleVerdict,
      part,
      incompleteReason: s.stopped,
      failure,
      violationsBy: s.by,
      allowed,
      stats: { luaStarts: 0, luaSlices: 0, replays: s.replays, nodes: s.nodes, steps: s.steps },
      violating: keptActions(s.kept),
      pruned: { reduction: s.sleptMoves, symmetry: s.twinMoves },
    };
    if (opts.countWithoutReduction && reduction) {
      const brute = new Search(program, inv, allowed, budget, false, false);
      brute.run();
      result.exploredWithoutReduction = brute.schedules;
    }
    result.stats.luaStarts = program.luaStarts;
    result.stats.luaSlices = program.luaSlices;
    return result;
  } finally {
    program.dispose();
  }
}

/**
 * Checks what only the engine can: that the code compiles and the initial commands succeed.
 * Returns messages naming the field (empty when the input can run).
 */
export function checkRunnable(input: ExploreInput, engine: ExplorerEngine): string[] {
  const errs: string[] = [];
  const seen = new Set<string>();
  const compileCheck = (code: string, where: string) => {
    if (seen.has(code)) return;
    seen.add(code);
    const e = engine.compile?.(code, sha1Hex(code)) ?? null;
    if (e && e.t === 'err') errs.push(`${where} does not compile: ${e.v}`);
  };
  if (input.code) compileCheck(input.code, 'code');
  input.requests.forEach((r, i) => {
    if (r.code !== undefined) compileCheck(r.code, `requests[${i}].code`);
  });
  const model = new RedisModel({
    scriptEngine: engine,
    startTime: input.startTime ?? DEFAULT_START_TIME,
    clusterMode: input.cluster === true,
  });
  input.initial.forEach((cmd, i) => {
    const r = model.call(cmd);
    if (r.t === 'err') errs.push(`initial[${i}] (${cmd.join(' ')}) failed: ${r.v}`);
  });
  return errs;
}
