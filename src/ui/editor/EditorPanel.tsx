// The core editor panel, embeddable anywhere (the Editor route, lessons, practice): Monaco
// with Lua help, markers for syntax Redis would reject and for the last run's errors, a
// short problem list under it, and Run (button and Ctrl/Cmd+Enter).
import { useDeferredValue, useMemo, useState, type ReactNode } from 'react';
import { LuaEditor } from './LuaEditor';
import { lintProblems, mergeProblems, type Problem } from './problems';

export interface EditorPanelProps {
  value: string;
  onChange(value: string): void;
  label: string;
  height?: string;
  onRun?: () => void;
  running?: boolean;
  /** Problems from the last run (compile and runtime errors). */
  runProblems?: readonly Problem[];
  /** Extra controls in the toolbar, after Run. */
  toolbar?: ReactNode;
}

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
/** A touch screen without a fine pointer (a phone, a tablet): no keyboard shortcut to show. */
const touchOnly =
  typeof window !== 'undefined' &&
  window.matchMedia?.('(hover: none) and (pointer: coarse)').matches === true;

export function EditorPanel({
  value,
  onChange,
  label,
  height = '28rem',
  onRun,
  running,
  runProblems = [],
  toolbar,
}: EditorPanelProps) {
  const deferred = useDeferredValue(value);
  const lint = useMemo(() => lintProblems(deferred), [deferred]);
  const problems = useMemo(() => mergeProblems(lint, runProblems), [lint, runProblems]);
  const [reveal, setReveal] = useState<{ line: number; column: number; nonce: number } | null>(
    null,
  );
  return (
    <div className="ed-panel" data-testid="editor-panel">
      {onRun && (
        <div className="ed-toolbar">
          <button
            type="button"
            className="button primary ed-run"
            data-testid="run"
            onClick={onRun}
            aria-keyshortcuts="Control+Enter Meta+Enter"
          >
            <svg width="12" height="12" viewBox="0 0 12 12" aria-hidden>
              <path d="M2 1l9 5-9 5z" fill="currentColor" />
            </svg>
            {running ? 'Running…' : 'Run'}
            {!touchOnly && <kbd>{isMac ? '⌘' : 'Ctrl'}+Enter</kbd>}
          </button>
          {toolbar}
        </div>
      )}
      <LuaEditor
        label={label}
        value={value}
        onChange={onChange}
        height={height}
        markers={problems}
        onRun={onRun}
        reveal={reveal}
      />
      <div className="ed-problems" data-testid="problems" aria-live="polite">
        {problems.length === 0 ? (
          <p className="ed-ok">
            <span aria-hidden>✓</span> No problems: this parses as the Lua 5.1 Redis runs.
          </p>
        ) : (
          <ul>
            {problems.map((p, k) => (
              <li
                key={k}
                className={`ed-problem ${p.severity}`}
                data-testid={`problem-${p.severity}`}
              >
                <button
                  type="button"
                  className="ed-line"
                  onClick={() => setReveal({ line: p.line, column: p.column, nonce: Date.now() })}
                  aria-label={`Go to line ${p.line}`}
                >
                  {p.severity === 'error' ? '✕' : '!'} line {p.line}
                </button>
                <span className="ed-msg">
                  {p.message}
                  {p.requests && p.requests.length > 0 && (
                    <span className="muted">
                      {' '}
                      (request{p.requests.length > 1 ? 's' : ''}{' '}
                      {p.requests
                        .slice(0, 6)
                        .map((i) => i + 1)
                        .join(', ')}
                      {p.requests.length > 6 ? `, +${p.requests.length - 6}` : ''})
                    </span>
                  )}
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
