import { useEffect } from 'react';
import { useStore } from 'zustand';
import { prefsStore, type ThemeChoice } from '../../store/prefs';

const NEXT: Record<ThemeChoice, ThemeChoice> = { system: 'dark', dark: 'light', light: 'system' };
const LABEL: Record<ThemeChoice, string> = {
  system: 'Theme: follows your system',
  dark: 'Theme: dark',
  light: 'Theme: light',
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
      aria-label={`${LABEL[theme]}. Switch to ${NEXT[theme]}.`}
      title={LABEL[theme]}
      onClick={() => setTheme(NEXT[theme])}
    >
      <span aria-hidden="true">{ICON[theme]}</span>
      <span className="theme-label">
        {theme === 'system' ? 'Auto' : theme === 'dark' ? 'Dark' : 'Light'}
      </span>
    </button>
  );
}
