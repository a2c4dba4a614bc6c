// Race-graded problems: the submission is app-server code (every redis.call is one round trip
// to the shared Redis), as the code really runs. It is graded two ways:
// - decisions: each hidden request runs the code to the end, one request at a time, and its
//   decision is compared with a built-in limiter's, Retry-After included;
// - races: 2 to 4 app servers send requests at the same moment and the explorer
//   (src/core/races) tries every interleaving of their round trips, and every crash of an
//   app server between two of them; in each, admissions must be what the limit allows (no
//   more, and, without crashes, no fewer), every key must have an expiry, and (where the
//   contract says so) a refused request must not change the store.
// Only an atomic decision passes the second part: one EVAL/EVALSHA round trip, or a correct
// WATCH/MULTI/EXEC loop. The failing case is the counterexample schedule, with a link that
// replays it on the scheduler screen.
import { runLane } from '../../core/content/lanes';
import { actionOf } from '../races/actions';
import { explore } from '../races/explore';
import { serverName, stepLine } from '../races/invariant';
import type { Action, ExploreInput, Invariant, Step } from '../races/types';
import { RedisModel, type Session } from '../redis/model';
import type { Reply } from '../redis/reply';
import { describeOutcome, describeRequest, gradeCases, type HiddenCase, type Req } from './harness';
import {
  callArgs,
  luaEngine,
  readDecision,
  scriptOf,
  type ScriptCall,
  type ScriptDecision,
  type ScriptSpec,
} from './lua';
import type { LuaRuntime } from '../lua';
import { propertyCase } from './property';
import { trafficArb, type TrafficShape } from './traffic';
import type { CaseRow, FailingCase, Grader, Submission } from './types';

/** A round-trip budget per request when a request runs alone. */
const MAX_ROUND_TRIPS = 200;
/** Most schedules one race case tries (an atomic answer needs at most 4! = 24). */
const MAX_SCHEDULES = 4000;
const MAX_STEPS = 50_000_000;

/** Runs app-server code to its final reply on its own connection (no other client meanwhile). */
export function runToEnd(
  lua: LuaRuntime,
  model: RedisModel,
  session: Session,
  code: string,
  keys: readonly string[],
  args: readonly string[],
): Reply {
  const run = lua.startAppServerRun(code, keys, args);
  let s = run.next();
  for (let n = 0; s.kind === 'call'; n++) {
    if (n >= MAX_ROUND_TRIPS) {
      run.cancel();
      return {
        t: 'err',
        v: `the code made more than ${MAX_ROUND_TRIPS} round trips for one request`,
      };
    }
    s = run.next(model.call(s.args, session));
  }
  return s.reply;
}

/** The store's keys as the commands that rebuild them (TTLs as they stand now). */
export function stateCommands(model: RedisModel): string[][] {
  const out: string[][] = [];
  for (const k of model.snapshot()) {
    const v = k.value;
    if (k.type === 'string') out.push(['SET', k.key, v as string]);
    else if (k.type === 'hash')
      out.push(['HSET', k.key, ...(v as [string, string][]).flatMap(([f, x]) => [f, x])]);
    else if (k.type === 'zset')
      out.push(['ZADD', k.key, ...(v as [string, number][]).flatMap(([m, s]) => [String(s), m])]);
    else out.push(['RPUSH', k.key, ...(v as string[])]);
    if (k.ttlMs !== null) out.push(['PEXPIRE', k.key, String(Math.max(1, Math.round(k.ttlMs)))]);
  }
  return out;
}

export interface RaceProblem {
  id: string;
  /** The built-in whose decisions the code must match: `{algorithm, params}`. */
  reference: Record<string, unknown>;
  referenceName: string;
  spec: ScriptSpec;
  /** Unix seconds at lab time 0 (a multiple of the window lines windows up with the built-in's). */
  epoch: number;
  /** Hidden cases decided one request at a time. */
  decisions: DecisionCase[];
  /** Hidden race cases. */
  races: RaceCase[];
  /** A refused request must leave the store unchanged (the contract counts admissions only). */
  noChargeWhenDenied?: boolean;
  /**
   * Generated decision cases (seeded, shrunk): times in whole microseconds off any grid, costs
   * exactly at and above the limit, several app servers. Run after the named decision cases.
   */
  generated?: { shape: TrafficShape; runs: number };
  /**
   * Until when (lab seconds) the state a request at `at` leaves still decides requests (a fixed
   * window: the window's end). Every key of a request that counts must live that long.
   */
  stateUntil?: (at: number) => number;
  /** Refused attempts count too (the state is written on every request, not only admissions). */
  countsAttempts?: boolean;
  passSummary: string;
}

