import { lazy, Suspense, useEffect, useState } from 'react';

/** A problem to draw in the editor (1-based lines and columns, endColumn exclusive). */
export interface EditorMarker {
  severity: 'error' | 'warning' | 'info';
  message: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
}

export interface LuaEditorProps {
  value: string;
  onChange(value: string): void;
  /** Accessible name of the editor. */
  label: string;
  height?: string;
  readOnly?: boolean;
  markers?: readonly EditorMarker[];
  /** Ctrl/Cmd+Enter inside the editor. */
  onRun?: () => void;
  /** Bumped with a line number to move the cursor there and focus the editor. */
  reveal?: { line: number; column?: number; nonce: number } | null;
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
export function PlainCodeArea({
  value,
  onChange,
  label,
  height = '24rem',
  readOnly,
  onRun,
}: LuaEditorProps) {
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
      onKeyDown={(e) => {
        if (onRun && e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
          e.preventDefault();
          onRun();
        }
      }}
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
