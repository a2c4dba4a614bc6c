// Algorithm name -> factory (which carries the algorithm's description: parameters, quota,
// window, usage, policy text). Built-ins register here; src/core/lua registers "lua" (it
// needs an async engine load, so it registers a loader that prepareLimiters() awaits).
// Adding an algorithm: its own file (factory + view type), a line in BUILTIN_ALGORITHMS, the
// factories map and the LimiterView union below, and its glyph in src/ui/lab/glyphs.
import { concurrencyFactory, type ConcurrencyView } from './concurrency';
import { fixedWindowFactory, type FixedWindowView } from './fixedWindow';
import { gcraFactory, type GcraView } from './gcra';
import { leakyBucketFactory, type LeakyBucketView } from './leakyBucket';
import { defaultsOf } from './params';
import { slidingLogFactory, type SlidingLogView } from './slidingLog';
import { slidingWindowCounterFactory, type SlidingWindowCounterView } from './slidingWindowCounter';
import { tokenBucketFactory, type TokenBucketView } from './tokenBucket';
import type { Algorithm, LimiterFactory, OpaqueView, Params, Usage } from './types';

/** Every state view a limiter can draw (each declared beside its algorithm). */
export type LimiterView =
  | TokenBucketView
  | FixedWindowView
  | SlidingLogView
  | SlidingWindowCounterView
  | GcraView
  | LeakyBucketView
  | ConcurrencyView
  | OpaqueView;

export const BUILTIN_ALGORITHMS = [
  'fixed-window',
  'sliding-log',
  'sliding-window-counter',
  'token-bucket',
  'gcra',
  'leaky-bucket',
  'concurrency',
] as const;
export type BuiltinAlgorithm = (typeof BUILTIN_ALGORITHMS)[number];

const factories = new Map<string, LimiterFactory>([
  ['fixed-window', fixedWindowFactory],
  ['sliding-log', slidingLogFactory],
  ['sliding-window-counter', slidingWindowCounterFactory],
  ['token-bucket', tokenBucketFactory],
  ['gcra', gcraFactory],
  ['leaky-bucket', leakyBucketFactory],
  ['concurrency', concurrencyFactory],
]);
const loaders = new Map<string, () => Promise<void>>();

/**
 * A factory laid over a registered name that answers some parameters itself (`create`
 * returns a limiter) and passes the others to the registered factory (returns null). The
 * editor's replay of a worker's Lua run is one: its own script replays the recorded
 * decisions, any other script (window.rateLab, a link) runs on the real engine, which is
 * still loaded on demand (prepareLimiters and limitersReady look through the overlay).
 */
export interface LimiterOverlay {
  validateParams: LimiterFactory['validateParams'];
  create(params: Params): ReturnType<LimiterFactory['create']> | null;
  /** What to answer when neither the overlay nor a loaded factory can (nothing loaded yet). */
  unavailable(params: Params): ReturnType<LimiterFactory['create']>;
}
const overlays = new Map<string, LimiterOverlay>();
const composed = new WeakMap<
  LimiterOverlay,
  { base: LimiterFactory | undefined; f: LimiterFactory }
>();

/** Lay an overlay over a name; returns the function that lifts it. */
export function overlayLimiter(name: string, overlay: LimiterOverlay): () => void {
  overlays.set(name, overlay);
  return () => {
    if (overlays.get(name) === overlay) overlays.delete(name);
  };
}

function withOverlay(overlay: LimiterOverlay, base: LimiterFactory | undefined): LimiterFactory {
  const c = composed.get(overlay);
  if (c && c.base === base) return c.f;
  const f: LimiterFactory = {
    ...(base ?? {}),
    validateParams: (params, path) =>
      base ? base.validateParams(params, path) : overlay.validateParams(params, path),
    create: (params) =>
      overlay.create(params) ?? (base ? base.create(params) : overlay.unavailable(params)),
  };
  composed.set(overlay, { base, f });
  return f;
}

/** Does an overlay answer these parameters itself (the editor's replay of its own run)? */
export function overlayAnswers(name: string, params: Params): boolean {
  const o = overlays.get(name);
  return o !== undefined && o.create(params) !== null;
}

/** Register (or replace) a limiter factory, e.g. registerLimiter('lua', luaFactory). */
export function registerLimiter(name: string, factory: LimiterFactory): void {
  factories.set(name, factory);
}

