// The overage report is computed over a run in core/lab (lab/overage.ts), where the lab's
// over-the-limit badge reads it too; readers of runs may import it from here.
export * from '../lab/overage';
