// `explore --real`'s work, inside a worker thread (learner Lua never runs on the server's main
// thread; the parent terminates this thread at its hard deadline, which also drops every
// connection it holds, and then deletes the run's keys itself). First the explorer's verdict
// on the model, with the script guard on; then N real trials.
import { performance } from 'node:perf_hooks';
import { createLuaEngine } from '../../core/lua/index';
import {
  checkRunnable,
  effectiveInvariant,
  explore,
  programOf,
  resolveAllowed,
} from '../../core/races/explore';
import { serverName } from '../../core/races/invariant';
import type {
  ExploreInput,
  ExploreVerdict,
  InvariantPart,
  RequestEnd,
} from '../../core/races/types';
import { TypedConnection } from './connection';
import { RefusedCommand, checkSend, runTrial, type TrialOutcome } from './raceTrial';
import { guardEngine, unprefixKey } from './safety';
import { commandKeys } from '../../core/redis/table';
import type { RealTarget } from './target';

export interface RaceJob {
  /** The input with its KEYS and initial commands already under `prefix`. */
  input: ExploreInput;
  prefix: string;
  target: RealTarget;
  trials: number;
  delayMs: number;
  lockstep: boolean;
  /** Stop starting trials after this many ms (the result then says complete: false). */
  softDeadlineMs: number;
}

export interface RealRaceResult {
  trials: number;
  violations: number;
  violationsBy: Partial<Record<InvariantPart, number>>;
  /** How many trials admitted each count ("2": 37 means 37 trials admitted 2 requests). */
  admitted: Record<string, number>;
  allowed: number | null;
  complete: boolean;
  /** The first violating trial: its number, how each request ended, what broke. */
  example: { trial: number; ends: RequestEnd[]; broken: string[] } | null;
  /** Measured: trials per second of wall time. */
  trialsPerSecond: number;
  explorer: {
    verdict: ExploreVerdict;
    summary: string;
    schedules: number;
    violations: number;
    complete: boolean;
  };
}

export type RaceJobResult = { ok: true; result: RealRaceResult } | { ok: false; errors: string[] };

function verdict(
  input: ExploreInput,
  allowed: number | null,
  t: TrialOutcome,
  immortal: string[],
): { admitted: number; broken: { part: InvariantPart; why: string }[] } {
  const inv = effectiveInvariant(input.invariant);
  const admitted = t.ends.filter((e) => e.kind === 'admitted').length;
  const broken: { part: InvariantPart; why: string }[] = [];
  if (allowed !== null && admitted > allowed)
    broken.push({ part: 'maxAdmitted', why: `${admitted} admitted, the limit allows ${allowed}` });
  if (inv.minAdmitted !== undefined && admitted < inv.minAdmitted)
    broken.push({
      part: 'minAdmitted',
      why: `only ${admitted} admitted, though there was room for ${inv.minAdmitted}`,
    });
  if (inv.allKeysHaveTtl && immortal.length)
    broken.push({
      part: 'allKeysHaveTtl',
      why: `${immortal.map((k) => `"${k}"`).join(', ')} has no expiry`,
    });
  if (inv.noChargeWhenDenied) {
    const who = t.ends
      .map((e, i) => (e.kind !== 'admitted' && e.kind !== 'crashed' && t.charged[i] ? i : -1))
      .filter((i) => i >= 0);
    if (who.length)
      broken.push({
        part: 'noChargeWhenDenied',
        why: `server ${who.map(serverName).join(' and ')} refused but wrote to the store`,
      });
  }
  return { admitted, broken };
}

/** Trial t crashes request t mod n after its ((t div n) mod 3) + 1-th round trip. */
function crashPlan(input: ExploreInput, t: number): (number | undefined)[] {
  const n = input.requests.length;
  if (input.crashes === false || input.crashes === 0) return input.requests.map(() => undefined);
  return input.requests.map((_, i) => (i === t % n ? (Math.floor(t / n) % 3) + 1 : undefined));
}

export async function raceJob(job: RaceJob): Promise<RaceJobResult> {
  const start = performance.now();
  const { input, prefix } = job;
  const engine = guardEngine(await createLuaEngine({ budgetMs: 250 }));
  const errors = checkRunnable(input, engine);
  if (errors.length) return { ok: false, errors };
  const explored = explore(input, engine, {
    shouldStop: () => performance.now() - start > job.softDeadlineMs / 2,
  });
  const guard = engine.take();
  if (guard.length)
    return { ok: false, errors: guard.map((g) => `code: not run on a real server: ${g}`) };
  const program = programOf(input, engine);
  const allowed = resolveAllowed(program, effectiveInvariant(input.invariant));
  const address = job.target.nodes[0]!;
  const control = await TypedConnection.open(address, {
    password: job.target.password,
    commandTimeoutMs: 10_000,
  });
  const result: RealRaceResult = {
    trials: 0,
    violations: 0,
    violationsBy: {},
    admitted: {},
    allowed,
    complete: true,
    example: null,
    trialsPerSecond: 0,
    explorer: {
      verdict: explored.verdict,
      summary: explored.summary,
      schedules: explored.schedules,
      violations: explored.violations,
      complete: explored.complete,
    },
  };
  const trialsStart = performance.now();
  const scripts = new Set<string>(); // SHA-1s of the scripts the program itself sent
  const touched = new Set<string>();
  try {
    for (let t = 0; t < job.trials; t++) {
      if (performance.now() - start > job.softDeadlineMs) {
        result.complete = false;
        break;
      }
      if (touched.size) await control.send(['UNLINK', ...touched]);
      for (const cmd of input.initial) {
        checkSend(cmd, prefix, scripts);
        const r = await control.send(cmd);
        if (r.t === 'err')
          return {
            ok: false,
            errors: [`initial (${cmd.join(' ')}) failed on the real server: ${r.v}`],
          };
      }
      const outcome = await runTrial(
        program.behaviours,
        address,
        job.target.password,
        prefix,
        {
          delayMs: job.delayMs,
          lockstep: job.lockstep,
          crashAfter: crashPlan(input, t),
          maxRoundTrips: input.maxRoundTrips ?? 60,
        },
        scripts,
      );
      outcome.keys.forEach((k) => touched.add(k));
      input.initial.forEach((c) => commandKeys(c).forEach((k) => touched.add(k)));
      const immortal: string[] = [];
      for (const k of touched) {
        const ttl = await control.send(['PTTL', k]);
        if (ttl.t === 'int' && ttl.v === -1n) immortal.push(unprefixKey(prefix, k) ?? k);
      }
      const v = verdict(input, allowed, outcome, immortal);
      result.trials++;
      result.admitted[String(v.admitted)] = (result.admitted[String(v.admitted)] ?? 0) + 1;
      if (v.broken.length) {
        result.violations++;
        for (const b of v.broken)
          result.violationsBy[b.part] = (result.violationsBy[b.part] ?? 0) + 1;
        result.example ??= { trial: t, ends: outcome.ends, broken: v.broken.map((b) => b.why) };
      }
    }
  } catch (e) {
    if (e instanceof RefusedCommand)
      return { ok: false, errors: [`code: not run on a real server: ${e.message}`] };
    throw e;
  } finally {
    program.dispose();
    if (touched.size) await control.send(['UNLINK', ...touched]).catch(() => null);
    await control.close();
  }
  const seconds = (performance.now() - trialsStart) / 1000;
  result.trialsPerSecond = seconds > 0 ? result.trials / seconds : 0;
  return { ok: true, result };
}
