// Series over a run for charts and graders: outcomes per interval, the most admitted in any
// window of the policy's length, and each key's use of its limit over time. Engine numbers
// only, bucketed by time.
import { OUTCOME_NAMES, admittedCode } from './columns';
import type { LabRun } from './labRun';
import { viewUsage } from './policy';

export interface SeriesPoint {
  t: number;
  allowed: number;
  denied: number;
  unavailable: number;
  bypass: number;
}

/** Decisions per interval (by decision time), about `buckets` intervals of a round width. */
export function outcomeSeries(run: LabRun, buckets = 40): { width: number; points: SeriesPoint[] } {
  const end = Math.max(run.end, 1e-9);
  const width = niceStep(end / buckets);
  const points: SeriesPoint[] = [];
  for (let b = 0; b * width <= end; b++)
    points.push({ t: +(b * width).toFixed(6), allowed: 0, denied: 0, unavailable: 0, bypass: 0 });
  for (let i = 0; i < run.n; i++) {
    const p = points[Math.min(points.length - 1, Math.floor(run.decidedAt[i]! / width))]!;
    p[OUTCOME_NAMES[run.outcome[i]!]!]++;
  }
  return { width, points };
}

/**
 * Admitted (allowed + bypass: what reached the app) in the trailing window of length w at
 * each sample time, and the most admitted in any window of that length over the run.
 */
export function windowedAdmits(
  run: LabRun,
  w: number,
  samples = 120,
): { points: { t: number; inWindow: number }[]; max: number; maxAt: number } {
  const times: number[] = [];
  for (let j = 0; j < run.byDecision.length; j++) {
    const i = run.byDecision[j]!;
    if (admittedCode(run.outcome[i]!)) times.push(run.decidedAt[i]!);
  }
  let max = 0;
  let maxAt = 0;
  for (let a = 0, b = 0; b < times.length; b++) {
    while (times[a]! <= times[b]! - w + 1e-9) a++;
    if (b - a + 1 > max) {
      max = b - a + 1;
      maxAt = times[b]!;
    }
  }
  const end = Math.max(run.end, 1e-9);
  const points: { t: number; inWindow: number }[] = [];
  let lo = 0;
  let hi = 0;
  for (let k = 0; k <= samples; k++) {
    const t = (end * k) / samples;
    while (hi < times.length && times[hi]! <= t + 1e-9) hi++;
    while (lo < hi && times[lo]! <= t - w + 1e-9) lo++;
    points.push({ t: +t.toFixed(6), inWindow: hi - lo });
  }
  return { points, max, maxAt };
}

/** Per key usage over time from the engine's state views, for the top keys of one target. */
export function usageSeries(
  run: LabRun,
  targetId: string,
  samples = 80,
  maxKeys = 4,
): { keys: string[]; limit: number; points: Record<string, number>[] } {
  const end = Math.max(run.end, 1e-9);
  const keys = run.views(targetId, end, maxKeys, true).map((v) => v.key);
  const allKeys = new Set<string>();
  let limit = NaN;
  const points: Record<string, number>[] = [];
  for (let k = 0; k <= samples; k++) {
    const t = (end * k) / samples;
    const row: Record<string, number> = { t: +t.toFixed(6) };
    for (const v of run.views(targetId, t, 64, true)) {
      if (!keys.includes(v.key) && keys.length >= maxKeys) continue;
      const u = viewUsage(v);
      row[v.key] = +u.used.toFixed(3);
      limit = u.limit;
      allKeys.add(v.key);
    }
    points.push(row);
  }
  return { keys: [...allKeys].slice(0, maxKeys), limit, points };
}

/** 1, 2 or 5 times a power of ten, at least x. */
export function niceStep(x: number): number {
  const p = Math.pow(10, Math.floor(Math.log10(x)));
  for (const m of [1, 2, 5, 10]) if (m * p >= x) return m * p;
  return 10 * p;
}