export interface DecisionCase {
  name: string;
  /** The case checks what the problem is about: it runs first (harness.ts `about`). */
  about?: boolean;
  requests: Req[];
  /** Prepares the store first (e.g. the key a crashed app server left). */
  setup?: (model: RedisModel, lua: LuaRuntime, spec: ScriptSpec) => void;
  setupNote?: string;
}

export interface RaceCase {
  name: string;
  /** The case checks what the problem is about: it runs first (harness.ts `about`). */
  about?: boolean;
  /** Requests decided one at a time before the race, by the code itself (their times). */
  before?: number[];
  /** Commands that prepare the store before those (e.g. a leftover key). */
  initial?: (spec: ScriptSpec) => string[][];
  /** A sentence about the setup for the message. */
  setupNote?: string;
  /** App servers sending a request at the same moment, and each one's cost. */
  costs: number[];
  /** When they arrive, lab seconds. */
  at: number;
  /** App servers may crash between two of their round trips. */
  crashes?: boolean;
}

const call = (at: number, server: string, cost = 1, key = 'client'): ScriptCall => ({
  at,
  key,
  server,
  cost,
});

/** Decision cases: each request runs the app-server code to the end, in arrival order. */
async function checkDecisions(
  p: RaceProblem,
  code: string,
  spec: ScriptSpec,
  c: DecisionCase,
): Promise<FailingCase | null> {
  return decideAll(await luaEngine(), p, code, spec, c);
}

function decideAll(
  lua: LuaRuntime,
  p: RaceProblem,
  code: string,
  spec: ScriptSpec,
  c: DecisionCase,
): FailingCase | null {
  const lane = runLane({ ...p.reference, requests: c.requests });
  const model = new RedisModel({ scriptEngine: lua, startTime: p.epoch });
  c.setup?.(model, lua, spec);
  const decisions: ScriptDecision[] = [];
  let early: { index: number; message: string } | null = null;
  for (const q of lane.requests) {
    model.setTime(p.epoch + q.at);
    const { keys, args } = callArgs(spec, call(q.at, q.server, q.cost, q.key));
    const d = readDecision(runToEnd(lua, model, model.createSession(), code, keys, args));
    decisions.push(d);
    if (d.error) break;
    if (p.stateUntil && (d.outcome === 'allowed' || p.countsAttempts)) {
      const why = expiresEarly(model, p.epoch, q.at, p.stateUntil(q.at), keys);
      if (why) {
        early = { index: decisions.length - 1, message: why };
        break;
      }
    }
  }
  const rows: CaseRow[] = lane.requests.map((q, i) => {
    const got = decisions[i];
    const row: CaseRow = {
      at: q.at,
      server: q.server,
      key: q.key,
      cost: q.cost,
      expected: q.outcome,
      actual: got ? got.outcome : 'not run',
      expectedRetry: q.outcome === 'allowed' ? null : q.retryAfterSeconds,
      actualRetry: got && got.outcome !== 'allowed' ? got.retry : null,
    };
    if (got?.error) row.note = got.error;
    return row;
  });
  const retryText = (r: number | null | undefined) =>
    r === -1 ? 'Retry-After -1 (never fits)' : r == null ? 'no Retry-After' : `Retry-After ${r}`;
  const k = rows.findIndex(
    (r) =>
      r.note !== undefined ||
      r.actual === 'not run' ||
      r.expected !== r.actual ||
      (r.expected === 'denied' && r.expectedRetry !== r.actualRetry),
  );
  const pre = c.setupNote ? `${c.setupNote} ` : '';
  if (early && (k < 0 || k > early.index)) {
    const at = rows[early.index]!;
    return {
      name: c.name,
      message: `${pre}After ${describeRequest(at)}, ${early.message} (Each request ran alone here, one after another.)`,
      rows: rows.slice(Math.max(0, early.index - 6), early.index + 1),
      firstMismatch: Math.min(early.index, 6),
    };
  }
  if (k < 0) {
    const immortal = model
      .snapshot()
      .filter((x) => x.ttlMs === null)
      .map((x) => x.key);
    if (!immortal.length) return null;
    return {
      name: c.name,
      message: `${pre}Every decision matched, but afterwards the key "${immortal[0]}" has no expiry: it stays in Redis for ever once its client goes quiet, and a counter without one never resets. Set the expiry in the same atomic step that writes the key.`,
      rows: rows.slice(-4),
    };
  }
  const row = rows[k]!;
  let message: string;
  if (row.note) {
    message = `Your code failed on ${describeRequest(row)}: ${row.note.trim()}`;
    if (!/[.!?)]$/.test(message)) message += '.';
  } else if (row.expected !== row.actual)
    message = `Your code ${describeOutcome(row.actual)} ${describeRequest(row)}${row.actual === 'denied' ? ` (${retryText(row.actualRetry)})` : ''}; ${p.referenceName} ${describeOutcome(row.expected)} it${row.expected === 'denied' ? ` (${retryText(row.expectedRetry)})` : ''}.`;
  else
    message = `Your code refused ${describeRequest(row)} with ${retryText(row.actualRetry)}; ${p.referenceName} gives ${retryText(row.expectedRetry)}.`;
  return {
    name: c.name,
    message: `${pre}${message} (Each request ran alone here, one after another.)`,
    rows: rows.slice(Math.max(0, k - 6), k + 4),
    firstMismatch: Math.min(k, 6),
  };
}

