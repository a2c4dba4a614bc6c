// The store's clock (Redis TIME) in the store box: what it reads now and how far its steps
// have moved it, or, with time source "app", that the limiter takes each server's clock
// instead. From the run's clocks (src/core/production/clock.ts).
import type { LabRun } from '../../../core/lab/labRun';
import { num, signed } from '../production/derived';

export function storeClockLine(run: LabRun, now: number): string | null {
  const c = run.production.clocks;
  const sc = run.scenario;
  if (sc.timeSource === 'app') return 'now: server clocks';
  if (!c || !sc.store.clockSteps?.length) return null;
  const reads = c.store(now);
  const off = reads - now;
  return `TIME ${num(reads)} s${off !== 0 ? ` (${signed(off)})` : ''}`;
}

export function StoreClock({
  run,
  now,
  x,
  y,
  testids,
}: {
  run: LabRun;
  now: number;
  x: number;
  y: number;
  testids: boolean;
}) {
  const line = storeClockLine(run, now);
  if (!line) return null;
  return (
    <text
      className="box-sub badge-skew"
      x={x}
      y={y}
      data-testid={testids ? 'store-clock' : undefined}
    >
      {line}
    </text>
  );
}
