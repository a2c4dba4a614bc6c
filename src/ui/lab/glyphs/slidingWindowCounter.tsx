// Sliding window counter: the previous and current window's counts as bars against the
// limit, and the weighted estimate.
import type { SlidingWindowCounterView } from '../../../core/limiters/slidingWindowCounter';
import { fitText, fmt, PAD, type Glyph, type GlyphProps } from './types';

function Draw({ view, w, h }: GlyphProps<SlidingWindowCounterView>) {
  const iw = w - 2 * PAD;
  const bh = h - 22;
  const max = Math.max(view.limit, view.previousCount, view.currentCount, 1);
  const b = (n: number) => (bh * n) / max;
  const bw = Math.min(28, iw * 0.18);
  return (
    <g className="sv sv-swc" transform={`translate(${PAD},2)`}>
      <rect
        className="sv-cell"
        x={0}
        y={4 + bh - b(view.previousCount)}
        width={bw}
        height={b(view.previousCount)}
      />
      <line className="sv-boundary" x1={bw + 4} x2={bw + 4} y1={2} y2={bh + 6} />
      <rect
        className="sv-cell on"
        x={bw + 8}
        y={4 + bh - b(view.currentCount)}
        width={bw}
        height={b(view.currentCount)}
      />
      <line
        className="sv-limit"
        x1={0}
        x2={2 * bw + 8}
        y1={4 + bh - b(view.limit)}
        y2={4 + bh - b(view.limit)}
      />
      <text className="sv-sub" x={0} y={h - 2}>
        prev {fmt(view.previousCount)}
      </text>
      <text className="sv-sub" x={bw + 8} y={h - 2}>
        now {fmt(view.currentCount)}
      </text>
      <text className="sv-num" x={2 * bw + 18} y={h * 0.45}>
        ≈ {fmt(view.estimate)} / {fmt(view.limit)}
      </text>
      <text className="sv-sub" x={2 * bw + 18} y={h * 0.45 + 14}>
        {fitText(iw - 2 * bw - 18, 6, 'weighted estimate', 'estimate')}
      </text>
    </g>
  );
}

export const slidingWindowCounterGlyph: Glyph<SlidingWindowCounterView> = {
  kind: 'sliding-window-counter',
  Draw,
  describe: (v) =>
    `Sliding window counter for ${v.key}: previous ${fmt(v.previousCount)}, current ${fmt(v.currentCount)}, estimate ${fmt(v.estimate)} of ${fmt(v.limit)}.`,
};
