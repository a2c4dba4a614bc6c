// The room's answers to a prediction as bars: how many gave each value.
import type { PredictValue } from '../../core/live/room';

export function Distribution({ values }: { values: readonly PredictValue[] }) {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(String(v), (counts.get(String(v)) ?? 0) + 1);
  const max = Math.max(1, ...counts.values());
  return (
    <ul className="live-bars" data-testid="distribution" aria-label="Answers">
      {[...counts].map(([v, n]) => (
        <li key={v} data-value={v} data-count={n}>
          <span className="live-bar-label">{v}</span>
          <span className="live-bar" style={{ width: `${(n / max) * 12}rem` }} />
          <span>{n}</span>
        </li>
      ))}
    </ul>
  );
}
