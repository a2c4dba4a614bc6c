// The presenter's keys (a clicker's PageDown/PageUp, arrows, Space, B, F) and full screen,
// shared by the projector and the speaker view.
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';

const isTyping = (t: EventTarget | null): boolean => {
  const el = t as HTMLElement | null;
  if (!el) return false;
  if (el.tagName === 'INPUT')
    return !['range', 'checkbox', 'radio', 'button'].includes((el as HTMLInputElement).type);
  return el.tagName === 'TEXTAREA' || el.isContentEditable;
};

/** A slider or list with focus keeps its arrows (the time bar's scrubber, the speed). */
const keepsArrows = (t: EventTarget | null): boolean => {
  const el = t as HTMLElement | null;
  return !!el && (el.tagName === 'SELECT' || (el as HTMLInputElement).type === 'range');
};

export interface Keys {
  next(): void;
  prev(): void;
  first(): void;
  last(): void;
  blank(): void;
  fullscreen(): void;
  extra?: (key: string) => boolean;
}

/**
 * Clickers send PageDown/PageUp (and often B or "." to blank); keyboards use arrows and Space.
 * The keys are caught before the page's controls see them, so a clicker still drives after a
 * click in the live scene's time bar; only a focused slider keeps its arrow keys.
 */
export function useDeckKeys(keys: Keys): void {
  const ref = useRef(keys);
  ref.current = keys;
  // Attached before the first paint: a key pressed as soon as the step shows is not lost.
  useLayoutEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (isTyping(e.target) || e.altKey || e.ctrlKey || e.metaKey) return;
      const k = ref.current;
      const key = e.key;
      if (/^Arrow|^Home$|^End$/.test(key) && keepsArrows(e.target)) return;
      if (key === 'ArrowRight' || key === 'PageDown' || key === ' ' || key === 'ArrowDown')
        k.next();
      else if (key === 'ArrowLeft' || key === 'PageUp' || key === 'ArrowUp') k.prev();
      else if (key === 'Home') k.first();
      else if (key === 'End') k.last();
      else if (key === 'b' || key === 'B' || key === '.') k.blank();
      else if (key === 'f' || key === 'F') k.fullscreen();
      else if (!k.extra?.(key)) return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, []);
}

export function useFullscreen(): [boolean, () => void] {
  const [on, setOn] = useState(
    () => typeof document !== 'undefined' && !!document.fullscreenElement,
  );
  useEffect(() => {
    const f = () => setOn(!!document.fullscreenElement);
    document.addEventListener('fullscreenchange', f);
    return () => document.removeEventListener('fullscreenchange', f);
  }, []);
  const toggle = useCallback(() => {
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    else void document.documentElement.requestFullscreen?.().catch(() => undefined);
  }, []);
  return [on, toggle];
}

/** Buttons that keep the keyboard focus where it was (a clicker keeps driving the deck). */
export const noFocus = (e: React.MouseEvent) => e.preventDefault();
