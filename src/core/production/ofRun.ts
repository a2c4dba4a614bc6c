// The production reports and views of a LabRun (the way the UI, simulate and the graders reach
// them): each reads the engine's columns under the run, once per run where it is kept.
import { engineOf, type LabRun } from '../lab/labRun';
import { clockRead, clockReadSeries, type ClockRead, type ClockReadSeries } from './clockReads';
import { productionReport, shadowSeries, type ProductionReport } from './report';
import { ShardView } from './shardView';
import { signals, type Signals } from './signals';
import { LeaseView, ReplicationView } from './views';

export const reportOfRun = (run: LabRun): ProductionReport => productionReport(engineOf(run));

/** The signals of the requests decided by `upTo` (default: the whole run). */
export const signalsOfRun = (run: LabRun, bucketSeconds?: number, upTo?: number): Signals =>
  signals(engineOf(run), bucketSeconds, upTo);

/** The replica's view (null: the run has no replica). */
export const replicationOfRun = (run: LabRun): ReplicationView | null =>
  run.production.replicaLagSeconds === null ? null : new ReplicationView(engineOf(run));

/** The leases' view (null: not placement "leased"). */
export const leasesOfRun = (run: LabRun): LeaseView | null =>
  run.production.leases ? new LeaseView(engineOf(run)) : null;

/** The shards' view (null: not placement "sharded"). */
export const shardsOfRun = (run: LabRun): ShardView | null =>
  run.production.shard ? new ShardView(engineOf(run)) : null;

export const shadowSeriesOfRun = (run: LabRun, bucketSeconds: number) =>
  shadowSeries(engineOf(run), bucketSeconds);

export const clockReadOfRun = (run: LabRun, i: number): ClockRead | null =>
  clockRead(engineOf(run), i);

export const clockReadSeriesOfRun = (run: LabRun, max?: number): ClockReadSeries =>
  clockReadSeries(engineOf(run), max);
