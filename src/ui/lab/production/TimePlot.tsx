// A small static plot over the run's time axis (bars or step lines), with the lab's "now" line
// (NowLine) moved by the animation loop as a composited transform: the plot itself never
// re-renders while the clock runs (docs/ui-notes.md). Shapes are drawn in a stretched SVG
// (non-scaling strokes); the axis labels are HTML, so text is never distorted.
import { NowLine } from '../NowLine';
import { num } from './derived';

export interface PlotSeries {
  label: string;
  /** CSS class for the colour (fill for bars, stroke for lines). */
  className: string;
  kind: 'bar' | 'line';
  /** x values (seconds) and y values, same length; bars are `width` seconds wide. */
  x: ArrayLike<number>;
  y: ArrayLike<number>;
  width?: number;
  /** Bars of this series stack on the bars of these earlier series (same x). */
  stackOn?: number;
}

const VW = 1000;
/** The "now" line spans the plot area's height. */
const NOW_STYLE = { top: 0, bottom: 0 };

export function TimePlot({
  series,
  xMax,
  height = 120,
  yLabel,
  testid,
  zero = true,
}: {
  series: PlotSeries[];
  xMax: number;
  height?: number;
  yLabel: string;
  testid?: string;
  /** Include 0 in the y range. */
  zero?: boolean;
}) {
  // y range over every series (stacked bars summed)
  let lo = zero ? 0 : Infinity;
  let hi = zero ? 0 : -Infinity;
  const tops = series.map((s) => {
    const base = s.stackOn !== undefined ? series[s.stackOn] : undefined;
    return Array.from(s.y, (v, k) => v + (base ? (base.y[k] ?? 0) : 0));
  });
  for (const t of tops)
    for (const v of t) {
      if (!Number.isFinite(v)) continue;
      lo = Math.min(lo, v);
      hi = Math.max(hi, v);
    }
  if (!Number.isFinite(lo)) [lo, hi] = [0, 1];
  if (hi - lo < 1e-9) hi = lo + 1;
  const H = 100;
  const X = (x: number) => (xMax > 0 ? (x / xMax) * VW : 0);
  const Y = (y: number) => H - ((y - lo) / (hi - lo)) * H;
  return (
    <div className="time-plot" data-testid={testid}>
      <div className="tp-y" aria-hidden>
        <span>{num(hi)}</span>
        <span className="tp-ylabel">{yLabel}</span>
        <span>{num(lo)}</span>
      </div>
      <div className="tp-main">
        <div className="tp-area" style={{ height }}>
          <svg viewBox={`0 0 ${VW} ${H}`} preserveAspectRatio="none" aria-hidden>
            {lo < 0 && hi > 0 && <line className="tp-zero" x1={0} x2={VW} y1={Y(0)} y2={Y(0)} />}
            {series.map((s, si) => {
              if (s.kind === 'bar') {
                const base = s.stackOn !== undefined ? series[s.stackOn] : undefined;
                const w = X(s.width ?? 1);
                let d = '';
                for (let k = 0; k < s.y.length; k++) {
                  const v = s.y[k]!;
                  if (!(v > 0)) continue;
                  const b = base ? (base.y[k] ?? 0) : 0;
                  const y0 = Y(b);
                  const y1 = Y(b + v);
                  d += `M${X(s.x[k]!).toFixed(2)},${y0.toFixed(2)}h${Math.max(0.5, w * 0.85).toFixed(2)}V${y1.toFixed(2)}h${(-Math.max(0.5, w * 0.85)).toFixed(2)}z`;
                }
                return <path key={si} className={`tp-bar ${s.className}`} d={d} />;
              }
              let d = '';
              for (let k = 0; k < s.y.length; k++) {
                const v = s.y[k]!;
                if (!Number.isFinite(v)) continue;
                d += `${d ? 'L' : 'M'}${X(s.x[k]!).toFixed(2)},${Y(v).toFixed(2)}`;
              }
              return (
                <path
                  key={si}
                  className={`tp-line ${s.className}`}
                  d={d}
                  vectorEffect="non-scaling-stroke"
                />
              );
            })}
          </svg>
          <NowLine xMax={xMax} style={NOW_STYLE} />
        </div>
        <div className="tp-x" aria-hidden>
          <span>0 s</span>
          <span>{num(xMax, 1)} s</span>
        </div>
      </div>
      <ul className="tp-legend">
        {series.map((s) => (
          <li key={s.label}>
            <span className={`tp-key ${s.className}`} aria-hidden /> {s.label}
          </li>
        ))}
      </ul>
    </div>
  );
}