/** Why a key of this request expires before its state stops mattering, or null. */
function expiresEarly(
  model: RedisModel,
  epoch: number,
  at: number,
  until: number,
  keys: readonly string[],
): string | null {
  // The model keeps expiries in whole milliseconds: a key is there to the end of its last one.
  const nowMs = Math.floor(Math.round((epoch + at) * 1e6) / 1000);
  const untilUs = Math.round((epoch + until) * 1e6);
  const snap = new Map(model.snapshot().map((k) => [k.key, k]));
  for (const key of keys) {
    const ttl = snap.get(key)?.ttlMs;
    if (ttl === null || ttl === undefined) continue;
    const goneUs = (nowMs + Math.round(ttl) + 1) * 1000;
    if (goneUs >= untilUs) continue;
    const gone = Number((goneUs / 1e6 - epoch).toFixed(6));
    return `${key} expires at ${gone} s, but it holds the count of the window that runs until ${Number(until.toFixed(6))} s. A key that expires before its window ends forgets the window's count: later requests in that window are decided as if it were empty.`;
  }
  return null;
}

/** How many of `costs` the built-in admits at `at` after `before`, over every arrival order. */
function referenceAdmits(p: RaceProblem, c: RaceCase): { most: number; fewest: number } {
  let most = 0;
  let fewest = Infinity;
  const perm = (done: number[], rest: number[]) => {
    if (rest.length === 0) {
      const requests = [
        ...(c.before ?? []).map((t) => ({ at: t })),
        ...done.map((cost) => ({ at: c.at, cost })),
      ];
      const lane = runLane({ ...p.reference, requests });
      const n = lane.requests.slice(-done.length).filter((q) => q.outcome === 'allowed').length;
      most = Math.max(most, n);
      fewest = Math.min(fewest, n);
      return;
    }
    rest.forEach((x, i) => perm([...done, x], [...rest.slice(0, i), ...rest.slice(i + 1)]));
  };
  perm([], c.costs);
  return { most, fewest };
}

