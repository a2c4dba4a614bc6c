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
  const prev = fmt(view.previousCount);
  const cur = fmt(view.currentCount);
  // The estimate on one line when it fits beside the bars (bold digits, about 8 units each),
  // else on two, so a narrow box (the room layout) keeps it inside.
  const room = iw - 2 * bw - 18;
  const whole = `≈ ${fmt(view.estimate)} / ${fmt(view.limit)}`;
  const oneLine = whole.length * 8 <= room;
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
        {fitText(bw + 6, 6, `prev ${prev}`, prev)}
      </text>
      <text className="sv-sub" x={bw + 8} y={h - 2}>
        {fitText(bw + 6, 6, `now ${cur}`, cur)}
      </text>
      {oneLine ? (
        <text className="sv-num" x={2 * bw + 18} y={h * 0.45}>
          {whole}
        </text>
      ) : (
        <>
          <text className="sv-num" x={2 * bw + 18} y={h * 0.3}>
            ≈ {fmt(view.estimate)}
          </text>
          <text className="sv-num" x={2 * bw + 18} y={h * 0.3 + 16}>
            of {fmt(view.limit)}
          </text>
        </>
      )}
      <text className="sv-sub" x={2 * bw + 18} y={oneLine ? h * 0.45 + 14 : h * 0.3 + 30}>
        {fitText(room, 6, 'weighted estimate', 'estimate')}
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
