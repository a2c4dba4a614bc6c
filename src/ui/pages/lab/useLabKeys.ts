// The lab page's keys: the time keys (TimeBar.tsx) anywhere on the page, except in a field, in
// a widget of its own, or Space on a button (which presses it).
import { useEffect } from 'react';
import { labStore } from '../../../store/labStore';
import { timeKey } from '../../lab/TimeBar';

export function useLabKeys(): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const el = e.target as HTMLElement | null;
      const tag = el?.tagName;
      if (e.altKey || e.ctrlKey || e.metaKey) return;
      if (tag === 'INPUT' || tag === 'SELECT' || tag === 'TEXTAREA' || el?.isContentEditable)
        return;
      // Keys inside a widget of its own (a lesson's scene embedded elsewhere) are its own.
      if (el?.closest?.('[data-stage="own"]')) return;
      // Space on a button presses the button; elsewhere it plays and pauses.
      if (
        (e.key === ' ' || e.key === 'k') &&
        (tag === 'BUTTON' ||
          tag === 'A' ||
          tag === 'SUMMARY' ||
          el?.getAttribute('role') === 'button')
      )
        return;
      if (timeKey(labStore, e)) e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
