// What the lanes have counted so far, for screen readers: polite and throttled.
import { useEffect, useRef, useState } from 'react';
import { labStore, laneTitles } from '../../../store/labStore';
import { useLab } from '../../lab/useLab';

export function LiveSummary() {
  const main = useLab((s) => s.run.decidedBy(s.panelNow));
  const cmp = useLab((s) => s.compare?.decidedBy(s.panelNow) ?? 0);
  const [text, setText] = useState('');
  const pending = useRef(0);
  useEffect(() => {
    // Polite and throttled: one summary per 1.5 s at most.
    window.clearTimeout(pending.current);
    pending.current = window.setTimeout(() => {
      const s = labStore.getState();
      const titles = laneTitles(s);
      const part = (r: typeof s.run, title: string) => {
        const c = r.countsAt(s.now);
        return `${title}: ${c.admitted} admitted${c.bypass ? ` (${c.bypass} bypassing the limiter)` : ''}, ${c.denied} denied`;
      };
      setText(
        `At ${s.now.toFixed(1)} s. ${part(s.run, titles.main)}.${s.compare ? ` ${part(s.compare, titles.compare!)}.` : ''}`,
      );
    }, 1500);
    return () => window.clearTimeout(pending.current);
  }, [main, cmp]);
  return (
    <p className="visually-hidden" aria-live="polite" data-testid="live-summary">
      {text}
    </p>
  );
}
