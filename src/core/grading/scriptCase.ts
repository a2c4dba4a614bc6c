// One hidden case of a script problem: generated requests go through the learner's script
// (one EVALSHA each, on a fresh Redis model) and through the engine's reference limiter, in
// time order, with the clock the script trusts (Redis TIME, or the app server's {now}). The
// first decision that differs (Retry-After included) fails the case, and so does the Redis state
// afterwards when the problem names a structure: an expiry on every key, one TAT per key, no
// write for a refused request, tenants in different slots. Lease problems also release jobs
// that finish early, with a second call of the same script.
import type { LuaRuntime } from '../lua';
import { LUA_EPOCH } from '../lua/luaLimiter';
import { RedisModel, type KeySnapshot, type Reply } from '../redis';
import { readDecision, type ScriptSpec } from './lua';
import { Reference, type ReferenceSpec, type RefDecision } from './reference';
import { readClock, type ClockStep, type GenRequest } from './traffic';
import type { CaseRow, FailingCase } from './types';

/** One call of the script: an arrival, or (lease problems) the release of a job. */
export interface ScriptCallInput {
  /** True time, lab seconds. */
  at: number;
  key: string;
  tenant?: string;
  server: string;
  cost: number;
  /** What `{now}` is filled with: the calling app server's clock. */
  now: number;
  /** The Redis clock, lab seconds. */
  redisAt: number;
  op: 'acquire' | 'release';
  id: string;
}

const PLACEHOLDER = /\{(key|server|cost|now|tenant|op|id)\}/g;

/** KEYS and ARGV of one call: `{key}`, `{server}`, `{cost}`, `{now}`, `{tenant}`, `{op}`, `{id}`. */
export function fillCall(spec: ScriptSpec, c: ScriptCallInput): { keys: string[]; args: string[] } {
  const f = (t: string) =>
    t.replace(PLACEHOLDER, (_, n: string) => {
      switch (n) {
        case 'key':
          return c.key;
        case 'server':
          return c.server;
        case 'cost':
          return String(c.cost);
        case 'now':
          return String(c.now);
        case 'tenant':
          return c.tenant ?? c.key;
        case 'op':
          return c.op;
        default:
          return c.id;
      }
    });
  return { keys: spec.keys.map(f), args: spec.args.map(f) };
}

/** Placeholders the lab's `algorithm: "lua"` does not fill (a replay sends them as they are). */
export function graderOnlyPlaceholders(spec: ScriptSpec): string[] {
  const found = new Set<string>();
  for (const t of [...spec.keys, ...spec.args])
    for (const m of t.matchAll(/\{(tenant|op|id)\}/g)) found.add(`{${m[1]}}`);
  return [...found];
}

/** A script's answer to one call, read as the lab reads it. */
export interface CallDecision {
  allowed: boolean;
  /** Retry-After the script gave when refusing (null: none; -1: never). */
  retry: number | null;
  error: string | null;
}

export function decisionOf(reply: Reply): CallDecision {
  const d = readDecision(reply);
  return { allowed: d.outcome === 'allowed', retry: d.retry, error: d.error };
}

/** What a problem checks in the Redis state, and how it names things. */
export interface StructureRules {
  /** Every key the script creates must have an expiry (default true). */
  requireExpiry?: boolean;
  /** After a refused request: null if the state is acceptable, else what was written. */
  afterRefusal?: (
    before: Map<string, KeySnapshot>,
    after: Map<string, KeySnapshot>,
    keys: string[],
  ) => string | null;
  /** After the whole run. */
  afterRun?: (run: RunRecord) => string | null;
  /**
   * After an admitted call k: until when (lab seconds, the script's clock) the state of its
   * client still decides requests, and what that state is; null when nothing is held. Every key
   * the call was given must outlive it (an expiry that comes first forgets admissions).
   */
  stateUntil?: (run: RunRecord, k: number) => { until: number; what: string } | null;
}

