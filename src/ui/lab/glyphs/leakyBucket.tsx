// Leaky bucket: the queue as cells filling with the excess, draining at the rate.
import type { LeakyBucketView } from '../../../core/limiters/leakyBucket';
import { fitText, fmt, PAD, type Glyph, type GlyphProps } from './types';

function Draw({ view, w, h }: GlyphProps<LeakyBucketView>) {
  const iw = w - 2 * PAD;
  const cap = Math.max(1, Math.ceil(view.burst + 1));
  const cells = Math.min(cap, 16);
  const cw = Math.min(20, (iw * 0.5) / cells);
  return (
    <g className="sv sv-leaky" transform={`translate(${PAD},2)`}>
      {Array.from({ length: cells }, (_, i) => {
        const fill = Math.max(0, Math.min(1, view.level - i));
        return (
          <g key={i}>
            <rect className="sv-cell" x={i * cw} y={6} width={cw - 3} height={h * 0.42} rx={2} />
            <rect
              className="sv-cell on"
              x={i * cw}
              y={6}
              width={(cw - 3) * fill}
              height={h * 0.42}
              rx={2}
            />
          </g>
        );
      })}
      <path className="sv-tap" d={`M${-2},${6 + h * 0.21}h-3`} />
      <text className="sv-num" x={0} y={h * 0.42 + 22}>
        {fitText(
          iw,
          7.5,
          `queue ${fmt(view.level, 2)} / ${fmt(view.burst)} extra`,
          `queue ${fmt(view.level, 1)} / ${fmt(view.burst)}`,
        )}
      </text>
      <text className="sv-sub" x={iw} y={14} textAnchor="end">
        {fitText(
          iw * 0.45,
          6,
          `drains ${+view.ratePerSecond.toFixed(3)}/s`,
          `${+view.ratePerSecond.toFixed(3)}/s`,
        )}
      </text>
    </g>
  );
}

export const leakyBucketGlyph: Glyph<LeakyBucketView> = {
  kind: 'leaky-bucket',
  Draw,
  describe: (v) =>
    `Leaky bucket for ${v.key}: queue level ${fmt(v.level)}, burst ${fmt(v.burst)}, draining ${fmt(v.ratePerSecond, 3)} per second.`,
};
