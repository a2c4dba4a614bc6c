// The one way the page gets a lab run (every caller of the lab engine on the page: the lab
// screen's store and its lanes, lesson widgets, the presenter's scene, links, window.rateLab).
// Scenarios without learner Lua run here, synchronously, as before. A scenario with learner
// Lua runs in the lab's Lua worker (src/worker/labClient.ts), with a wall-clock deadline per
// script: pageLabRun answers a Promise, and the finished run is kept so that the same input
// answers synchronously afterwards (a store re-applies a change once its runs are ready).
//
// Until a page installs the worker (src/app/main.tsx: installLabWorker), Lua runs in process:
// Node's tests and tools drive the same stores without a browser.
import { labRunFromInput, wrapEngineRun, type LabRunResult, type LabRun } from '../core/lab/labRun';
import { unpackRun } from '../core/lab/transfer';
import {
  limiterNamesOf,
  limitersReady,
  overlayAnswers,
  prepareLimiters,
} from '../core/limiters/registry';
import { howToLower, scenarioSize } from '../core/scenario/size';
import { MAX_GENERATED, validateScenario } from '../core/scenario/validate';
import type { Params } from '../core/limiters/types';
import type { LabWorkerClient } from '../worker/labClient';
import { isObj } from '../core/util/isObj';
import { errorMessage } from '../core/util/errorMessage';

let worker: LabWorkerClient | null = null;

/**
 * The most requests one run on the page may make (the command line goes to MAX_GENERATED).
 * Runs above PAGE_SYNC_MAX are built in the worker; the page still unpacks and draws them, and
 * past this its longest task grows well beyond the 200 ms budget (docs/ui-notes.md, "Big
 * runs"). The biggest scenario in the lessons makes about 22,800.
 */
export const PAGE_MAX_REQUESTS = 50_000;

const fmt = (n: number): string => n.toLocaleString('en-US');

/** Runs of more requests than this are built in the lab's worker, off the page's thread. */
export const PAGE_SYNC_MAX = 5_000;

/**
 * A checked scenario's size, and why the page will not run it (too many requests to draw,
 * naming what to lower); `valid` is false for input the engine refuses (its own message).
 */
function pageSize(input: unknown): { valid: boolean; total: number; error: string | null } {
  // A huge list is refused before it is checked item by item (that alone could take seconds).
  const listed = isObj(input) && Array.isArray(input.requests) ? input.requests.length : 0;
  if (listed > PAGE_MAX_REQUESTS)
    return {
      valid: false,
      total: listed,
      error: `requests lists ${fmt(listed)} requests; the lab page runs and draws at most ${fmt(PAGE_MAX_REQUESTS)} (to keep the page answering): list fewer. The command line's simulate takes more.`,
    };
  const v = validateScenario(input);
  if (!v.ok) return { valid: false, total: 0, error: null };
  const { total, biggest } = scenarioSize(v.scenario);
  if (total <= PAGE_MAX_REQUESTS) return { valid: true, total, error: null };
  const g = v.scenario.traffic[biggest];
  const how = g ? howToLower(g, `traffic[${biggest}]`) : 'list fewer requests';
  return {
    valid: true,
    total,
    error: `this scenario makes about ${fmt(total)} requests; the lab page runs and draws at most ${fmt(PAGE_MAX_REQUESTS)} (to keep the page answering): ${how}. The command line's simulate runs up to ${fmt(MAX_GENERATED)}.`,
  };
}

/** Why the page will not run this scenario (too many requests to draw), naming what to lower. */
export const pageSizeError = (input: unknown): string | null => pageSize(input).error;

/** Send every run with learner Lua to this worker from now on (the page does, at start). */
export function installLabWorker(client: LabWorkerClient | null): void {
  worker = client;
  cache.clear();
}

/** The params of every lua policy a raw scenario names (top level, policies, fallback). */
function luaParams(input: unknown): Params[] {
  if (!isObj(input)) return [];
  const out: Params[] = [];
  const add = (o: unknown) => {
    if (isObj(o) && o.algorithm === 'lua') out.push(isObj(o.params) ? o.params : {});
  };
  add(input);
  for (const key of ['policies', 'fallback'] as const) {
    const v = input[key];
    for (const p of Array.isArray(v) ? v : [v]) add(p);
  }
  return out;
}