export interface CaseProblem extends StructureRules {
  reference: ReferenceSpec;
  /** How messages name the reference, e.g. "the built-in GCRA (2 per second, burst 4)". */
  referenceName: string;
  /** Redis Cluster rules: one script's keys in one slot. */
  clusterMode?: boolean;
  /** Unix seconds at lab time 0 (default the lab's). */
  epoch?: number;
  /** The clock the script should trust: Redis TIME (default) or the app server's `{now}`. */
  clock?: 'redis' | 'app';
  compareRetry?: boolean;
  /** Lease problems: the lease (seconds); jobs that finish sooner call the script to release. */
  lease?: number;
  /** Spans that make a request land "exactly one window after" another (for messages). */
  spans?: { seconds: number; name: string }[];
  /** The most a single request may cost (a larger cost is refused with -1). */
  maxCost?: number;
}

/** A hidden case's input: requests, and a clock that may lie for a stretch. */
export interface CaseInput {
  requests: GenRequest[];
  /** Redis problems: the Redis clock's step; app-clock problems: each server's clock. */
  step?: ClockStep | null;
  /** App-clock problems: what server S's clock reads at true time t. */
  appClock?: (server: string, at: number) => number;
}

/** Everything one run of a case recorded. */
export interface RunRecord {
  calls: ScriptCallInput[];
  /** Per call: the script's decision (releases too). */
  decisions: CallDecision[];
  /** Per arrival call: the reference's decision (undefined for releases). */
  expected: (RefDecision | undefined)[];
  /** KEYS each call got. */
  keysOf: string[][];
  model: RedisModel;
  reference: Reference;
  epoch: number;
}

/** A release queued for a job the script admitted. */
interface Pending {
  at: number;
  call: ScriptCallInput;
}

export interface CaseOptions {
  /** Compare decisions with the reference (false: just record them, for property checks). */
  compare: boolean;
}

export interface CaseResult {
  record: RunRecord;
  /** The first mismatch, error or structure problem; null when the case passes. */
  failure: FailingCase | null;
  /** True when the failure is a runaway script (no point in shrinking it). */
  fatal?: boolean;
}

const clean = (m: string) => {
  const t = m.trim();
  return /[.!?)]$/.test(t) ? t : `${t}.`;
};

const fmtT = (t: number) => String(Number(t.toFixed(6)));
const retryText = (r: number | null | undefined): string =>
  r === -1 ? 'Retry-After -1 (never fits)' : r == null ? 'no Retry-After' : `Retry-After ${r}`;

/** "the request at 12.5 s (cost 3) for bob". */
export function describeCall(c: { at: number; cost: number; key: string }): string {
  return `the request at ${fmtT(c.at)} s${c.cost !== 1 ? ` (cost ${c.cost})` : ''}${c.key !== 'client' ? ` for ${c.key}` : ''}`;
}

