// Algorithm name -> factory. Built-ins register here; src/core/lua registers "lua" (it
// needs an async engine load, so it registers a loader that prepareLimiters() awaits).
import { concurrencyFactory } from './concurrency';
import { fixedWindowFactory } from './fixedWindow';
import { gcraFactory } from './gcra';
import { leakyBucketFactory } from './leakyBucket';
import { slidingLogFactory } from './slidingLog';
import { slidingWindowCounterFactory } from './slidingWindowCounter';
import { tokenBucketFactory } from './tokenBucket';
import type { LimiterFactory } from './types';

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
  return factories.get(name);
}

/** Algorithm names usable now (built-ins plus registered plug-ins). */
export function registeredAlgorithms(): string[] {
  return [...factories.keys()];
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
