// Limiter state drawn in the algorithm's own terms, from the engine's state views.
import type { LimiterView } from '../../core/limiters/types';

const f = (x: number, d = 2) => (Number.isInteger(x) ? String(x) : x.toFixed(d));

/** One key's state as an SVG group inside a w x h box at the origin. */
export function StateGlyph({
  view,
  now,
  w,
  h,
}: {
  view: LimiterView;
  now: number;
  w: number;
  h: number;
}) {
  const pad = 4;
  const iw = w - 2 * pad;
  switch (view.kind) {
    case 'token-bucket': {
      const frac = Math.max(0, Math.min(1, view.tokens / view.capacity));
      const bw = Math.min(iw * 0.38, h * 0.9);
      const bh = h - 16;
      return (
        <g className="sv sv-bucket" transform={`translate(${pad},2)`}>
          {/* the tap */}
          <path className="sv-tap" d={`M${bw * 0.5},0v6`} />
          <path className="sv-vessel" d={`M0,8L${bw * 0.08},${8 + bh}H${bw * 0.92}L${bw},8`} />
          <rect
            className="sv-fill"
            x={bw * 0.08 + 1}
            y={8 + bh * (1 - frac)}
            width={bw * 0.84 - 2}
            height={bh * frac}
          />
          <text className="sv-num" x={bw + 8} y={h * 0.45}>
            {f(view.tokens, 2)} / {f(view.capacity)}
          </text>
          <text className="sv-sub" x={bw + 8} y={h * 0.45 + 14}>
            tokens · +{f(view.refillPerSecond, 3)}/s
          </text>
        </g>
      );
    }
    case 'fixed-window': {
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
        <g className="sv sv-window" transform={`translate(${pad},2)`}>
          {Array.from({ length: cells }, (_, i) => (
            <rect
              key={i}
              className={i < view.count ? 'sv-cell on' : 'sv-cell'}
              x={i * cw}
              y={4}
              width={cw - 3}
              height={cellH}
              rx={2}
            />
          ))}
          <text className="sv-num" x={0} y={cellH + 19}>
            {f(view.count)} / {f(view.limit)}
          </text>
          <g transform={`translate(${ox},0)`}>
            <line className="sv-axis" x1={0} x2={ax} y1={axisY} y2={axisY} />
            <rect className="sv-span" x={0} y={axisY - 7} width={Math.max(2, ax * nx)} height={6} />
            <line className="sv-boundary" x1={ax} x2={ax} y1={axisY - 14} y2={axisY + 4} />
            <text className="sv-sub" x={ax - 4} y={axisY - 9} textAnchor="end">
              {narrow
                ? `reset ${f(view.windowEnd)} s`
                : `window ${f(view.windowStart)}–${f(view.windowEnd)} s`}
            </text>
          </g>
        </g>
      );
    }
    case 'sliding-log': {
      const ax = iw;
      const y = h * 0.55;
      const x = (t: number) => ax * (1 - (now - t) / view.windowSeconds);
      return (
        <g className="sv sv-log" transform={`translate(${pad},2)`}>
          <line className="sv-axis" x1={0} x2={ax} y1={y} y2={y} />
          <line className="sv-boundary" x1={0} x2={0} y1={y - 12} y2={y + 8} />
          {view.entries.slice(-60).map((e, i) => (
            <circle key={i} className="sv-entry" cx={Math.max(0, x(e.at))} cy={y - 5} r={4} />
          ))}
          <text className="sv-num" x={0} y={14}>
            {f(view.sum)} / {f(view.limit)} in the last {f(view.windowSeconds)} s
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
    case 'sliding-window-counter': {
      const bh = h - 22;
      const max = Math.max(view.limit, view.previousCount, view.currentCount, 1);
      const b = (n: number) => (bh * n) / max;
      const bw = Math.min(28, iw * 0.18);
      return (
        <g className="sv sv-swc" transform={`translate(${pad},2)`}>
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
            prev {f(view.previousCount)}
          </text>
          <text className="sv-sub" x={bw + 8} y={h - 2}>
            now {f(view.currentCount)}
          </text>
          <text className="sv-num" x={2 * bw + 18} y={h * 0.45}>
            ≈ {f(view.estimate)} / {f(view.limit)}
          </text>
          <text className="sv-sub" x={2 * bw + 18} y={h * 0.45 + 14}>
            weighted estimate
          </text>
        </g>
      );
    }
    case 'gcra': {
      const horizon = Math.max(view.burst * view.emissionInterval, view.tat - now, 1e-9) * 1.15;
      const x = (t: number) => (iw * (t - now)) / horizon;
      const y = h * 0.5;
      const limitAt = now + view.burst * view.emissionInterval;
      return (
        <g className="sv sv-gcra" transform={`translate(${pad},2)`}>
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
            TAT {f(view.tat, 2)} s · {f(view.available, 0)} free
          </text>
          <text className="sv-sub" x={0} y={h - 2}>
            now
          </text>
          <text className="sv-sub" x={x(limitAt)} y={h - 2} textAnchor="end">
            now + burst·T
          </text>
        </g>
      );
    }
    case 'leaky-bucket': {
      const cap = Math.max(1, Math.ceil(view.burst + 1));
      const cells = Math.min(cap, 16);
      const cw = Math.min(20, (iw * 0.5) / cells);
      return (
        <g className="sv sv-leaky" transform={`translate(${pad},2)`}>
          {Array.from({ length: cells }, (_, i) => {
            const fill = Math.max(0, Math.min(1, view.level - i));
            return (
              <g key={i}>
                <rect
                  className="sv-cell"
                  x={i * cw}
                  y={6}
                  width={cw - 3}
                  height={h * 0.42}
                  rx={2}
                />
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
            queue {f(view.level, 2)} / {f(view.burst)} extra
          </text>
          <text className="sv-sub" x={iw} y={14} textAnchor="end">
            drains {f(view.ratePerSecond, 3)}/s
          </text>
        </g>
      );
    }
    case 'concurrency': {
      const cells = Math.min(Math.ceil(view.maxInFlight), 24);
      const cw = Math.min(22, (iw * 0.6) / cells);
      return (
        <g className="sv sv-conc" transform={`translate(${pad},2)`}>
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
            {f(view.used)} / {f(view.maxInFlight)} slots in use
          </text>
        </g>
      );
    }
    default:
      return (
        <text className="sv-sub" x={pad} y={h / 2}>
          {view.algorithm} state
        </text>
      );
  }
}

/** A full-size card for the side panel: the drawing plus the numbers, per key. */
export function StateCard({ view, now }: { view: LimiterView; now: number }) {
  return (
    <figure className="state-card" data-testid={`state-${view.kind}`}>
      <figcaption>
        key <code>{view.key}</code> · {view.kind}
      </figcaption>
      <svg viewBox="0 0 320 74" width="100%" role="img" aria-label={describeView(view)}>
        <StateGlyph view={view} now={now} w={320} h={70} />
      </svg>
    </figure>
  );
}

export function describeView(v: LimiterView): string {
  switch (v.kind) {
    case 'token-bucket':
      return `Token bucket for ${v.key}: ${f(v.tokens)} of ${f(v.capacity)} tokens, refilling ${f(v.refillPerSecond, 3)} per second.`;
    case 'fixed-window':
      return `Fixed window for ${v.key}: ${f(v.count)} of ${f(v.limit)} used in the window ${f(v.windowStart)} to ${f(v.windowEnd)} s.`;
    case 'sliding-log':
      return `Sliding log for ${v.key}: ${v.entries.length} entries, ${f(v.sum)} of ${f(v.limit)} in the last ${f(v.windowSeconds)} s.`;
    case 'sliding-window-counter':
      return `Sliding window counter for ${v.key}: previous ${f(v.previousCount)}, current ${f(v.currentCount)}, estimate ${f(v.estimate)} of ${f(v.limit)}.`;
    case 'gcra':
      return `GCRA for ${v.key}: theoretical arrival time ${f(v.tat)} s, ${f(v.available, 0)} requests available now.`;
    case 'leaky-bucket':
      return `Leaky bucket for ${v.key}: queue level ${f(v.level)}, burst ${f(v.burst)}, draining ${f(v.ratePerSecond, 3)} per second.`;
    case 'concurrency':
      return `Concurrency for ${v.key}: ${f(v.used)} of ${f(v.maxInFlight)} slots in use.`;
    default:
      return `${v.algorithm} state for ${v.key}.`;
  }
}
