// Lua graders: the learner's script runs on the lab's Redis model as an atomic script (EVALSHA
// once per request, compared decision by decision, Retry-After included, with a built-in
// reference on the same traffic). App-server code, whose Redis calls interleave with other
// requests or stop part-way (a crashed app server), is graded in appServer.ts.
import { runLane, type LaneRequest } from '../../core/content/lanes';
import type { Outcome } from '../lab/columns';
import { createLuaEngine, type LuaRuntime } from '../lua';
import { LUA_EPOCH, readDecision as labDecision } from '../lua/luaLimiter';
import { RedisModel, type KeySnapshot, type Reply } from '../redis';
import {
  describeOutcome,
  describeRequest,
  runCases,
  str,
  strList,
  type HiddenCase,
} from './harness';
import type { CaseRow, FailingCase, GradeOptions, Grader, Submission } from './types';

export type LuaEngineProvider = () => Promise<LuaRuntime>;

let provider: LuaEngineProvider = () => createLuaEngine({ budgetMs: 250 });
let shared: Promise<LuaRuntime> | null = null;

/** The browser passes a provider that knows the bundled wasm's URL. */
export function setLuaEngineProvider(p: LuaEngineProvider): void {
  provider = p;
  shared = null;
}

export function luaEngine(): Promise<LuaRuntime> {
  shared ??= provider().catch((e: unknown) => {
    shared = null;
    throw e;
  });
  return shared;
}

export interface ScriptDecision {
  outcome: Outcome;
  /** Retry-After the script gave when refusing (null: none; -1: never). */
  retry: number | null;
  error: string | null;
  /** Not run: an earlier request of the case already failed with an error. */
  skipped?: boolean;
}

/** Reads a reply exactly as the lab's `algorithm: "lua"` does (1/0 or {allowed, remaining, retry}). */
export function readDecision(reply: Reply): ScriptDecision {
  const d = labDecision(reply);
  if (d.error !== undefined) return { outcome: 'denied', retry: null, error: d.error };
  return {
    outcome: d.allowed ? 'allowed' : 'denied',
    retry: d.allowed ? null : d.retryAfterSeconds,
    error: null,
  };
}

export interface ScriptSpec {
  keys: string[];
  args: string[];
}

/** One EVALSHA of a hidden case. */
export interface ScriptCall {
  /** True time, lab seconds. */
  at: number;
  key: string;
  server: string;
  cost: number;
  /** What `{now}` is filled with (default: at): the calling app server's own clock. */
  now?: number;
  /** The Redis clock at this call, lab seconds (default: at). */
  redisAt?: number;
}

export interface ScriptRunOptions {
  /** Unix seconds at lab time 0 (default: the lab's, 1700000000). */
  epoch?: number;
  /** Redis Cluster rules: a script's keys must share one slot (CROSSSLOT otherwise). */
  clusterMode?: boolean;
  /** Prepares the store before the first call (e.g. a key a crashed app server left). */
  setup?: (model: RedisModel, lua: LuaRuntime) => void;
}

/** A case's store preparation; gets the calling convention so it can name the script's keys. */
export type CaseSetup = (model: RedisModel, lua: LuaRuntime, spec: ScriptSpec) => void;

export interface ScriptRun {
  decisions: ScriptDecision[];
  model: RedisModel;
  /** The store after setup, before the first call. */
  before: KeySnapshot[];
}

const fill = (t: string, c: ScriptCall): string =>
  t.replace(/\{(key|server|cost|now)\}/g, (_, name: string) =>
    name === 'key'
      ? c.key
      : name === 'server'
        ? c.server
        : name === 'cost'
          ? String(c.cost)
          : String(c.now ?? c.at),
  );

/** The KEYS and ARGV a call of `spec` gets for one request. */
export function callArgs(spec: ScriptSpec, c: ScriptCall): { keys: string[]; args: string[] } {
  return { keys: spec.keys.map((k) => fill(k, c)), args: spec.args.map((a) => fill(a, c)) };
}