async function checkRace(
  p: RaceProblem,
  code: string,
  spec: ScriptSpec,
  c: RaceCase,
): Promise<FailingCase | null> {
  const lua = await luaEngine();
  const { most, fewest } = referenceAdmits(p, c);
  // The store as the code itself leaves it after the earlier requests, at the race's moment.
  const model = new RedisModel({ scriptEngine: lua, startTime: p.epoch });
  for (const cmd of c.initial?.(spec) ?? []) model.call(cmd);
  for (const t of c.before ?? []) {
    model.setTime(p.epoch + t);
    const { keys, args } = callArgs(spec, call(t, 'A'));
    const r = runToEnd(lua, model, model.createSession(), code, keys, args);
    if (r.t === 'err')
      return { name: c.name, message: `Your code failed on a request at ${t} s: ${r.v}` };
  }
  model.setTime(p.epoch + c.at);
  const invariant: Invariant = { maxAdmitted: most, allKeysHaveTtl: true };
  if (!c.crashes) invariant.minAdmitted = fewest;
  if (p.noChargeWhenDenied) invariant.noChargeWhenDenied = true;
  const input: ExploreInput = {
    code,
    requests: c.costs.map((cost, i) => callArgs(spec, call(c.at, serverName(i), cost))),
    initial: stateCommands(model),
    invariant,
    crashes: c.crashes ?? false,
    maxSchedules: MAX_SCHEDULES,
    // The schedule cap is this case's budget; round trips are not capped besides.
    maxSteps: MAX_STEPS,
    startTime: p.epoch + c.at,
  };
  const r = explore(input, lua);
  const toActions = (steps: Step[]): Action[] => steps.map((s) => actionOf(s));
  // A failing request is never a pass, whatever the invariant says.
  if (r.failure)
    return {
      name: c.name,
      message: `${c.setupNote ? `${c.setupNote} ` : ''}${c.costs.length} app servers send a request at the same moment, and your code fails: ${r.summary} Each line below is one round trip of an ordering where it fails.`,
      trace: r.failure.schedule.map(stepLine),
      replay: { input, schedule: toActions(r.failure.schedule) },
    };
  if (r.violations === 0 || !r.counterexample) return null;
  const v = r.counterexampleVerdict!;
  const n = c.costs.length;
  const room =
    most === fewest ? `${most} of them fit` : `between ${fewest} and ${most} of them fit`;
  const lead = `${c.setupNote ? `${c.setupNote} ` : ''}${n} app servers send a request at the same moment (${c.costs.every((x) => x === 1) ? '' : `costs ${c.costs.join(', ')}; `}${room}).`;
  const parts: string[] = [];
  for (const b of v.broken) {
    if (b.part === 'maxAdmitted')
      parts.push(
        `In this ordering of their round trips your code admits ${v.admitted}: more than the limit allows.`,
      );
    else if (b.part === 'minAdmitted')
      parts.push(
        `In this ordering your code admits only ${v.admitted}, though ${fewest} fit: every request that fits must be admitted, in every ordering.`,
      );
    else if (b.part === 'allKeysHaveTtl')
      parts.push(
        `When this ordering ends, ${b.why} Every key the limiter leaves must expire, whatever the ordering and wherever a server crashes.`,
      );
    else
      parts.push(
        `In this ordering ${b.why} A refused request must not change the count (the contract counts admissions only).`,
      );
  }
  v.ends.forEach((e, i) => {
    if (e.kind === 'error') parts.push(`(Server ${serverName(i)} failed: ${e.message})`);
    if (e.kind === 'starved') parts.push(`(Server ${serverName(i)} never stopped retrying.)`);
  });
  const schedule = toActions(r.counterexample);
  return {
    name: c.name,
    message: `${lead} ${parts.join(' ')} Each line below is one round trip, in the order Redis ran them.`,
    trace: r.counterexample.map(stepLine),
    replay: { input, schedule },
  };
}

/** A grader for app-server code: decision cases one request at a time, then the race cases. */
export function raceGrader(p: RaceProblem): Grader {
  return {
    id: p.id,
    expects: `{"code": "<app-server Lua: every redis.call is one round trip>", "keys"?: [...], "args"?: [...]}: called with KEYS ${JSON.stringify(p.spec.keys)} and ARGV ${JSON.stringify(p.spec.args)}`,
    grade(sub: Submission, opts) {
      const { code, spec } = scriptOf(sub, p.spec);
      const hidden: HiddenCase[] = [
        {
          name: 'the code is not empty',
          // Before anything else, so empty code hears that first.
          about: true,
          check: () =>
            code.trim()
              ? null
              : { name: 'the code is not empty', message: 'Write some code first.' },
        },
        ...p.decisions.map((c) => ({
          name: c.name,
          about: c.about ?? false,
          check: () => checkDecisions(p, code, spec, c),
        })),
      ];
      const gen = p.generated;
      if (gen)
        hidden.push({
          name: 'generated traffic',
          check: async () => {
            const lua = await luaEngine();
            return propertyCase(
              'generated traffic',
              trafficArb(gen.shape),
              (requests) => {
                const c: DecisionCase = {
                  name: 'generated traffic',
                  requests: requests.map((r) => ({
                    at: r.at,
                    key: r.key,
                    server: r.server,
                    cost: r.cost,
                  })),
                };
                const f = decideAll(lua, p, code, spec, c);
                return f ? { ...f, requests: c.requests.map((r) => ({ ...r })) } : null;
              },
              opts?.seed ?? 0,
              gen.runs,
            );
          },
        });
      hidden.push(
        ...p.races.map((c) => ({
          name: c.name,
          about: c.about ?? false,
          check: () => checkRace(p, code, spec, c),
        })),
      );
      const seed = opts?.seed ?? 0;
      return gradeCases(hidden, seed, opts, p.passSummary);
    },
  };
}