/** Would this scenario run learner Lua (and so go to the worker)? */
export function runsLearnerLua(input: unknown): boolean {
  return luaParams(input).some((p) => !overlayAnswers('lua', p));
}

export interface ComputeOptions {
  seekable?: boolean;
}

const CACHE_MAX = 24;
const cache = new Map<string, LabRunResult>();
const inflight = new Map<string, Promise<LabRunResult>>();
const notes = new WeakMap<LabRun, string[]>();

const keyOf = (input: unknown, seekable: boolean): string =>
  `${seekable ? 1 : 0}${JSON.stringify(input)}`;

/** What the worker said about a run's script (kills, the cap): one line each. */
export function scriptNotes(run: LabRun | null | undefined): string[] {
  return (run && notes.get(run)) ?? [];
}

/**
 * A lab run of `input`: synchronous without learner Lua (or once computed), else a Promise
 * of the worker's run. Nothing throws: bad input comes back as the engine's messages.
 */
export function pageLabRun(
  input: unknown,
  opts: ComputeOptions = {},
): LabRunResult | Promise<LabRunResult> {
  const seekable = opts.seekable ?? true;
  const size = pageSize(input);
  if (size.error) return { ok: false, errors: [size.error], message: size.error };
  const client = worker;
  // Learner Lua never runs on the page's thread; a big run is built off it too.
  const offThread = runsLearnerLua(input) || size.total > PAGE_SYNC_MAX;
  if (!client || !offThread || !size.valid) return labRunFromInput(input, { seekable });
  const key = keyOf(input, seekable);
  const hit = cache.get(key);
  if (hit) {
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  const running = inflight.get(key);
  if (running) return running;
  const p = client
    .compute(input, seekable)
    .then(
      (r): LabRunResult => {
        if (!r.ok) return r;
        try {
          const run = wrapEngineRun(unpackRun(r.run), r.seekable);
          if (r.notes.length) notes.set(run, r.notes);
          return { ok: true, run };
        } catch (e) {
          const message = errorMessage(e);
          return { ok: false, errors: [message], message };
        }
      },
      (e: unknown): LabRunResult => {
        const message = errorMessage(e);
        return { ok: false, errors: [message], message };
      },
    )
    .then((r) => {
      // Kept (failures too): a store re-applies its change once the run is here, and must
      // find it synchronously then.
      inflight.delete(key);
      cache.set(key, r);
      while (cache.size > CACHE_MAX) cache.delete(cache.keys().next().value!);
      return r;
    });
  inflight.set(key, p);
  return p;
}

/**
 * Start every run these inputs need (null entries are skipped); resolves when all are ready,
 * or returns null when they already are (the caller may go on synchronously).
 */
export function pendingRuns(inputs: readonly unknown[]): Promise<void> | null {
  const waits: Promise<LabRunResult>[] = [];
  for (const x of inputs) {
    if (x === null || x === undefined) continue;
    const r = pageLabRun(x);
    if (r instanceof Promise) waits.push(r);
  }
  return waits.length ? Promise.all(waits).then(() => undefined) : null;
}

const STILL_RUNNING = 'its script is still running in the lab worker';

/**
 * A run the caller made ready first (pendingRuns or prepareLabInputs said so), synchronously:
 * a run still in the worker comes back as a failure saying so.
 */
export function readyLabRun(input: unknown): LabRunResult {
  const r = pageLabRun(input);
  return r instanceof Promise ? { ok: false, errors: [STILL_RUNNING], message: STILL_RUNNING } : r;
}

/** pageLabRun, always as a Promise. */
export async function pageLabRunAsync(
  input: unknown,
  opts: ComputeOptions = {},
): Promise<LabRunResult> {
  return pageLabRun(input, opts);
}

const namesOf = (inputs: readonly unknown[]): Set<string> => {
  const names = new Set<string>();
  for (const x of inputs) for (const n of limiterNamesOf(x)) names.add(n);
  return names;
};

/** Can a store be built from these inputs now (limiters loaded, Lua runs in)? */
export function labInputsReady(inputs: readonly unknown[]): boolean {
  if (!limitersReady(namesOf(inputs))) return false;
  return inputs.every((x) => x === null || x === undefined || !(pageLabRun(x) instanceof Promise));
}

/** Load what the inputs' limiters need, then run their Lua in the worker. */
export async function prepareLabInputs(inputs: readonly unknown[]): Promise<void> {
  await prepareLimiters(namesOf(inputs));
  await pendingRuns(inputs);
}
