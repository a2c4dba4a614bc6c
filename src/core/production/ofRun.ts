// The production reports and views of a LabRun (the way the UI, simulate and the graders reach
// them): each reads the engine's columns under the run, once per run where it is kept.
import { engineOf, type LabRun } from '../lab/labRun';
import { productionReport, shadowSeries, type ProductionReport } from './report';
import { signals, type Signals } from './signals';

// The views the scene draws live in viewsOfRun.ts (the first screen loads them without this
// file's reports); they are reached from here too.
export {
  clockReadOfRun,
  clockReadSeriesOfRun,
  leasesOfRun,
  replicationOfRun,
  shardsOfRun,
} from './viewsOfRun';

export const reportOfRun = (run: LabRun): ProductionReport => productionReport(engineOf(run));

/** The signals of the requests decided by `upTo` (default: the whole run). */
export const signalsOfRun = (run: LabRun, bucketSeconds?: number, upTo?: number): Signals =>
  signals(engineOf(run), bucketSeconds, upTo);

export const shadowSeriesOfRun = (run: LabRun, bucketSeconds: number) =>
  shadowSeries(engineOf(run), bucketSeconds);