/** Runs a script once per call (atomic, EVALSHA) on one fresh model, in the given order. */
export async function runScriptCalls(
  code: string,
  spec: ScriptSpec,
  calls: ScriptCall[],
  opts: ScriptRunOptions = {},
): Promise<ScriptRun> {
  const lua = await luaEngine();
  const epoch = opts.epoch ?? LUA_EPOCH;
  const model = new RedisModel({
    scriptEngine: lua,
    clusterMode: opts.clusterMode ?? false,
    startTime: epoch,
  });
  opts.setup?.(model, lua);
  const before = model.snapshot();
  const decisions: ScriptDecision[] = [];
  const skip = (why: string | null) => {
    while (decisions.length < calls.length)
      decisions.push({ outcome: 'denied', retry: null, error: why, skipped: why === null });
  };
  const loaded = model.call(['SCRIPT', 'LOAD', code]);
  if (loaded.t !== 'bulk') {
    skip(loaded.t === 'err' ? loaded.v : 'SCRIPT LOAD failed');
    return { decisions, model, before };
  }
  for (const c of calls) {
    model.setTime(epoch + (c.redisAt ?? c.at));
    const { keys, args } = callArgs(spec, c);
    const d = readDecision(
      model.call(['EVALSHA', loaded.v, String(keys.length), ...keys, ...args]),
    );
    decisions.push(d);
    // Any error already fails the case; stop rather than spend a time budget per request.
    if (d.error) {
      skip(null);
      break;
    }
  }
  return { decisions, model, before };
}

/**
 * Keys the run created or changed that have no expiry: memory that is never freed, and for a
 * counter, a window that never ends. Keys set up before the run and left alone don't count.
 */
export function immortalKeys(run: ScriptRun): string[] {
  const before = new Map(run.before.map((k) => [k.key, JSON.stringify(k.value)]));
  return run.model
    .snapshot()
    .filter((k) => k.ttlMs === null && before.get(k.key) !== JSON.stringify(k.value))
    .map((k) => k.key);
}

const retryText = (r: number | null | undefined): string =>
  r === -1 ? 'Retry-After -1 (never fits)' : r == null ? 'no Retry-After' : `Retry-After ${r}`;

// ---- Reference problems --------------------------------------------------------------

export interface LuaCase {
  name: string;
  /**
   * Scenario fields for the reference run: `requests` (times on the 0.25 s grid) and any of
   * `servers`, `routing`, `store`, `seed`.
   */
  body: Record<string, unknown>;
  setup?: CaseSetup;
  /** A sentence about the setup, put in front of the failure message. */
  setupNote?: string;
}

export interface LuaProblem {
  id: string;
  /** The built-in the script must agree with: `{algorithm, params}` or `{policies, multiPolicy}`. */
  reference: Record<string, unknown>;
  /** How messages name the reference, e.g. "the built-in token bucket". */
  referenceName: string;
  /** The calling convention (the starter's): used when the submission gives no keys/args. */
  spec: ScriptSpec;
  /**
   * Unix seconds at lab time 0 for the grader's Redis clock. Scripts align windows to Unix
   * time; a multiple of the window lines them up with the built-in's windows at 0, W, 2W...
   */
  epoch?: number;
  clusterMode?: boolean;
  /** Compare Retry-After on refusals (default true). */
  compareRetry?: boolean;
  /** Keys the script writes must have an expiry (default true). */
  requireExpiry?: boolean;
  cases: LuaCase[];
  /** Further hidden cases (properties, crashes), run after the reference cases. */
  extra?: (code: string, spec: ScriptSpec) => HiddenCase[];
  passSummary: string;
}

