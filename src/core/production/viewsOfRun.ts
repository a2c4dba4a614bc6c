// The production views of a LabRun that the lab's scene and request panel draw (replica,
// leases, shards, clock reads): apart from ofRun.ts's reports and signals, so the first screen
// loads these without the report and signals code.
import { engineOf, type LabRun } from '../lab/labRun';
import { clockRead, clockReadSeries, type ClockRead, type ClockReadSeries } from './clockReads';
import { ShardView } from './shardView';
import { LeaseView, ReplicationView } from './views';

/** The replica's view (null: the run has no replica). */
export const replicationOfRun = (run: LabRun): ReplicationView | null =>
  run.production.replicaLagSeconds === null ? null : new ReplicationView(engineOf(run));

/** The leases' view (null: not placement "leased"). */
export const leasesOfRun = (run: LabRun): LeaseView | null =>
  run.production.leases ? new LeaseView(engineOf(run)) : null;

/** The shards' view (null: not placement "sharded"). */
export const shardsOfRun = (run: LabRun): ShardView | null =>
  run.production.shard ? new ShardView(engineOf(run)) : null;

export const clockReadOfRun = (run: LabRun, i: number): ClockRead | null =>
  clockRead(engineOf(run), i);

export const clockReadSeriesOfRun = (run: LabRun, max?: number): ClockReadSeries =>
  clockReadSeries(engineOf(run), max);
