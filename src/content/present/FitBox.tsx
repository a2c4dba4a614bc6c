// The projector's view of a step or a lab, scaled into the height its screen leaves it, so the
// projector never scrolls (decks' steps and a lesson's labs alike).
import { useLayoutEffect, useRef, type ReactNode } from 'react';

/**
 * The step's view in the height left after the head and the caption: drawn at its own size
 * (centred) when it fits, scaled down as a whole when it does not, so the projector never
 * scrolls. The scale is measured on every resize of the window or of the view.
 */
export function FitBox({ children }: { children: ReactNode }) {
  const outer = useRef<HTMLDivElement>(null);
  const inner = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const o = outer.current;
    const i = inner.current;
    if (!o || !i) return;
    const fit = () => {
      const room = o.clientHeight;
      const natural = i.offsetHeight;
      const s = natural > room && natural > 0 ? room / natural : 1;
      i.style.transform = s < 1 ? `scale(${s})` : '';
      i.style.top = s < 1 ? '0' : `${Math.max(0, (room - natural) / 2)}px`;
      o.dataset.scale = String(Math.round(s * 1000) / 1000);
    };
    fit();
    if (typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(fit);
    ro.observe(o);
    ro.observe(i);
    return () => ro.disconnect();
  }, []);
  return (
    <div ref={outer} className="stage-fit" data-testid="stage-fit">
      <div ref={inner} className="stage-fit-inner">
        {children}
      </div>
    </div>
  );
}