/** Remove a registered limiter (tests). Built-ins cannot be removed. */
export function unregisterLimiter(name: string): void {
  if (!(BUILTIN_ALGORITHMS as readonly string[]).includes(name)) factories.delete(name);
}

/**
 * Register an async loader for a limiter whose factory needs preparation (the Lua engine
 * loads wasm). The loader must call registerLimiter(name, ...) before it resolves.
 */
export function registerLimiterLoader(name: string, load: () => Promise<void>): void {
  loaders.set(name, load);
}

export function getLimiterFactory(name: string): LimiterFactory | undefined {
  const overlay = overlays.get(name);
  return overlay ? withOverlay(overlay, factories.get(name)) : factories.get(name);
}

/** Algorithm names a scenario may use (built-ins, registered plug-ins and those loaded on demand). */
export function registeredAlgorithms(): string[] {
  return [...new Set([...factories.keys(), ...loaders.keys(), ...overlays.keys()])];
}

/** Await the loaders of any named limiter not registered yet. */
export async function prepareLimiters(names: Iterable<string>): Promise<void> {
  for (const n of names) {
    if (factories.has(n)) continue;
    const load = loaders.get(n);
    if (load) await load();
  }
}

/** True when every named limiter can run now (no async loader still to await). */
export function limitersReady(names: Iterable<string>): boolean {
  for (const n of names) if (!factories.has(n) && loaders.has(n)) return false;
  return true;
}

/** The algorithm names a raw scenario refers to (top level and policies), before validation. */
export function limiterNamesOf(input: unknown): Set<string> {
  const names = new Set<string>();
  if (typeof input !== 'object' || input === null) return names;
  const o = input as Record<string, unknown>;
  if (typeof o.algorithm === 'string') names.add(o.algorithm);
  for (const key of ['policies', 'fallback'] as const) {
    const v = o[key];
    for (const p of Array.isArray(v) ? v : [v])
      if (typeof p === 'object' && p !== null) {
        const a = (p as Record<string, unknown>).algorithm;
        if (typeof a === 'string') names.add(a);
      }
  }
  return names;
}

const NO_USAGE: Usage = { used: NaN, limit: NaN, unit: '' };
const described = new WeakMap<LimiterFactory, Algorithm>();

/**
 * The registered algorithm with its whole description: a plug-in's missing parts get
 * neutral answers (no quota, window or allowance, an opaque view, `remaining` as its limiter
 * reports it).
 */
export function algorithmOf(name: string): Algorithm | undefined {
  const f = getLimiterFactory(name);
  if (!f) return undefined;
  let a = described.get(f);
  if (!a) {
    a = {
      summary: `${name}: a limiter plugged in at run time`,
      params: [],
      viewKind: 'opaque',
      reportsRemaining: true,
      budgetParams: [],
      leasable: false,
      allowance: () => null,
      usesDuration: false,
      // A script (the Lua limiter) gets the time as sent and does with it what it says.
      pastTime: 'asGiven',
      quota: () => NaN,
      window: () => NaN,
      usage: () => NO_USAGE,
      describe: () => name,
      ...f,
    } as Algorithm;
    described.set(f, a);
  }
  return a;
}

/** What a state view says is used of its limit, from the algorithm that draws that view. */
export function viewUsage(v: LimiterView): Usage {
  for (const name of factories.keys()) {
    const a = algorithmOf(name)!;
    if (a.viewKind === v.kind) return a.usage(v);
  }
  return NO_USAGE;
}

/** A limiter spec's quota (nominal limit per window); NaN when unknown or none. */
export function quotaOf(spec: { algorithm: string; params: Params }): number {
  return algorithmOf(spec.algorithm)?.quota(spec.params) ?? NaN;
}

/** A limiter spec's window in seconds; NaN when it has no time window. */
export function windowOf(spec: { algorithm: string; params: Params }): number {
  return algorithmOf(spec.algorithm)?.window(spec.params) ?? NaN;
}

/** A limiter spec in words ("3 per 60 s (fixed window)"); the name when it is not known. */
export function describeSpec(spec: { algorithm: string; params: Params }): string {
  return algorithmOf(spec.algorithm)?.describe(spec.params) ?? spec.algorithm;
}

/** The lab's starting parameters for an algorithm (its declared defaults). */
export function defaultParams(name: string): Params {
  const a = algorithmOf(name);
  return a ? defaultsOf(a.params) : {};
}
