// `explore --real`: a race's requests as real concurrent connections, N times, beside the
// explorer's verdict on the model. The work runs in a worker thread with a hard deadline;
// whatever happens there, this side deletes the run's keys (SCAN MATCH on the prefix + UNLINK).
// On a cluster it runs on the master that holds its keys, when they all hash to one slot.
import { parseExploreInput, ExploreInputError } from '../../core/races/input';
import type { ExploreInput } from '../../core/races/types';
import { runInWorker } from '../../cli/sandbox';
import type { RaceJob, RaceJobResult, RealRaceResult } from './raceJob';
import { newPrefix, prefixCommand, prefixKey } from './safety';
import { RealStore } from './store';
import type { NodeAddress, RealTarget } from './target';
import { commandKeys } from '../../core/redis/table';
import { keySlot } from '../../core/redis/slot';

export const MAX_TRIALS = 10_000;
export const MAX_DELAY_MS = 1_000;

export interface RealRaceOptions {
  target: RealTarget;
  trials: number;
  delayMs?: number;
  lockstep?: boolean;
  prefixBase?: string;
  /** Hard deadline of the whole run (default 60 s); trials stop starting 5 s before it. */
  deadlineMs?: number;
}

export type RealRaceOutcome =
  { ok: true; result: RealRaceResult } | { ok: false; errors: string[] };

/** Options a caller typed, checked: each bad one named. */
export function checkRaceOptions(o: { trials: unknown; delayMs?: unknown }): string[] {
  const errs: string[] = [];
  const t = o.trials;
  if (typeof t !== 'number' || !Number.isInteger(t) || t < 1 || t > MAX_TRIALS)
    errs.push(`trials must be a whole number from 1 to ${MAX_TRIALS}, got ${JSON.stringify(t)}`);
  const d = o.delayMs;
  if (
    d !== undefined &&
    (typeof d !== 'number' || !Number.isFinite(d) || d < 0 || d > MAX_DELAY_MS)
  )
    errs.push(
      `delayMs must be a number of milliseconds from 0 to ${MAX_DELAY_MS}, got ${JSON.stringify(d)}`,
    );
  return errs;
}

/** The input with every request's KEYS and the initial commands' keys under the prefix. */
export function underPrefix(input: ExploreInput, prefix: string): ExploreInput {
  return {
    ...input,
    requests: input.requests.map((r) => ({ ...r, keys: r.keys.map((k) => prefixKey(prefix, k)) })),
    initial: input.initial.map((c) => prefixCommand(prefix, c)),
  };
}

/**
 * On a cluster a race runs on the one master that holds its keys, so every key (the requests'
 * KEYS and the initial commands') must hash to one slot, as Redis Cluster demands of a script
 * or a MULTI. Slots are those of the keys as written, under the prefix (hash tags kept).
 */
export function oneSlot(
  input: ExploreInput,
  prefixed: ExploreInput,
): { ok: true; key: string } | { ok: false; error: string } {
  const names = [...input.requests.flatMap((r) => r.keys), ...input.initial.flatMap(commandKeys)];
  const real = [
    ...prefixed.requests.flatMap((r) => r.keys),
    ...prefixed.initial.flatMap(commandKeys),
  ];
  const bySlot = new Map<number, string[]>();
  real.forEach((k, i) => {
    const slot = keySlot(k);
    const list = bySlot.get(slot) ?? [];
    if (!list.includes(names[i]!)) list.push(names[i]!);
    bySlot.set(slot, list);
  });
  if (bySlot.size <= 1) return { ok: true, key: real[0] ?? '' };
  const where = [...bySlot]
    .map(([slot, keys]) => `${keys.map((k) => `"${k}"`).join(', ')} in slot ${slot}`)
    .join('; ');
  return {
    ok: false,
    error: `not run on the cluster: its keys hash to ${bySlot.size} slots (${where}). A race runs on the one node that holds its keys, and Redis Cluster answers CROSSSLOT to a script or MULTI whose keys are not in one slot; give the keys one hash tag, such as "{user}:a" and "{user}:b", so they share a slot`,
  };
}

/** The master of a cluster that owns `key`'s slot. */
async function clusterNodeOf(target: RealTarget, key: string): Promise<NodeAddress> {
  const store = await RealStore.open(target);
  try {
    const name = store.nodeOf(key);
    const at = name.lastIndexOf(':');
    return { host: name.slice(0, at), port: Number(name.slice(at + 1)) };
  } finally {
    await store.close();
  }
}

export async function runRealRace(value: unknown, opts: RealRaceOptions): Promise<RealRaceOutcome> {
  const optErrors = checkRaceOptions(opts);
  if (optErrors.length) return { ok: false, errors: optErrors };
  let input: ExploreInput;
  try {
    input = parseExploreInput(value);
  } catch (e) {
    if (e instanceof ExploreInputError) return { ok: false, errors: e.errors };
    throw e;
  }
  const prefix = newPrefix(opts.prefixBase);
  const prefixed = underPrefix(input, prefix);
  let node = opts.target;
  if (opts.target.kind === 'cluster') {
    const slot = oneSlot(input, prefixed);
    if (!slot.ok) return { ok: false, errors: [slot.error] };
    const on = await clusterNodeOf(opts.target, slot.key);
    node = {
      kind: 'single',
      nodes: [on],
      label: `${opts.target.label} (node ${on.host}:${on.port})`,
    };
    if (opts.target.password !== undefined) node.password = opts.target.password;
    prefixed.cluster = true; // the explorer's model is a cluster node too
  }
  const hardMs = opts.deadlineMs ?? 60_000;
  const job: RaceJob = {
    input: prefixed,
    prefix,
    target: node,
    trials: opts.trials,
    delayMs: opts.delayMs ?? 0,
    lockstep: opts.lockstep ?? false,
    softDeadlineMs: Math.max(500, hardMs - 5000),
  };
  try {
    const out = await runInWorker<RaceJobResult>(
      new URL('./raceJob.ts', import.meta.url),
      'raceJob',
      job,
      { timeoutMs: hardMs },
    );
    if (!out.ok)
      return {
        ok: false,
        errors: [
          out.reason === 'timeout'
            ? `the real run was stopped after ${hardMs / 1000} s (its deadline); try fewer trials`
            : `the real run failed: ${out.message}`,
        ],
      };
    return out.value;
  } finally {
    const store = await RealStore.open(opts.target).catch(() => null);
    if (store) {
      await store.cleanup(prefix).catch(() => 0);
      await store.close();
    }
  }
}
