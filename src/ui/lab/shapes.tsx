// Outcome shapes: the same shape and colour everywhere (scene dots, lists, legend, charts).
import type { Outcome } from '../../core/lab/columns';

/** Path for an outcome glyph of radius r centred on 0,0 (also used by the animation loop). */
export function shapePath(o: Outcome | 'outbound' | 'write', r: number): string {
  switch (o) {
    case 'denied':
      return `M${-r * 0.85},${-r * 0.85}h${r * 1.7}v${r * 1.7}h${-r * 1.7}z`;
    case 'unavailable':
      return `M0,${-r * 1.1}L${r * 1.05},${r * 0.8}L${-r * 1.05},${r * 0.8}z`;
    case 'write':
      return `M0,${-r}L${r},0L0,${r}L${-r},0z`;
    default:
      // circle as a path (allowed, bypass hollow, outbound)
      return `M${-r},0a${r},${r} 0 1,0 ${2 * r},0a${r},${r} 0 1,0 ${-2 * r},0`;
  }
}

export const OUTCOME_LABEL: Record<Outcome, string> = {
  allowed: 'Admitted (200)',
  denied: 'Denied (429)',
  unavailable: 'Limiter unavailable (503)',
  bypass: 'Bypass, failing open',
};

export const OUTCOME_SHORT: Record<Outcome, string> = {
  allowed: 'admitted',
  denied: '429',
  unavailable: '503',
  bypass: 'bypass',
};

export function OutcomeGlyph({
  outcome,
  size = 14,
  title,
}: {
  outcome: Outcome;
  size?: number;
  title?: string;
}) {
  const r = size / 2 - 1.5;
  return (
    <svg
      className={`glyph o-${outcome}`}
      width={size}
      height={size}
      viewBox={`${-size / 2} ${-size / 2} ${size} ${size}`}
      role={title ? 'img' : undefined}
      aria-label={title}
      aria-hidden={title ? undefined : true}
    >
      <path d={shapePath(outcome, r)} />
    </svg>
  );
}

export function Legend({ show }: { show?: Outcome[] }) {
  const all: Outcome[] = show ?? ['allowed', 'denied', 'unavailable', 'bypass'];
  return (
    <ul className="lab-legend" aria-label="Legend">
      {all.map((o) => (
        <li key={o}>
          <OutcomeGlyph outcome={o} /> {OUTCOME_LABEL[o]}
        </li>
      ))}
      <li>
        <svg className="glyph outbound" width={14} height={14} viewBox="-7 -7 14 14" aria-hidden>
          <path d={shapePath('outbound', 4)} />
        </svg>{' '}
        Request on its way (client colour)
      </li>
    </ul>
  );
}

/** Tenant hues (distinct from the outcome colours). */
export const TENANT_HUES = [
  '#2f6fde',
  '#c0398a',
  '#8a6a12',
  '#0e8a9a',
  '#6b4fd8',
  '#a8502a',
  '#3d7f8f',
  '#9a3b5b',
];
export const tenantHue = (i: number) => TENANT_HUES[i % TENANT_HUES.length]!;
