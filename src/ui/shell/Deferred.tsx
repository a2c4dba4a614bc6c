import { useEffect, useRef, useState, type ReactNode } from 'react';
import { whenIdle } from './idle';

/**
 * Draws `children` (usually a React.lazy part) only once it is near the screen or the browser is
 * idle after the first content, whichever comes first: the first screen then loads only what
 * it shows. Until then it draws `fallback` in a box of `minHeight`, so nothing below moves.
 */
export function Deferred({
  children,
  fallback,
  minHeight,
}: {
  children: ReactNode;
  fallback: ReactNode;
  minHeight: string;
}) {
  const [show, setShow] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (show) return;
    const open = () => setShow(true);
    const cancelIdle = whenIdle(open);
    const el = ref.current;
    let io: IntersectionObserver | null = null;
    if (el && typeof IntersectionObserver !== 'undefined') {
      io = new IntersectionObserver((es) => es.some((e) => e.isIntersecting) && open(), {
        rootMargin: '400px 0px',
      });
      io.observe(el);
    }
    return () => {
      cancelIdle();
      io?.disconnect();
    };
  }, [show]);
  if (show) return <>{children}</>;
  return (
    <div ref={ref} style={{ minHeight }}>
      {fallback}
    </div>
  );
}
