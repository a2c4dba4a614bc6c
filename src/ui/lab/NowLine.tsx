// The charts' "now" line, one for every plot over a run's time axis (the recharts charts and
// the production panels' small plots): a dashed line in an overlay over the plot area, moved by
// the animation loop with a composited transform. The plot under it never re-renders while
// the clock runs, and the overlay's width comes from a ResizeObserver, so nothing reads layout
// per frame (docs/ui-notes.md).
import { useLayoutEffect, useRef, type CSSProperties } from 'react';
import { addDrawer, useStage } from './useLab';

/** Where the plot area starts and ends inside the overlay (pixels from its left and right). */
export interface PlotInset {
  left: number;
  right: number;
}

const NO_INSET: PlotInset = { left: 0, right: 0 };

/** The line's x (pixels) for time `now` on an axis from 0 to `xMax`, clamped to the plot. */
export function nowLineX(now: number, xMax: number, width: number, inset = NO_INSET): number {
  const f = xMax > 0 ? Math.min(1, Math.max(0, now / xMax)) : 0;
  return inset.left + f * (width - inset.left - inset.right);
}

export function NowLine({
  xMax,
  inset = NO_INSET,
  style,
}: {
  /** The time at the axis' right end. */
  xMax: number;
  inset?: PlotInset;
  /** The overlay's vertical place over the plot (it spans its box's width). */
  style: CSSProperties;
}) {
  const box = useRef<HTMLDivElement>(null);
  const line = useRef<HTMLDivElement>(null);
  const stage = useStage();
  const { left, right } = inset;
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    let width = 0;
    let lastX = NaN;
    const draw = (now: number) => {
      const l = line.current;
      if (!l || width <= 0) return;
      const x = nowLineX(now, xMax, width, { left, right });
      if (Math.abs(x - lastX) < 0.25) return;
      lastX = x;
      l.style.transform = `translateX(${x.toFixed(1)}px)`;
    };
    const ro =
      typeof ResizeObserver !== 'undefined'
        ? new ResizeObserver((entries) => {
            width = entries[0]?.contentRect.width ?? 0;
            lastX = NaN;
            draw(stage.store.getState().now);
          })
        : null;
    ro?.observe(el);
    const off = addDrawer(stage, draw);
    return () => {
      off();
      ro?.disconnect();
    };
  }, [xMax, left, right, stage]);
  return (
    <div ref={box} className="now-overlay" style={style} aria-hidden>
      <div ref={line} className="now-line" />
    </div>
  );
}