/** Runs one case through the script and the reference. */
export function runCase(
  lua: LuaRuntime,
  p: CaseProblem,
  code: string,
  spec: ScriptSpec,
  input: CaseInput,
  opts: CaseOptions = { compare: true },
): CaseResult {
  const epoch = p.epoch ?? LUA_EPOCH;
  const model = new RedisModel({
    scriptEngine: lua,
    clusterMode: p.clusterMode ?? false,
    startTime: epoch,
  });
  const reference = new Reference(p.reference);
  const record: RunRecord = {
    calls: [],
    decisions: [],
    expected: [],
    keysOf: [],
    model,
    reference,
    epoch,
  };
  const fail = (message: string, extra: Partial<FailingCase> = {}): CaseResult => ({
    record,
    failure: { name: '', message, ...caseView(p, code, spec, input, record), ...extra },
  });
  const loaded = model.call(['SCRIPT', 'LOAD', code]);
  if (loaded.t !== 'bulk')
    return {
      record,
      failure: {
        name: '',
        message: `The script does not compile: ${clean(loaded.t === 'err' ? loaded.v : 'SCRIPT LOAD failed')}`,
      },
      fatal: true,
    };
  const sha = loaded.v;
  const appClock = input.appClock;
  const clockOf = (r: GenRequest) =>
    p.clock === 'app' && appClock ? appClock(r.server, r.at) : readClock(input.step ?? null, r.at);
  const redisOf = (r: GenRequest) =>
    p.clock === 'app' ? r.at : readClock(input.step ?? null, r.at);

  const pending: Pending[] = [];
  const jobs: Job[] = [];
  const call = (c: ScriptCallInput): { d: CallDecision; reply: Reply; keys: string[] } => {
    model.setTime(epoch + c.redisAt);
    const { keys, args } = fillCall(spec, c);
    const reply = model.call(['EVALSHA', sha, String(keys.length), ...keys, ...args]);
    return { d: decisionOf(reply), reply, keys };
  };
  const releaseUpTo = (t: number): CaseResult | null => {
    pending.sort((a, b) => a.at - b.at);
    while (pending.length && pending[0]!.at <= t) {
      const { call: c } = pending.shift()!;
      const { d, keys } = call(c);
      record.calls.push(c);
      record.decisions.push(d);
      record.expected.push(undefined);
      record.keysOf.push(keys);
      if (d.error) {
        const out = fail(
          `The release call for job ${c.id.split('@')[0]} (admitted at ${c.id.split('@')[1]} s) failed at ${fmtT(c.at)} s: ${clean(d.error)}`,
        );
        if (isBudgetKill(d.error)) out.fatal = true;
        return out;
      }
    }
    return null;
  };

  for (let i = 0; i < input.requests.length; i++) {
    const r = input.requests[i]!;
    if (p.lease) {
      const early = releaseUpTo(r.at);
      if (early) return early;
    }
    const c: ScriptCallInput = {
      at: r.at,
      key: r.key,
      ...(r.tenant !== undefined ? { tenant: r.tenant } : {}),
      server: r.server,
      cost: r.cost,
      now: clockOf(r),
      redisAt: redisOf(r),
      op: 'acquire',
      id: `r${i + 1}@${fmtT(r.at)}`,
    };
    model.setTime(epoch + c.redisAt);
    const before = p.afterRefusal ? snapshotMap(model) : null;
    const { d, keys } = call(c);
    const duration = p.lease ? Math.min(r.duration ?? p.lease, p.lease) : r.duration;
    const expected = reference.decide({
      at: c.now,
      key: r.key,
      ...(r.tenant !== undefined ? { tenant: r.tenant } : {}),
      server: r.server,
      cost: r.cost,
      ...(duration !== undefined ? { duration } : {}),
    });
    if (p.lease) {
      // The script only knows each job's lease, not when the job will really finish, so the
      // expected Retry-After counts down to lease ends (the built-in knows the real ends).
      if (!expected.allowed && expected.retry !== -1)
        expected.retry = leaseRetry(jobs, r.key, c.now, r.cost, maxInFlight(p));
      if (expected.allowed)
        jobs.push({ key: r.key, leaseEnd: c.now + p.lease, end: c.now + duration!, cost: r.cost });
    }
    record.calls.push(c);
    record.decisions.push(d);
    record.expected.push(expected);
    record.keysOf.push(keys);
    if (d.error) {
      const out = fail(
        `The script failed on ${describeCall(c)}: ${clean(d.error)}${crossslotNote(d.error)}`,
      );
      if (isBudgetKill(d.error)) out.fatal = true;
      return out;
    }
    if (opts.compare) {
      const mismatch = compareOne(p, record, record.calls.length - 1);
      if (mismatch) return fail(mismatch);
    }
    if (p.stateUntil && d.allowed && opts.compare) {
      const early = expiresEarly(p, record, record.calls.length - 1);
      if (early) return fail(early);
    }
    if (before && !d.allowed && opts.compare) {
      const wrote = p.afterRefusal!(before, snapshotMap(model), keys);
      if (wrote)
        return fail(
          `Your script refused ${describeCall(c)}, as it should, but wrote to Redis anyway: ${wrote} A refused request must leave the state as it found it (the contract stores nothing for it).`,
        );
    }
    if (p.lease && d.allowed && r.duration !== undefined) {
      // In whole microseconds, so "finishes exactly at the lease's end" is exact.
      const end = (Math.round(r.at * 1e6) + Math.round(r.duration * 1e6)) / 1e6;
      pending.push({ at: end, call: { ...c, at: end, ...timesAt(end), op: 'release' } });
    }
  }
  if (!opts.compare) return { record, failure: null };
  if (p.requireExpiry ?? true) {
    const immortal = model.snapshot().filter((k) => k.ttlMs === null);
    if (immortal.length)
      return fail(
        `Every decision matched, but afterwards the key "${immortal[0]!.key}" has no expiry. A key without one stays in Redis for ever once its client goes quiet. Set the expiry in the same script that writes the key.`,
      );
  }
  const given = new Set(record.keysOf.flat());
  const stray = model.snapshot().find((k) => !given.has(k.key));
  if (stray)
    return fail(
      `The script wrote the key "${stray.key}", which is not one of the KEYS it was called with. Redis Cluster routes a script by its KEYS, so a script must only touch the keys it is given.`,
    );
  const after = p.afterRun?.(record);
  if (after) return fail(after);
  return { record, failure: null };

  function timesAt(t: number): { now: number; redisAt: number } {
    const g: GenRequest = { at: t, key: '', server: 'A', cost: 1 };
    return { now: clockOf(g), redisAt: redisOf(g) };
  }
}

