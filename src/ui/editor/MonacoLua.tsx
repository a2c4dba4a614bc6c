import Editor, { type OnMount } from '@monaco-editor/react';
import { useEffect, useRef, useState } from 'react';
import { PlainCodeArea, type LuaEditorProps } from './LuaEditor';
import { monaco } from './monacoSetup';

type Ed = Parameters<OnMount>[0];

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

export default function MonacoLua(props: LuaEditorProps & { dark: boolean }) {
  const {
    value,
    onChange,
    label,
    height = '24rem',
    readOnly,
    dark,
    markers,
    onRun,
    reveal,
  } = props;
  const [editor, setEditor] = useState<Ed | null>(null);
  const runRef = useRef(onRun);
  useEffect(() => {
    runRef.current = onRun;
  }, [onRun]);

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

  useEffect(() => {
    if (!editor || !reveal) return;
    editor.revealLineInCenter(reveal.line);
    editor.setPosition({ lineNumber: reveal.line, column: reveal.column ?? 1 });
    editor.focus();
  }, [editor, reveal]);

  return (
    <div data-testid={editor ? 'monaco-ready' : 'monaco-loading'} style={{ height }}>
      <Editor
        height={height}
        language="lua"
        theme={dark ? 'rate-lab-dark' : 'rate-lab-light'}
        value={value}
        loading={<PlainCodeArea {...props} />}
        onChange={(v) => onChange(v ?? '')}
        onMount={(ed) => {
          ed.addCommand(monaco.KeyMod.CtrlCmd | monaco.KeyCode.Enter, () => runRef.current?.());
          setEditor(ed);
        }}
        options={{
          ariaLabel: label,
          readOnly,
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
        }}
      />
    </div>
  );
}