/** One reference case: the same requests through the built-in and through the script. */
export async function checkAgainstReference(
  p: LuaProblem,
  code: string,
  spec: ScriptSpec,
  c: LuaCase,
): Promise<FailingCase | null> {
  const refScenario = { ...p.reference, ...c.body };
  const lane = runLane(refScenario);
  const store = c.body.store as { latencySeconds?: number } | undefined;
  const latency = store?.latencySeconds ?? 0;
  const calls: ScriptCall[] = lane.requests.map((q) => ({
    at: q.at,
    key: q.key,
    server: q.server,
    cost: q.cost,
    redisAt: q.at + latency,
    now: q.at + latency,
  }));
  const run = await runScriptCalls(code, spec, calls, {
    epoch: p.epoch,
    clusterMode: p.clusterMode,
    setup: c.setup ? (m, lua) => c.setup!(m, lua, spec) : undefined,
  });
  const compareRetry = p.compareRetry ?? true;
  const rows: CaseRow[] = lane.requests.map((q: LaneRequest, i) => {
    const got = run.decisions[i]!;
    const row: CaseRow = {
      at: q.at,
      server: q.server,
      key: q.key,
      cost: q.cost,
      expected: q.outcome,
      actual: got.skipped ? 'not run' : got.outcome,
      expectedRetry: q.outcome === 'allowed' ? null : q.retryAfterSeconds,
      actualRetry: got.outcome === 'allowed' ? null : got.retry,
    };
    if (got.error) row.note = got.error;
    return row;
  });
  const differs = (r: CaseRow) =>
    r.note !== undefined ||
    r.actual === 'not run' ||
    r.expected !== r.actual ||
    (compareRetry && r.expected === 'denied' && r.expectedRetry !== r.actualRetry);
  const k = rows.findIndex(differs);
  const shift = (p.epoch ?? LUA_EPOCH) - LUA_EPOCH;
  const { requests: _r, traffic: _t, seed: _s, ...topology } = c.body;
  const scenario = {
    ...topology,
    requests: lane.requests.map((q) => ({
      at: q.at + shift,
      key: q.key,
      server: q.server,
      cost: q.cost,
    })),
    algorithm: 'lua',
    params: { script: code, keys: spec.keys, args: spec.args },
  };
  const notes: string[] = [];
  if (shift)
    notes.push(
      `(The lab replay runs your script ${shift} s later: its clock starts at Unix ${LUA_EPOCH}, and the grader lines Unix-aligned windows up with the reference's.)`,
    );
  if (p.clusterMode)
    notes.push('(The grader runs Redis in cluster mode; the lab replay runs a single Redis.)');
  if (c.setup) notes.push('(The lab replay starts from an empty store.)');
  if (k < 0) {
    if (p.requireExpiry === false) return null;
    const immortal = immortalKeys(run);
    if (!immortal.length) return null;
    return {
      name: c.name,
      message: `${c.setupNote ? c.setupNote + ' ' : ''}Every decision matched, but afterwards the key "${immortal[0]}" has no expiry. A key without one stays in Redis for ever once its client goes quiet (and a counter without one never resets). Set the expiry in the same script that writes the key.`,
      scenario,
      reference: refScenario,
      rows: rows.slice(-4),
    };
  }
  const row = rows[k]!;
  let message: string;
  if (row.note) {
    message = `The script failed on ${describeRequest(row)}: ${row.note.trim()}`;
    if (!/[.!?)]$/.test(message)) message += '.';
    if (/CROSSSLOT|same slot|non local key/.test(row.note))
      message +=
        ' In Redis Cluster a script may only touch keys in one hash slot; only the text inside {braces} is hashed when a key has them.';
  } else if (row.expected !== row.actual)
    message = `Your script ${describeOutcome(row.actual)} ${describeRequest(row)}${row.actual === 'denied' ? ` (${retryText(row.actualRetry)})` : ''}; ${p.referenceName} ${describeOutcome(row.expected)} it${row.expected === 'denied' ? ` (${retryText(row.expectedRetry)})` : ''}.`;
  else
    message = `Your script refused ${describeRequest(row)} with ${retryText(row.actualRetry)}; ${p.referenceName} gives ${retryText(row.expectedRetry)}.`;
  if (c.setupNote) message = `${c.setupNote} ${message}`;
  return {
    name: c.name,
    message: [message, ...notes].join(' '),
    scenario,
    reference: refScenario,
    rows: rows.slice(Math.max(0, k - 6), k + 4),
    firstMismatch: Math.min(k, 6),
  };
}

/** The script and its calling convention from a submission (`keys`/`args` may be edited). */
export function scriptOf(sub: Submission, dflt: ScriptSpec): { code: string; spec: ScriptSpec } {
  return {
    code: str(sub, 'code'),
    spec: { keys: strList(sub, 'keys') ?? dflt.keys, args: strList(sub, 'args') ?? dflt.args },
  };
}

/** A fix/write grader: decision-for-decision agreement with a built-in, plus any extra cases. */
export function luaGrader(p: LuaProblem): Grader {
  return {
    id: p.id,
    expects: `{"code": "<Lua source>", "keys"?: [...], "args"?: [...]}: a script called with KEYS ${JSON.stringify(p.spec.keys)} and ARGV ${JSON.stringify(p.spec.args)}`,
    grade(sub: Submission, opts?: GradeOptions) {
      const { code, spec } = scriptOf(sub, p.spec);
      const hidden: HiddenCase[] = [
        {
          name: 'the script is not empty',
          check: () =>
            code.trim()
              ? null
              : { name: 'the script is not empty', message: 'Write a script first.' },
        },
        ...p.cases.map((c) => ({
          name: c.name,
          check: () => checkAgainstReference(p, code, spec, c),
        })),
        ...(p.extra?.(code, spec) ?? []),
      ];
      return runCases(hidden, opts, p.passSummary);
    },
  };
}
