// Lua graders: the learner's script runs on the lab's Redis model, either as an atomic script
// (EVALSHA once per request, compared with a built-in reference on the same traffic) or as
// app-server code whose Redis calls interleave with other requests (atomicity problems).
import { runLane, type LaneResult } from '../../core/content/lanes';
import type { Outcome } from '../lab/columns';
import { createLuaEngine, type AppServerRun, type LuaRuntime } from '../lua';
import { DEFAULT_START_TIME, RedisModel, type Reply } from '../redis';
import { describeOutcome, describeRequest, runCases, str, type HiddenCase } from './harness';
import type { CaseRow, FailingCase, GradeOptions, Grader, Submission } from './types';

export type LuaEngineProvider = () => Promise<LuaRuntime>;

let provider: LuaEngineProvider = () => createLuaEngine({ budgetMs: 250 });
let shared: Promise<LuaRuntime> | null = null;

/** The browser passes a provider that knows the bundled wasm's URL. */
export function setLuaEngineProvider(p: LuaEngineProvider): void {
  provider = p;
  shared = null;
}

function engine(): Promise<LuaRuntime> {
  shared ??= provider().catch((e: unknown) => {
    shared = null;
    throw e;
  });
  return shared;
}

export interface ScriptDecision {
  outcome: Outcome;
  error: string | null;
}

const fill = (t: string, r: { key: string; server: string; cost: number; at: number }): string =>
  t
    .replaceAll('{key}', r.key)
    .replaceAll('{server}', r.server)
    .replaceAll('{cost}', String(r.cost))
    .replaceAll('{now}', String(r.at));

/** Reads a reply as spec/headless.md says: 1/0, or {allowed, remaining?, retry?}; else an error. */
export function readDecision(reply: Reply): ScriptDecision {
  if (reply.t === 'err') return { outcome: 'denied', error: reply.v };
  const first = reply.t === 'arr' ? reply.v[0] : reply;
  if (first && first.t === 'int')
    return { outcome: first.v === 1n ? 'allowed' : 'denied', error: null };
  if (first && first.t === 'nil') return { outcome: 'denied', error: null };
  return {
    outcome: 'denied',
    error: `the script returned ${reply.t === 'arr' ? 'an array whose first element is not an integer' : `a ${reply.t} reply`}; return 1/0 or {allowed, remaining, retryAfter}`,
  };
}

interface ScriptSpec {
  keys: string[];
  args: string[];
}

/** Runs a script once per request (atomic, EVALSHA-like) on one shared model, in arrival order. */
export async function runScriptOn(
  code: string,
  spec: ScriptSpec,
  lane: LaneResult,
): Promise<ScriptDecision[]> {
  const lua = await engine();
  const model = new RedisModel({ scriptEngine: lua });
  const loaded = model.call(['SCRIPT', 'LOAD', code]);
  if (loaded.t !== 'bulk') {
    const why = loaded.t === 'err' ? loaded.v : 'SCRIPT LOAD failed';
    return lane.requests.map(() => ({ outcome: 'denied' as Outcome, error: why }));
  }
  const sha = loaded.v;
  const out: ScriptDecision[] = [];
  for (const q of lane.requests) {
    model.setTime(DEFAULT_START_TIME + q.at);
    const keys = spec.keys.map((k) => fill(k, q));
    const args = spec.args.map((a) => fill(a, q));
    const d = readDecision(model.call(['EVALSHA', sha, String(keys.length), ...keys, ...args]));
    out.push(d);
    // Any error already fails the case; stop rather than spend a time budget per request.
    if (d.error) {
      while (out.length < lane.requests.length)
        out.push({ outcome: 'denied', error: 'not run (an earlier request failed)' });
      break;
    }
  }
  return out;
}

export interface LuaReferenceCase {
  name: string;
  /** Traffic fields (requests/traffic/seed) added to both the reference and the script. */
  body: Record<string, unknown>;
}

/** A fix/write grader: the script must decide exactly as the built-in reference does. */
export function luaReferenceGrader(
  id: string,
  reference: { algorithm: string; params: Record<string, unknown> },
  script: ScriptSpec,
  cases: LuaReferenceCase[],
): Grader {
  return {
    id,
    expects: `{"code": "<Lua source>"}: a script called with KEYS ${JSON.stringify(script.keys)} and ARGV ${JSON.stringify(script.args)}`,
    grade(sub: Submission, opts?: GradeOptions) {
      const code = str(sub, 'code');
      const hidden: HiddenCase[] = cases.map((c) => ({
        name: c.name,
        check: async (): Promise<FailingCase | null> => {
          const refScenario = { ...reference, ...c.body };
          const lane = runLane(refScenario);
          const got = await runScriptOn(code, script, lane);
          const rows: CaseRow[] = lane.requests.map((q, i) => {
            const row: CaseRow = {
              at: q.at,
              server: q.server,
              key: q.key,
              cost: q.cost,
              expected: q.outcome,
              actual: got[i]!.outcome,
            };
            if (got[i]!.error) row.note = got[i]!.error!;
            return row;
          });
          const k = rows.findIndex((r) => r.expected !== r.actual || r.note);
          if (k < 0) return null;
          const row = rows[k]!;
          const message = row.note
            ? `The script failed on ${describeRequest(row)}: ${row.note}`
            : `Your script ${describeOutcome(row.actual)} ${describeRequest(row)}; the reference ${reference.algorithm} ${describeOutcome(row.expected)} it.`;
          return {
            name: c.name,
            message,
            scenario: {
              ...c.body,
              algorithm: 'lua',
              params: { script: code, keys: script.keys, args: script.args },
            },
            reference: refScenario,
            rows: rows.slice(Math.max(0, k - 6), k + 4),
            firstMismatch: Math.min(k, 6),
          };
        },
      }));
      return runCases(
        hidden,
        opts,
        `Your script agrees with the built-in ${reference.algorithm} on every hidden case.`,
      );
    },
  };
}

// ---- App-server mode: interleavings --------------------------------------------------

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
 * Runs the script as app-server code under every interleaving of the clients' Redis calls (up to
 * a cap) and fails at the first schedule whose admissions differ from the expected count.
 */
export async function checkInterleavings(
  code: string,
  c: InterleavingCase,
): Promise<FailingCase | null> {
  const lua = await engine();
  const fail = (r: Played, why: string): FailingCase => ({
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
  const maxSchedules = c.maxSchedules ?? 300;
  let tried = 0;
  const stack: number[][] = [[]];
  while (stack.length && tried < maxSchedules) {
    const prefix = stack.pop()!;
    const r = play(lua, code, c, prefix);
    const open = r.done.map((d, i) => (d ? -1 : i)).filter((i) => i >= 0);
    if (open.length === 0) {
      tried++;
      if (r.error) return fail(r, `The script failed: ${r.error}`);
      if (r.admitted !== c.expectAdmitted)
        return fail(
          r,
          `With ${c.clients} requests arriving together, this interleaving admits ${r.admitted}; it must admit ${c.expectAdmitted}. Each line is one round trip to Redis, in the order they happened.`,
        );
      const extra = c.after?.(r.model);
      if (extra) return fail(r, extra);
      continue;
    }
    if (prefix.length > 400)
      return fail(r, 'The script makes too many Redis calls (over 400 round trips) to explore.');
    for (let k = open.length - 1; k >= 0; k--) stack.push([...prefix, open[k]!]);
  }
  return null;
}

/** A fix grader for app-server code: sequential N and N+1, then concurrent interleavings. */
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
