import { lazy, Suspense, useEffect, useState } from 'react';

export interface LuaEditorProps {
  value: string;
  onChange(value: string): void;
  /** Accessible name of the editor. */
  label: string;
  height?: string;
  readOnly?: boolean;
}

const MonacoLua = lazy(() => import('./MonacoLua'));

function usePrefersDark(): boolean {
  const query = '(prefers-color-scheme: dark)';
  const read = () => {
    const t = document.documentElement.dataset.theme;
    if (t === 'dark') return true;
    if (t === 'light') return false;
    return window.matchMedia?.(query).matches ?? false;
  };
  const [dark, setDark] = useState(read);
  useEffect(() => {
    const update = () => setDark(read());
    const mq = window.matchMedia?.(query);
    mq?.addEventListener('change', update);
    const obs = new MutationObserver(update);
    obs.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
    return () => {
      mq?.removeEventListener('change', update);
      obs.disconnect();
    };
  }, []);
  return dark;
}

/** A plain text area with the same content: shown while Monaco loads, and usable on its own. */
export function PlainCodeArea({ value, onChange, label, height = '24rem', readOnly }: LuaEditorProps) {
  return (
    <textarea
      className="code-fallback"
      aria-label={label}
      data-testid="code-fallback"
      spellCheck={false}
      value={value}
      readOnly={readOnly}
      style={{ height }}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

/** Monaco with Lua highlighting, loaded lazily; a plain text area stands in until it is ready. */
export function LuaEditor(props: LuaEditorProps) {
  const dark = usePrefersDark();
  return (
    <div className="lua-editor" data-testid="lua-editor">
      <Suspense fallback={<PlainCodeArea {...props} />}>
        <MonacoLua {...props} dark={dark} />
      </Suspense>
    </div>
  );
}
