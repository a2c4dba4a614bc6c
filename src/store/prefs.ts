import { createStore } from 'zustand/vanilla';

export type ThemeChoice = 'system' | 'light' | 'dark';

export interface PrefsState {
  theme: ThemeChoice;
  setTheme(theme: ThemeChoice): void;
}

const THEME_KEY = 'rateLab.theme';

function readTheme(): ThemeChoice {
  try {
    const t = globalThis.localStorage?.getItem(THEME_KEY);
    return t === 'light' || t === 'dark' ? t : 'system';
  } catch {
    return 'system';
  }
}

/** Learner preferences that survive a reload. */
export const prefsStore = createStore<PrefsState>()((set) => ({
  theme: readTheme(),
  setTheme(theme) {
    try {
      if (theme === 'system') globalThis.localStorage?.removeItem(THEME_KEY);
      else globalThis.localStorage?.setItem(THEME_KEY, theme);
    } catch {
      // Private mode: the choice still holds for this visit.
    }
    set({ theme });
  },
}));
