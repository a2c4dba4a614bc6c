// App-server mode: code whose every redis.call is one round trip, run to a crash point
// (runAppServer) or under every interleaving of a few requests (interleavingGrader).
import type { AppServerRun, LuaRuntime } from '../lua';
import { RedisModel, type Reply } from '../redis';
import { runCases, str } from './harness';
import { explore } from '../races/explore';
import { serverName, stepLine } from '../races/invariant';
import type { ExploreInput, Step } from '../races/types';
import { DEFAULT_START_TIME, type World } from '../races/world';
import type { FailingCase, Grader } from './types';
import { luaEngine, readDecision } from './lua';

/**
 * Runs code as app-server code against `model` (each redis.call is one round trip) and stops
 * after `calls` round trips, as a server that crashed there would (Infinity: to the end).
 * Returns the round trips made, in order.
 */
export function runAppServer(
  lua: LuaRuntime,
  model: RedisModel,
  code: string,
  keys: string[],
  args: string[],
  calls = Infinity,
): string[] {
  const run = lua.startAppServerRun(code, keys, args);
  const trace: string[] = [];
  let reply: Reply | undefined;
  for (let n = 0; n < 400; n++) {
    const s = run.next(reply);
    if (s.kind === 'done') return trace;
    if (trace.length >= calls) break;
    reply = model.call(s.args);
    trace.push(s.args.join(' '));
  }
  run.cancel();
  return trace;
}

export interface InterleavingCase {
  name: string;
  /** Commands run before the requests (e.g. SET a count). */
  setup: string[][];
  /** How many requests run concurrently (their calls interleave). */
  clients: number;
  /** Run the requests one after another instead (each to completion). */
  sequential?: boolean;
  keys: string[];
  args: string[];
  /** Admissions every interleaving must produce. */
  expectAdmitted: number;
  /** Checked after every schedule, e.g. that the counter key has a TTL. */
  after?: (model: RedisModel) => string | null;
  /** Most schedules to try (all of them when there are fewer). */
  maxSchedules?: number;
}

interface Played {
  admitted: number;
  trace: string[];
  error: string | null;
  done: boolean[];
  model: RedisModel;
}

/** Replays one schedule (a list of client ids, one Redis round trip each) from scratch. */
function play(lua: LuaRuntime, code: string, c: InterleavingCase, schedule: number[]): Played {
  const model = new RedisModel({ scriptEngine: lua });
  for (const cmd of c.setup) model.call(cmd);
  const sessions = Array.from({ length: c.clients }, () => model.createSession());
  const runs: AppServerRun[] = Array.from({ length: c.clients }, () =>
    lua.startAppServerRun(code, c.keys, c.args),
  );
  const pending: (Reply | undefined)[] = runs.map(() => undefined);
  const done = runs.map(() => false);
  const trace: string[] = [];
  let admitted = 0;
  let error: string | null = null;
  const step = (i: number): void => {
    if (done[i]) return;
    const s = runs[i]!.next(pending[i]);
    if (s.kind === 'done') {
      done[i] = true;
      const d = readDecision(s.reply);
      if (d.error) error ??= `request ${i + 1}: ${d.error}`;
      if (d.outcome === 'allowed') admitted++;
      trace.push(`request ${i + 1} → ${d.outcome === 'allowed' ? 'admitted' : 'denied'}`);
      return;
    }
    pending[i] = model.call(s.args, sessions[i]);
    trace.push(`request ${i + 1}: ${s.args.join(' ')}`);
  };
  for (const i of schedule) step(i);
  runs.forEach((r, i) => {
    if (!done[i]) r.cancel();
  });
  return { admitted, trace, error, done, model };
}

/**
 * Runs the code as app-server code under every interleaving of the clients' Redis calls (the
 * explorer in src/core/races, up to a cap) and fails with the schedule that admits another
 * count than expected (the one with the fewest context switches), or that `after` refuses.
 */
export async function checkInterleavings(
  code: string,
  c: InterleavingCase,
): Promise<FailingCase | null> {
  const lua = await luaEngine();
  const fail = (r: { trace: string[] }, why: string): FailingCase => ({
    name: c.name,
    message: why,
    trace: r.trace,
  });
  if (c.sequential) {
    // One request after another: schedule 0 until done, then 1, ...
    const schedule: number[] = [];
    for (let i = 0; i < c.clients; i++) for (let k = 0; k < 200; k++) schedule.push(i);
    const r = play(lua, code, c, schedule);
    if (r.error) return fail(r, `The script failed: ${r.error}`);
    if (r.admitted !== c.expectAdmitted)
      return fail(
        r,
        `${c.clients} requests one after another: your code admits ${r.admitted}; the limit allows ${c.expectAdmitted}.`,
      );
    const extra = c.after?.(r.model);
    return extra ? fail(r, extra) : null;
  }
  const input: ExploreInput = {
    code,
    requests: Array.from({ length: c.clients }, () => ({ keys: c.keys, args: c.args })),
    initial: c.setup,
    invariant: { maxAdmitted: c.expectAdmitted, minAdmitted: c.expectAdmitted },
    crashes: false,
    maxSchedules: c.maxSchedules ?? 300,
    startTime: DEFAULT_START_TIME,
  };
  let refused: { why: string; world: World } | null = null;
  const result = explore(input, lua, {
    onSchedule: (w) => {
      if (refused || !c.after) return;
      const why = c.after(w.model);
      if (why) refused = { why, world: w };
    },
  });
  const traceOf = (steps: Step[]) => steps.map(stepLine);
  // A failing request is never a pass, whatever the invariant says.
  if (result.failure)
    return fail(
      { trace: traceOf(result.failure.schedule) },
      `The script failed: ${result.failure.message}`,
    );
  if (result.counterexample) {
    const v = result.counterexampleVerdict!;
    const err = v.ends.find((e) => e.kind === 'error');
    if (err && err.kind === 'error')
      return fail({ trace: traceOf(result.counterexample) }, `The script failed: ${err.message}`);
    return fail(
      { trace: traceOf(result.counterexample) },
      `With ${c.clients} requests arriving together, this interleaving admits ${v.admitted}; it must admit ${c.expectAdmitted}. Each line is one round trip to Redis, in the order they happened.`,
    );
  }
  if (refused) {
    const r = refused as { why: string; world: World };
    return fail(
      {
        trace: r.world.actions.map(
          (a) => `server ${serverName(a.request)}${a.crash ? ' crashes' : ''}`,
        ),
      },
      r.why,
    );
  }
  return null;
}

/** A grader for app-server code: sequential N and N+1, then concurrent interleavings. */
export function interleavingGrader(id: string, expects: string, cases: InterleavingCase[]): Grader {
  return {
    id,
    expects,
    grade(sub, opts) {
      const code = str(sub, 'code');
      return runCases(
        cases.map((c) => ({ name: c.name, check: () => checkInterleavings(code, c) })),
        opts,
        'Every interleaving admits exactly what the limit allows.',
      );
    },
  };
}
