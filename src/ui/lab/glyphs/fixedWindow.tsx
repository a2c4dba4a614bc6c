// Fixed window: one cell per request of the limit, lit as the count grows, and the window's
// span with its reset boundary.
import type { FixedWindowView } from '../../../core/limiters/fixedWindow';
import { fmt, PAD, type Glyph, type GlyphProps } from './types';

function Draw({ view, now, w, h }: GlyphProps<FixedWindowView>) {
  const iw = w - 2 * PAD;
  const cells = Math.min(view.limit, 20);
  const narrow = iw < 200;
  const cw = Math.min(22, ((narrow ? iw : iw * 0.5) - 2) / cells);
  const span = view.windowEnd - view.windowStart;
  const nx = Math.max(0, Math.min(1, (now - view.windowStart) / span));
  const ax = narrow ? iw - 6 : iw * 0.42;
  const ox = narrow ? 0 : iw - ax - 6;
  const axisY = narrow ? h - 4 : h * 0.62;
  const cellH = narrow ? Math.min(18, h * 0.3) : h * 0.42;
  return (
    <g className="sv sv-window" transform={`translate(${PAD},2)`}>
      {Array.from({ length: cells }, (_, i) => (
        <rect
          key={i}
          className={i < view.count ? 'sv-cell on' : 'sv-cell'}
          x={i * cw}
          y={4}
          width={Math.max(0.5, cw - 3)}
          height={cellH}
          rx={2}
        />
      ))}
      <text className="sv-num" x={0} y={cellH + 19}>
        {fmt(view.count)} / {fmt(view.limit)}
      </text>
      <g transform={`translate(${ox},0)`}>
        <line className="sv-axis" x1={0} x2={ax} y1={axisY} y2={axisY} />
        <rect className="sv-span" x={0} y={axisY - 7} width={Math.max(2, ax * nx)} height={6} />
        <line className="sv-boundary" x1={ax} x2={ax} y1={axisY - 14} y2={axisY + 4} />
        <text className="sv-sub" x={ax - 4} y={axisY - 9} textAnchor="end">
          {narrow
            ? `reset ${fmt(view.windowEnd)} s`
            : `window ${fmt(view.windowStart)}–${fmt(view.windowEnd)} s`}
        </text>
      </g>
    </g>
  );
}

export const fixedWindowGlyph: Glyph<FixedWindowView> = {
  kind: 'fixed-window',
  Draw,
  describe: (v) =>
    `Fixed window for ${v.key}: ${fmt(v.count)} of ${fmt(v.limit)} used in the window ${fmt(v.windowStart)} to ${fmt(v.windowEnd)} s.`,
};
