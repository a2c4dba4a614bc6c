// `redis` cases on a real server, beside the model: the same commands, the model's replies and
// key states next to the server's, and where they part. Nothing reaches the server before the
// model has run the case (in a worker thread) and found nothing to refuse; every key goes
// under the run's prefix, and the run's keys are deleted after each case and at the end.
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  canonicalKeys,
  keyDifferences,
  replyDifference,
  type Difference,
  type KeyView,
} from '../../core/redis/compare';
import { toJson, toJsonText, type JsonReply } from '../../core/redis/reply';
import { commandKeys } from '../../core/redis/table';
import type { RedisCase } from '../../cli/redisVerb';
import { runInWorker } from '../../cli/sandbox';
import { readKeys } from './keyState';
import type { ModelCase } from './modelJob';
import { newPrefix, prefixCommand, prefixKey, unprefixKey, unprefixReply } from './safety';
import { RealStore } from './store';
import type { RealTarget } from './target';

/** An `advance` waits in real time on a real server: at most this much per case. */
export const MAX_REAL_ADVANCE_SECONDS = 10;
/** A case's real side stops after this long (its waits included). */
export const REAL_CASE_DEADLINE_MS = 30_000;

export interface SideBySideStep {
  command: string[];
  model: { reply: JsonReply; keys: KeyView[] };
  real: { reply: JsonReply; keys: KeyView[] };
  differences: Difference[];
}

export type RealCaseResult =
  | {
      name: string;
      steps: SideBySideStep[];
      /** The server's replies as JSON text (integers exact), as the `redis` verb prints them. */
      realReplies: string[];
    }
  | { name: string; error: string };

export interface RealRunOptions {
  target: RealTarget;
  prefixBase?: string;
  /** The model's worker thread is stopped after this long (default: 30 s + 3 s a case). */
  modelDeadlineMs?: number;
}

export class RealRunError extends Error {}

/** The model's run of the cases, in a worker thread with a hard deadline. */
export async function modelSide(cases: RedisCase[], deadlineMs?: number): Promise<ModelCase[]> {
  const timeoutMs = deadlineMs ?? 30_000 + 3_000 * cases.length;
  const out = await runInWorker<ModelCase[]>(
    new URL('./modelJob.ts', import.meta.url),
    'modelJob',
    { cases },
    { timeoutMs },
  );
  if (!out.ok)
    throw new RealRunError(
      out.reason === 'timeout'
        ? `the model did not finish the cases within ${timeoutMs / 1000} s (a script that never ends?); nothing was sent to the real server`
        : `the model could not run the cases: ${out.message}`,
    );
  return out.value;
}

function totalAdvance(c: RedisCase): number {
  return c.steps.reduce((t, s) => t + ('advance' in s ? s.advance : 0), 0);
}

/** The first key of the next command with keys after step i (MULTI sticks to its node). */
function nextKey(c: RedisCase, from: number): string | undefined {
  for (let j = from + 1; j < c.steps.length; j++) {
    const s = c.steps[j]!;
    if ('cmd' in s) {
      const k = commandKeys(s.cmd)[0];
      if (k !== undefined) return k;
    }
  }
  return undefined;
}

async function runCase(
  c: RedisCase,
  m: ModelCase,
  prefix: string,
  store: RealStore,
  inspector: RealStore,
): Promise<RealCaseResult> {
  const realKeys = m.keys.map((k) => prefixKey(prefix, k));
  const label = (k: string) => unprefixKey(prefix, k) ?? k;
  const steps: SideBySideStep[] = [];
  const realReplies: string[] = [];
  const start = performance.now();
  let advancedMs = 0;
  let stick: string | undefined;
  let n = 0;
  for (const [i, s] of c.steps.entries()) {
    if (performance.now() - start > REAL_CASE_DEADLINE_MS)
      throw new Error(
        `the case was stopped after ${REAL_CASE_DEADLINE_MS / 1000} s on the real server, at steps[${i}]`,
      );
    if ('advance' in s) {
      await sleep(s.advance * 1000);
      advancedMs += s.advance * 1000;
      continue;
    }
    const name = s.cmd[0]!.toLowerCase();
    if (name === 'multi') {
      const k = nextKey(c, i);
      stick = k === undefined ? undefined : prefixKey(prefix, k);
    }
    const reply = unprefixReply(prefix, await store.send(prefixCommand(prefix, s.cmd), stick));
    if (name === 'exec' || name === 'discard') stick = undefined;
    realReplies.push(toJsonText(reply));
    const keys = canonicalKeys(
      await readKeys((k) => (a) => inspector.forKey(k).send(a), realKeys, label),
    );
    const model = m.steps[n++]!;
    const real = { reply: toJson(reply), keys };
    // The model's clock stands still between advances; the server's does not.
    const drift = Math.abs(performance.now() - start - advancedMs) + 2;
    const differences: Difference[] = [];
    const d = replyDifference(model.reply, real.reply);
    if (d !== null) differences.push({ where: 'reply', note: d });
    differences.push(...keyDifferences(model.keys, keys, drift));
    steps.push({
      command: s.cmd,
      model: { reply: model.reply, keys: model.keys },
      real,
      differences,
    });
  }
  return { name: c.name, steps, realReplies };
}

/**
 * Run the cases on the model and on the real target. A case the safety rules refuse gets an
 * error naming why, and nothing of it is sent.
 */
export async function runRealCases(
  cases: RedisCase[],
  opts: RealRunOptions,
  onCase?: (r: RealCaseResult) => void,
): Promise<RealCaseResult[]> {
  const model = await modelSide(cases, opts.modelDeadlineMs);
  const prefix = newPrefix(opts.prefixBase);
  let store: RealStore | null = null;
  let inspector: RealStore | null = null;
  const results: RealCaseResult[] = [];
  try {
    store = await RealStore.open(opts.target);
    inspector = await RealStore.open(opts.target);
    for (const [i, c] of cases.entries()) {
      const m = model[i]!;
      let r: RealCaseResult;
      if (m.refusals.length)
        r = { name: c.name, error: `not sent to the real server: ${m.refusals.join('; ')}` };
      else if (totalAdvance(c) > MAX_REAL_ADVANCE_SECONDS)
        r = {
          name: c.name,
          error: `not sent to the real server: its advance steps add up to ${totalAdvance(c)} s, and a real server's clock can only be waited for (at most ${MAX_REAL_ADVANCE_SECONDS} s a case)`,
        };
      else {
        const casePrefix = `${prefix}${i}:`;
        try {
          r = await runCase(c, m, casePrefix, store, inspector);
        } catch (e) {
          r = { name: c.name, error: `the real run of this case failed: ${(e as Error).message}` };
          await store.close();
          store = await RealStore.open(opts.target);
        } finally {
          await inspector.cleanup(casePrefix);
        }
      }
      results.push(r);
      onCase?.(r);
    }
  } finally {
    if (inspector) {
      await inspector.cleanup(prefix).catch(() => 0);
      await inspector.close();
    }
    await store?.close();
  }
  return results;
}
