import type { Outcome } from '../../core/lab/columns';

export const OUTCOME_LABEL: Record<Outcome, string> = {
  allowed: 'admitted',
  denied: '429 denied',
  unavailable: '503 unavailable',
  bypass: 'bypass (fail-open)',
};

/**
 * One request's outcome, in the lab's visual language: shape carries the meaning without
 * colour (admitted circle, 429 square, 503 triangle, bypass hollow circle).
 */
export function OutcomeShape({ outcome, size = 14 }: { outcome: Outcome; size?: number }) {
  return (
    <svg
      className={`outcome-shape outcome-${outcome}`}
      width={size}
      height={size}
      viewBox="0 0 14 14"
      aria-hidden="true"
    >
      {outcome === 'allowed' && <circle cx="7" cy="7" r="6" fill="currentColor" />}
      {outcome === 'denied' && (
        <rect x="1.5" y="1.5" width="11" height="11" rx="1" fill="currentColor" />
      )}
      {outcome === 'unavailable' && <path d="M7 1 13.2 12.6H.8Z" fill="currentColor" />}
      {outcome === 'bypass' && (
        <circle cx="7" cy="7" r="5" fill="none" stroke="currentColor" strokeWidth="2.2" />
      )}
    </svg>
  );
}

/** The four outcomes with their shapes, for a legend. */
export function OutcomeLegend({ only }: { only?: Outcome[] }) {
  const list = only ?? (['allowed', 'denied', 'unavailable', 'bypass'] as Outcome[]);
  return (
    <ul className="outcome-legend" aria-label="Legend">
      {list.map((o) => (
        <li key={o}>
          <OutcomeShape outcome={o} size={12} /> {OUTCOME_LABEL[o]}
        </li>
      ))}
    </ul>
  );
}
