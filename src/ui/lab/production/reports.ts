// The production report and signals of a run, computed once per run and kept with it (a run
// never changes). Apart from derived.ts: only the panels and the caption's production lines
// read them, and they load after the first screen.
import type { LabRun } from '../../../core/lab/labRun';
import { reportOfRun, signalsOfRun } from '../../../core/production/ofRun';
import type { ProductionReport } from '../../../core/production/report';
import type { Signals } from '../../../core/production/signals';

interface Kept {
  report?: ProductionReport;
  signals?: Signals;
}

const cache = new WeakMap<LabRun, Kept>();
const of = (run: LabRun): Kept => {
  let d = cache.get(run);
  if (!d) cache.set(run, (d = {}));
  return d;
};

export const reportOf = (run: LabRun): ProductionReport => (of(run).report ??= reportOfRun(run));

export const signalsOf = (run: LabRun): Signals => (of(run).signals ??= signalsOfRun(run));
