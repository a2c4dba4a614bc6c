// Sliding log: the live entries on a time axis ending now; they leave at the left edge.
import type { SlidingLogView } from '../../../core/limiters/slidingLog';
import { fitText, fmt, PAD, type Glyph, type GlyphProps } from './types';

function Draw({ view, now, w, h }: GlyphProps<SlidingLogView>) {
  const ax = w - 2 * PAD;
  const y = h * 0.55;
  const x = (t: number) => ax * (1 - (now - t) / view.windowSeconds);
  return (
    <g className="sv sv-log" transform={`translate(${PAD},2)`}>
      <line className="sv-axis" x1={0} x2={ax} y1={y} y2={y} />
      <line className="sv-boundary" x1={0} x2={0} y1={y - 12} y2={y + 8} />
      {view.entries.slice(-60).map((e, i) => (
        <circle key={i} className="sv-entry" cx={Math.max(0, x(e.at))} cy={y - 5} r={4} />
      ))}
      <text className="sv-num" x={0} y={14}>
        {fitText(
          ax,
          7.5,
          `${fmt(view.sum)} / ${fmt(view.limit)} in the last ${fmt(view.windowSeconds)} s`,
          `${fmt(view.sum)} / ${fmt(view.limit)} · ${fmt(view.windowSeconds)} s`,
        )}
      </text>
      <text className="sv-sub" x={ax} y={h - 2} textAnchor="end">
        now
      </text>
      <text className="sv-sub" x={0} y={h - 2}>
        leaving
      </text>
    </g>
  );
}

export const slidingLogGlyph: Glyph<SlidingLogView> = {
  kind: 'sliding-log',
  Draw,
  describe: (v) =>
    `Sliding log for ${v.key}: ${v.entries.length} entries, ${fmt(v.sum)} of ${fmt(v.limit)} in the last ${fmt(v.windowSeconds)} s.`,
};
