// Token bucket: a vessel filled to tokens / capacity, the tap refilling it.
import type { TokenBucketView } from '../../../core/limiters/tokenBucket';
import { fmt, PAD, type Glyph, type GlyphProps } from './types';

function Draw({ view, w, h }: GlyphProps<TokenBucketView>) {
  const iw = w - 2 * PAD;
  const frac = Math.max(0, Math.min(1, view.tokens / view.capacity));
  // The count beside the vessel (bold digits, about 8 units each): a narrow box (the room
  // layout) takes a slimmer vessel, then puts the count on two lines, so it stays inside.
  const whole = `${fmt(view.tokens, 2)} / ${fmt(view.capacity)}`;
  const bw = Math.max(iw * 0.22, Math.min(iw * 0.38, h * 0.9, iw - 8 - whole.length * 8));
  const oneLine = whole.length * 8 <= iw - bw - 8;
  const y0 = oneLine ? h * 0.45 : h * 0.3 + 16;
  const bh = h - 16;
  // The refill rate without trailing zeros: +0.05/s, +5/s.
  const refill = `+${+view.refillPerSecond.toFixed(3)}/s`;
  return (
    <g className="sv sv-bucket" transform={`translate(${PAD},2)`}>
      {/* the tap */}
      <path className="sv-tap" d={`M${bw * 0.5},0v6`} />
      <path className="sv-vessel" d={`M0,8L${bw * 0.08},${8 + bh}H${bw * 0.92}L${bw},8`} />
      <rect
        className="sv-fill"
        x={bw * 0.08 + 1}
        y={8 + bh * (1 - frac)}
        width={Math.max(0.5, bw * 0.84 - 2)}
        height={bh * frac}
      />
      {oneLine ? (
        <text className="sv-num" x={bw + 8} y={y0}>
          {whole}
        </text>
      ) : (
        <>
          <text className="sv-num" x={bw + 8} y={h * 0.3}>
            {fmt(view.tokens, 2)}
          </text>
          <text className="sv-num" x={bw + 8} y={y0}>
            of {fmt(view.capacity)}
          </text>
        </>
      )}
      {/* One line when it fits (about 6 px a character), else the refill on a line of its own. */}
      {w - PAD - (bw + 8) >= 6 * `tokens · ${refill}`.length ? (
        <text className="sv-sub" x={bw + 8} y={y0 + 14}>
          tokens · {refill}
        </text>
      ) : (
        <>
          <text className="sv-sub" x={bw + 8} y={y0 + 13}>
            tokens
          </text>
          <text className="sv-sub" x={bw + 8} y={y0 + 25}>
            {refill}
          </text>
        </>
      )}
    </g>
  );
}

export const tokenBucketGlyph: Glyph<TokenBucketView> = {
  kind: 'token-bucket',
  Draw,
  describe: (v) =>
    `Token bucket for ${v.key}: ${fmt(v.tokens)} of ${fmt(v.capacity)} tokens, refilling ${fmt(v.refillPerSecond, 3)} per second.`,
};
