// Naive multi-policy charging: the budget charged to the policies that admitted a request
// another policy then denied (the engine's `totals.wastedBudget`), in words.
import type { LabRun } from '../../../core/lab/labRun';

/** Units of budget wasted over the whole run, every policy together. */
export function wastedTotal(run: LabRun): number {
  const w = run.totals.wastedBudget;
  return Object.values(w).reduce((a, b) => a + b, 0);
}

/** "Naive charging wasted 2 units of budget over the run: 2 of tenant's." */
export function wastedText(run: LabRun): string {
  const w = run.totals.wastedBudget;
  const parts = Object.entries(w)
    .filter(([, v]) => v > 0)
    .map(([id, v]) => `${+v.toFixed(3)} of “${id}”`);
  const total = +wastedTotal(run).toFixed(3);
  return `Naive charging wasted ${total} unit${total === 1 ? '' : 's'} of budget over the run (${parts.join(', ')}): charged for requests another policy then denied.`;
}

/** A lane's line about it (only under naive charging, only when some budget was wasted). */
export function WastedNote({ run }: { run: LabRun }) {
  if (run.scenario.multiPolicy !== 'naive' || wastedTotal(run) === 0) return null;
  return (
    <p className="lane-note" data-testid="lane-wasted">
      {wastedText(run)}
    </p>
  );
}
