// The production views' data for a run, computed once per run and kept with it (a run never
// changes). Every number the views show comes from these core functions. The report and the
// signals, which only the panels and the caption lines read, are in reports.ts.
import type { LabRun } from '../../../core/lab/labRun';
import { featuresOf, type ProductionFeature } from '../../../core/production/labels';
import { leasesOfRun, replicationOfRun, shardsOfRun } from '../../../core/production/viewsOfRun';
import type { ShardView } from '../../../core/production/shardView';
import type { LeaseView, ReplicationView } from '../../../core/production/views';

interface Derived {
  features?: ProductionFeature[];
  replication?: ReplicationView | null;
  leases?: LeaseView | null;
  shards?: ShardView | null;
}

const cache = new WeakMap<LabRun, Derived>();
const of = (run: LabRun): Derived => {
  let d = cache.get(run);
  if (!d) cache.set(run, (d = {}));
  return d;
};

export const featuresOfRun = (run: LabRun): ProductionFeature[] =>
  (of(run).features ??= featuresOf(run.scenario));

export function replicationOf(run: LabRun): ReplicationView | null {
  const d = of(run);
  if (d.replication === undefined) d.replication = replicationOfRun(run);
  return d.replication;
}

export function leasesOf(run: LabRun): LeaseView | null {
  const d = of(run);
  if (d.leases === undefined) d.leases = leasesOfRun(run);
  return d.leases;
}

export function shardsOf(run: LabRun): ShardView | null {
  const d = of(run);
  if (d.shards === undefined) d.shards = shardsOfRun(run);
  return d.shards;
}

/** A number as the views print it: whole numbers as they are, others to 2 decimals at most. */
export const num = (x: number, digits = 2): string =>
  Number.isFinite(x) ? String(+x.toFixed(digits)) : x > 0 ? '∞' : '—';

/** Seconds: "2.5 s". */
export const sec = (x: number): string => `${num(x)} s`;

/** A signed offset: "+2 s", "−0.5 s". */
export const signed = (x: number, unit = 's'): string =>
  `${x > 0 ? '+' : x < 0 ? '−' : '±'}${num(Math.abs(x))}${unit ? ` ${unit}` : ''}`;

export const pct = (x: number): string =>
  Number.isFinite(x) ? `${+(x * 100).toFixed(x !== 0 && Math.abs(x) < 0.01 ? 2 : 1)}%` : '—';
