// Concurrency: one slot per request allowed in flight, lit while held.
import type { ConcurrencyView } from '../../../core/limiters/concurrency';
import { fitText, fmt, PAD, type Glyph, type GlyphProps } from './types';

function Draw({ view, w, h }: GlyphProps<ConcurrencyView>) {
  const iw = w - 2 * PAD;
  const cells = Math.min(Math.ceil(view.maxInFlight), 24);
  const cw = Math.min(22, (iw * 0.6) / cells);
  return (
    <g className="sv sv-conc" transform={`translate(${PAD},2)`}>
      {Array.from({ length: cells }, (_, i) => (
        <rect
          key={i}
          className={i < view.used ? 'sv-cell on' : 'sv-cell'}
          x={i * cw}
          y={6}
          width={cw - 3}
          height={h * 0.42}
          rx={4}
        />
      ))}
      <text className="sv-num" x={0} y={h * 0.42 + 22}>
        {fitText(
          w - 2 * PAD,
          7.5,
          `${fmt(view.used)} / ${fmt(view.maxInFlight)} slots in use`,
          `${fmt(view.used)} / ${fmt(view.maxInFlight)} in use`,
        )}
      </text>
    </g>
  );
}

export const concurrencyGlyph: Glyph<ConcurrencyView> = {
  kind: 'concurrency',
  Draw,
  describe: (v) =>
    `Concurrency for ${v.key}: ${fmt(v.used)} of ${fmt(v.maxInFlight)} slots in use.`,
};
