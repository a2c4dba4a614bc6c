// The laser pointer of the projector view.
import { useEffect, useRef } from 'react';

/** A red dot that follows the mouse over the stage and fades when the mouse rests. */
export function Laser({ enabled }: { enabled: boolean }) {
  const dot = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!enabled) return;
    let hide = 0;
    const move = (e: PointerEvent) => {
      const d = dot.current;
      if (!d) return;
      d.style.transform = `translate(${e.clientX}px, ${e.clientY}px)`;
      d.dataset.visible = 'true';
      window.clearTimeout(hide);
      hide = window.setTimeout(() => {
        if (dot.current) dot.current.dataset.visible = 'false';
      }, 2500);
    };
    window.addEventListener('pointermove', move);
    return () => {
      window.removeEventListener('pointermove', move);
      window.clearTimeout(hide);
    };
  }, [enabled]);
  if (!enabled) return null;
  return (
    <div ref={dot} className="laser" data-testid="laser" data-visible="false" aria-hidden="true" />
  );
}