/** The message when a key of call k expires before its state stops mattering, or null. */
function expiresEarly(p: CaseProblem, rec: RunRecord, k: number): string | null {
  const held = p.stateUntil!(rec, k);
  if (!held) return null;
  const c = rec.calls[k]!;
  const snap = snapshotMap(rec.model);
  // The model keeps expiries in whole milliseconds: a key is there up to the end of its last one.
  const nowMs = Math.floor(Math.round((rec.epoch + c.redisAt) * 1e6) / 1000);
  const untilUs = Math.round((rec.epoch + held.until) * 1e6);
  for (const key of rec.keysOf[k]!) {
    const ttl = snap.get(key)?.ttlMs;
    if (ttl === null || ttl === undefined) continue;
    const goneUs = (nowMs + Math.round(ttl) + 1) * 1000;
    if (goneUs >= untilUs) continue;
    const gone = goneUs / 1e6 - rec.epoch;
    return `After ${describeCall(c)}, ${key} expires at ${fmtT(gone)} s, but it holds ${held.what}, which still decides requests until ${fmtT(held.until)} s. A key that expires before its state stops mattering forgets admissions: a request in between is decided as if they never happened.`;
  }
  return null;
}

interface Job {
  key: string;
  leaseEnd: number;
  end: number;
  cost: number;
}

const maxInFlight = (p: CaseProblem): number => {
  const first = 'policies' in p.reference ? p.reference.policies[0] : p.reference;
  return Number(first?.params.maxInFlight ?? 0);
};

/** Retry-After from the leases of the jobs still running: the spec's rule on lease ends. */
function leaseRetry(jobs: Job[], key: string, now: number, cost: number, most: number): number {
  const running = jobs
    .filter((j) => j.key === key && j.end > now + 1e-9)
    .sort((a, b) => a.leaseEnd - b.leaseEnd);
  let used = running.reduce((s, j) => s + j.cost, 0);
  for (const j of running) {
    used -= j.cost;
    if (used + cost <= most + 1e-9) return Math.max(1, Math.ceil(j.leaseEnd - now - 1e-9));
  }
  return 1;
}

const isBudgetKill = (e: string) => /killed by the lab|ran longer than|budget/i.test(e);

function crossslotNote(e: string): string {
  return /CROSSSLOT|same slot|non local key/i.test(e)
    ? ' In Redis Cluster a script may only touch keys in one hash slot; only the text inside {braces} is hashed when a key has them.'
    : '';
}

export function snapshotMap(model: RedisModel): Map<string, KeySnapshot> {
  return new Map(model.snapshot().map((k) => [k.key, k]));
}

/** The message for call k when the script and the reference decide it differently, or null. */
function compareOne(p: CaseProblem, rec: RunRecord, k: number): string | null {
  const c = rec.calls[k]!;
  const got = rec.decisions[k]!;
  const want = rec.expected[k]!;
  const compareRetry = p.compareRetry ?? true;
  const sameOutcome = got.allowed === want.allowed;
  if (sameOutcome && (want.allowed || !compareRetry || got.retry === want.retry)) return null;
  const why = explain(p, rec, k);
  if (!sameOutcome)
    return `Your script ${got.allowed ? 'admitted' : 'refused'} ${describeCall(c)}${got.allowed ? '' : ` (${retryText(got.retry)})`}; ${p.referenceName} ${want.allowed ? 'admitted' : 'refused'} it${want.allowed ? '' : ` (${retryText(want.retry)})`}.${why}`;
  return `Your script refused ${describeCall(c)} with ${retryText(got.retry)}; ${p.referenceName} gives ${retryText(want.retry)}.${why}`;
}

