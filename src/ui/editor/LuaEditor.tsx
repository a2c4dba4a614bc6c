import { useEffect, useRef, useState, type Ref } from 'react';
import { offsetAt, positionAt } from './caret';
import type { MonacoEditor } from './MonacoLua';

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

type MonacoModule = typeof import('./MonacoLua');
/** Monaco's code, once loaded (every later editor opens with it at once). */
let monacoModule: MonacoModule | null = null;
let monacoLoading: Promise<MonacoModule> | null = null;
function loadMonaco(): Promise<MonacoModule> {
  return (monacoLoading ??= import('./MonacoLua').then(
    (m) => (monacoModule = m),
    (e: unknown) => {
      monacoLoading = null;
      throw e;
    },
  ));
}

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

/** A plain text area with the same content: the editor until Monaco is in, and usable on its own. */
export function PlainCodeArea({
  value,
  onChange,
  label,
  height = '24rem',
  readOnly,
  onRun,
  ref,
}: LuaEditorProps & { ref?: Ref<HTMLTextAreaElement> }) {
  return (
    <textarea
      ref={ref}
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

/**
 * Monaco with Lua highlighting. Its code is big, so the learner's text shows at once in a plain
 * text area, which they can type into; Monaco loads meanwhile and takes over in one commit with
 * the text area's text, selection, scroll and focus (nothing typed before or during the swap is
 * lost: e2e/editor.spec.ts types through it).
 */
export function LuaEditor(props: LuaEditorProps) {
  const dark = usePrefersDark();
  const [Monaco, setMonaco] = useState(() => monacoModule?.default ?? null);
  const [failed, setFailed] = useState(false);
  const [ready, setReady] = useState(false);
  const area = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    if (Monaco) return;
    let live = true;
    loadMonaco().then(
      (m) => live && setMonaco(() => m.default),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [Monaco]);

  // "Go to line" before Monaco is in: the text area's caret goes there.
  const { reveal } = props;
  useEffect(() => {
    const ta = area.current;
    if (!reveal || !ta) return;
    const at = offsetAt(ta.value, reveal.line, reveal.column ?? 1);
    ta.focus();
    ta.setSelectionRange(at, at);
  }, [reveal]);

  /** Runs in the commit that creates Monaco, while the text area is still there. */
  const takeOver = (ed: MonacoEditor) => {
    const ta = area.current;
    if (ta) {
      if (ed.getValue() !== ta.value) ed.setValue(ta.value);
      const from = positionAt(ta.value, ta.selectionStart);
      const to = positionAt(ta.value, ta.selectionEnd);
      const [anchor, active] = ta.selectionDirection === 'backward' ? [to, from] : [from, to];
      ed.setSelection({
        selectionStartLineNumber: anchor.lineNumber,
        selectionStartColumn: anchor.column,
        positionLineNumber: active.lineNumber,
        positionColumn: active.column,
      });
      if (document.activeElement === ta) {
        ed.revealPosition(active);
        ed.focus();
      } else ed.setScrollTop(ta.scrollTop);
    }
    setReady(true);
  };

  return (
    <div className="lua-editor" data-testid="lua-editor">
      {Monaco && <Monaco {...props} dark={dark} onMounted={takeOver} />}
      {!ready && <PlainCodeArea {...props} ref={area} />}
      {failed && (
        <p className="muted" role="status">
          The code editor could not load; this plain text box keeps working.
        </p>
      )}
    </div>
  );
}
