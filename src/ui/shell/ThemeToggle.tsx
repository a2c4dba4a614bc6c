import { useEffect } from 'react';
import { useStore } from 'zustand';
import { prefsStore, type ThemeChoice } from '../../store/prefs';

const NEXT: Record<ThemeChoice, ThemeChoice> = { system: 'dark', dark: 'light', light: 'system' };
/** Visible word; the accessible name starts with it (WCAG 2.5.3, label in name). */
const SHOWN: Record<ThemeChoice, string> = { system: 'Auto', dark: 'Dark', light: 'Light' };
const LABEL: Record<ThemeChoice, string> = {
  system: 'Auto theme, follows your system',
  dark: 'Dark theme',
  light: 'Light theme',
};
const ICON: Record<ThemeChoice, string> = { system: '◐', dark: '☾', light: '☀' };

export function ThemeToggle() {
  const theme = useStore(prefsStore, (s) => s.theme);
  const setTheme = useStore(prefsStore, (s) => s.setTheme);

  useEffect(() => {
    const root = document.documentElement;
    if (theme === 'system') delete root.dataset.theme;
    else root.dataset.theme = theme;
  }, [theme]);

  return (
    <button
      type="button"
      className="icon-button"
      data-testid="theme-toggle"
      aria-label={`${LABEL[theme]}. Switch to ${SHOWN[NEXT[theme]].toLowerCase()}.`}
      title={LABEL[theme]}
      onClick={() => setTheme(NEXT[theme])}
    >
      <span aria-hidden="true">{ICON[theme]}</span>
      <span className="theme-label">{SHOWN[theme]}</span>
    </button>
  );
}
