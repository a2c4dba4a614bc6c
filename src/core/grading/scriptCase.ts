// One hidden case of a script problem: generated requests go through the learner's script
// (one EVALSHA each, on a fresh Redis model) and through the engine's reference limiter, in
// time order, with the clock the script trusts (Redis TIME, or the app server's {now}). The
// first decision that differs (Retry-After included) fails the case, and so does the Redis state
// afterwards when the problem names a structure: an expiry on every key, one TAT per key, no
// write for a refused request, tenants in different slots. Lease problems also release jobs
// that finish early, with a second call of the same script.
import type { LuaRuntime } from '../lua';
import { LUA_EPOCH } from '../lua/luaLimiter';
import { RedisModel, type Reply } from '../redis';
import { leaseRetry, maxInFlight, type Job } from './leaseRetry';
import type { ScriptSpec } from './lua';
import { Reference } from './reference';
import { decisionOf, fillCall, type CallDecision, type ScriptCallInput } from './scriptCall';
import { compareOne, expiresEarly, snapshotMap } from './scriptCaseChecks';
import { clean, crossslotNote, describeCall, fmtT, isBudgetKill } from './scriptCaseText';
import type { CaseInput, CaseOptions, CaseProblem, CaseResult, RunRecord } from './scriptCaseTypes';
import { caseView } from './scriptCaseView';
import { readClock, type GenRequest } from './traffic';
import type { FailingCase } from './types';

/** A release queued for a job the script admitted. */
interface Pending {
  at: number;
  call: ScriptCallInput;
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
