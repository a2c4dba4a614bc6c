// On both machines (host and candidate), arrow keys and PageUp/PageDown move the running
// session to the previous or next question (not while typing in a field, nor with a modifier
// held).
import { useEffect } from 'react';
import type { InterviewSync } from './interviewSync';

export function useSessionKeys(running: boolean, index: number, sync: InterviewSync): void {
  useEffect(() => {
    if (!running) return;
    const onKey = (e: KeyboardEvent) => {
      const t = e.target as HTMLElement | null;
      if (t && (t.tagName === 'INPUT' || t.tagName === 'TEXTAREA' || t.isContentEditable)) return;
      if (e.altKey || e.ctrlKey || e.metaKey) return;
      if (e.key === 'ArrowRight' || e.key === 'PageDown') sync.move(index + 1);
      else if (e.key === 'ArrowLeft' || e.key === 'PageUp') sync.move(index - 1);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [running, index, sync]);
}
