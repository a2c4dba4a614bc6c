// GCRA: the theoretical arrival time on an axis from now, and the limit now + burst·T.
import type { GcraView } from '../../../core/limiters/gcra';
import { fitText, fmt, PAD, type Glyph, type GlyphProps } from './types';

function Draw({ view, now, w, h }: GlyphProps<GcraView>) {
  const iw = w - 2 * PAD;
  const horizon = Math.max(view.burst * view.emissionInterval, view.tat - now, 1e-9) * 1.15;
  const x = (t: number) => (iw * (t - now)) / horizon;
  const y = h * 0.5;
  const limitAt = now + view.burst * view.emissionInterval;
  return (
    <g className="sv sv-gcra" transform={`translate(${PAD},2)`}>
      <line className="sv-axis" x1={0} x2={iw} y1={y} y2={y} />
      <rect
        className="sv-span"
        x={0}
        y={y - 6}
        width={Math.max(0, x(Math.max(view.tat, now)))}
        height={6}
      />
      <line className="sv-now" x1={0} x2={0} y1={y - 14} y2={y + 8} />
      <line className="sv-boundary" x1={x(limitAt)} x2={x(limitAt)} y1={y - 14} y2={y + 8} />
      <path className="sv-tat" d={`M${x(Math.max(view.tat, now))},${y - 8}l-5,-8h10z`} />
      <text className="sv-num" x={0} y={14}>
        {fitText(
          iw,
          7.5,
          `TAT ${fmt(view.tat, 2)} s · ${fmt(view.available, 0)} free`,
          `TAT ${fmt(view.tat, 1)} s`,
        )}
      </text>
      <text className="sv-sub" x={0} y={h - 2}>
        now
      </text>
      <text className="sv-sub" x={x(limitAt)} y={h - 2} textAnchor="end">
        {fitText(iw / 2, 6, 'now + burst·T', '+burst·T')}
      </text>
    </g>
  );
}

export const gcraGlyph: Glyph<GcraView> = {
  kind: 'gcra',
  Draw,
  describe: (v) =>
    `GCRA for ${v.key}: theoretical arrival time ${fmt(v.tat)} s, ${fmt(v.available, 0)} requests available now.`,
};