/** A sentence on what makes call k special: a cost above the limit, a boundary, a release. */
function explain(p: CaseProblem, rec: RunRecord, k: number): string {
  const c = rec.calls[k]!;
  const notes: string[] = [];
  if (p.maxCost !== undefined && c.cost > p.maxCost)
    notes.push(
      `Its cost, ${c.cost}, is above the most one request may cost (${p.maxCost}), so no wait can ever admit it.`,
    );
  for (const s of p.spans ?? []) {
    for (let j = k - 1; j >= 0; j--) {
      const e = rec.calls[j]!;
      const d = rec.decisions[j]!;
      if (e.op !== 'acquire' || !d.allowed) continue;
      const off = Math.round((c.now - e.now - s.seconds) * 1e6);
      if (Math.abs(off) > 1000 || (off !== 0 && Math.abs(off) !== 1 && Math.abs(off) !== 1000))
        continue;
      const rel =
        off === 0
          ? 'exactly'
          : `${Math.abs(off) === 1000 ? '1 ms' : '1 µs'} ${off < 0 ? 'before' : 'after'}`;
      notes.push(`It arrives ${rel} ${s.name} after the admission at ${fmtT(e.at)} s.`);
      break;
    }
    if (notes.length) break;
  }
  const released = rec.calls.slice(0, k).filter((e) => e.op === 'release' && e.key === c.key);
  if (released.length && p.lease) {
    const r = released[released.length - 1]!;
    notes.push(
      `Before it, the job ${r.id.split('@')[0]} of ${c.key} finished early and released its slot at ${fmtT(r.at)} s.`,
    );
  }
  if (c.now !== c.at)
    notes.push(
      p.clock === 'app'
        ? `Server ${c.server}'s clock reads ${fmtT(c.now)} s here.`
        : `The Redis clock reads ${fmtT(c.now)} s here (true time ${fmtT(c.at)} s): it has stepped.`,
    );
  return notes.length ? ` ${notes.join(' ')}` : '';
}

/** The failing case as the page shows it: rows, and a scenario that replays it in the lab. */
export function caseView(
  p: CaseProblem,
  code: string,
  spec: ScriptSpec,
  input: CaseInput,
  rec: RunRecord,
): Pick<FailingCase, 'rows' | 'firstMismatch' | 'scenario' | 'reference' | 'requests'> {
  const rows: CaseRow[] = rec.calls.map((c, i) => {
    const d = rec.decisions[i]!;
    const e = rec.expected[i];
    if (c.op === 'release')
      return {
        at: c.at,
        server: c.server,
        key: c.key,
        cost: c.cost,
        expected: 'release',
        actual: d.error ? 'error' : 'release',
        ...(d.error ? { note: d.error } : {}),
      };
    const row: CaseRow = {
      at: c.at,
      server: c.server,
      key: c.key,
      cost: c.cost,
      expected: e ? (e.allowed ? 'allowed' : 'denied') : '',
      actual: d.allowed ? 'allowed' : 'denied',
      expectedRetry: e && !e.allowed ? e.retry : null,
      actualRetry: d.allowed ? null : d.retry,
    };
    if (c.now !== c.at) row.clock = c.now;
    if (d.error) row.note = d.error;
    return row;
  });
  const last = rows.length - 1;
  const from = Math.max(0, last - 9);
  const requests = input.requests.map((r) => ({
    at: r.at,
    key: r.key,
    server: r.server,
    cost: r.cost,
    ...(r.tenant !== undefined ? { tenant: r.tenant } : {}),
  }));
  const refBody =
    'policies' in p.reference
      ? {
          policies: p.reference.policies.map((x, i) => ({
            id: x.id ?? `policy-${i + 1}`,
            algorithm: x.algorithm,
            params: x.params,
            scope: x.scope ?? 'key',
          })),
          multiPolicy: 'all-or-nothing',
        }
      : { algorithm: p.reference.algorithm, params: p.reference.params };
  const durations = p.lease
    ? requests.map((r, i) => ({
        ...r,
        duration: Math.min(input.requests[i]!.duration ?? p.lease!, p.lease!),
      }))
    : requests;
  return {
    rows: rows.slice(from),
    firstMismatch: last - from,
    requests: input.requests.map((r) => ({ ...r })),
    scenario: {
      algorithm: 'lua',
      params: { script: code, keys: spec.keys, args: spec.args },
      requests,
    },
    reference: { ...refBody, requests: durations },
  };
}
