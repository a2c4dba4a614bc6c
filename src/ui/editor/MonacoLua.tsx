import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { LuaEditorProps } from './LuaEditor';
import { monaco } from './monacoSetup';

export type MonacoEditor = ReturnType<typeof monaco.editor.create>;

// vs-dark with two changes for WCAG AA's 4.5:1 (axe, e2e/a11y.spec.ts): its comment green
// (#608b4e on #1e1e1e, 4.2:1) becomes #6a9955 (5.0:1), and the dimmed number of the last,
// empty line (#474747, 1.8:1) is drawn like the other line numbers (#858585, 4.5:1).
monaco.editor.defineTheme('rate-lab-dark', {
  base: 'vs-dark',
  inherit: true,
  rules: [{ token: 'comment', foreground: '6a9955' }],
  colors: { 'editorLineNumber.dimmedForeground': '#858585' },
});
// vs with the same fix for the last line's dimmed number (#a7c9d3 on white, 1.8:1 -> #237893,
// the colour of the other line numbers, 5.0:1).
monaco.editor.defineTheme('rate-lab-light', {
  base: 'vs',
  inherit: true,
  rules: [],
  colors: { 'editorLineNumber.dimmedForeground': '#237893' },
});

const SEVERITY = {
  error: monaco.MarkerSeverity.Error,
  warning: monaco.MarkerSeverity.Warning,
  info: monaco.MarkerSeverity.Info,
} as const;

const themeOf = (dark: boolean) => (dark ? 'rate-lab-dark' : 'rate-lab-light');

/**
 * Monaco with Lua. It is created in the commit that mounts it, and `onMounted` is called in that
 * same commit (LuaEditor.tsx moves the caret and the focus over from its text area there, before
 * the browser can deliver another key).
 */
export default function MonacoLua(
  props: LuaEditorProps & { dark: boolean; onMounted?: (editor: MonacoEditor) => void },
) {
  const { value, label, height = '24rem', readOnly, dark, markers, reveal } = props;
  const box = useRef<HTMLDivElement>(null);
  const [editor, setEditor] = useState<MonacoEditor | null>(null);
  const latest = useRef(props);
  useLayoutEffect(() => {
    latest.current = props;
  });
  /** The editor's text is being set from `value` (not typed): no onChange for it. */
  const applying = useRef(false);

  useLayoutEffect(() => {
    const p = latest.current;
    const ed = monaco.editor.create(box.current!, {
      value: p.value,
      language: 'lua',
      theme: themeOf(p.dark),
      ariaLabel: p.label,
      readOnly: p.readOnly,
      minimap: { enabled: false },
      // A long line wraps inside the code column instead of running under the scene.
      wordWrap: 'on',
      wrappingIndent: 'same',
      fontSize: 14,
      scrollBeyondLastLine: false,
      automaticLayout: true,
      tabSize: 2,
      renderLineHighlight: 'line',
      fixedOverflowWidgets: true,
      glyphMargin: false,
      lineNumbersMinChars: 3,
    });
    ed.addCommand(monaco.KeyMod.CtrlCmd | monaco.KeyCode.Enter, () => latest.current.onRun?.());
    const sub = ed.onDidChangeModelContent(() => {
      if (!applying.current) latest.current.onChange(ed.getValue());
    });
    p.onMounted?.(ed);
    setEditor(ed);
    return () => {
      sub.dispose();
      const model = ed.getModel();
      ed.dispose();
      model?.dispose();
    };
  }, []);

  // The text from outside (a template, an undo, a shared link): one undoable edit.
  useEffect(() => {
    const model = editor?.getModel();
    if (!editor || !model || value === editor.getValue()) return;
    applying.current = true;
    if (editor.getOption(monaco.editor.EditorOption.readOnly)) editor.setValue(value);
    else {
      editor.executeEdits('', [
        { range: model.getFullModelRange(), text: value, forceMoveMarkers: true },
      ]);
      editor.pushUndoStop();
    }
    applying.current = false;
  }, [editor, value]);

  useEffect(() => {
    editor?.updateOptions({ readOnly, ariaLabel: label });
  }, [editor, readOnly, label]);

  useEffect(() => {
    if (editor) monaco.editor.setTheme(themeOf(dark));
  }, [editor, dark]);

  useEffect(() => {
    const model = editor?.getModel();
    if (!model) return;
    const max = model.getLineCount();
    monaco.editor.setModelMarkers(
      model,
      'rate-lab',
      (markers ?? []).map((m) => {
        const line = Math.min(Math.max(1, m.line), max);
        const endLine = Math.min(Math.max(line, m.endLine), max);
        const endCol =
          m.endColumn > m.column || endLine > line ? m.endColumn : model.getLineMaxColumn(line);
        return {
          severity: SEVERITY[m.severity],
          message: m.message,
          startLineNumber: line,
          startColumn: Math.max(1, m.column),
          endLineNumber: endLine,
          endColumn: Math.max(endCol, m.column + 1),
        };
      }),
    );
  }, [editor, markers, value]);

  // A reveal asked for before this editor existed was the text area's (LuaEditor.tsx).
  const revealAtMount = useRef(reveal);
  useEffect(() => {
    if (!editor || !reveal || reveal === revealAtMount.current) return;
    editor.revealLineInCenter(reveal.line);
    editor.setPosition({ lineNumber: reveal.line, column: reveal.column ?? 1 });
    editor.focus();
  }, [editor, reveal]);

  return (
    <div data-testid={editor ? 'monaco-ready' : 'monaco-loading'} style={{ height }}>
      <div ref={box} style={{ height: '100%', width: '100%' }} />
    </div>
  );
}
