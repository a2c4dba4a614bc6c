import Editor from '@monaco-editor/react';
import { PlainCodeArea, type LuaEditorProps } from './LuaEditor';
import './monacoSetup';

export default function MonacoLua(props: LuaEditorProps & { dark: boolean }) {
  const { value, onChange, label, height = '24rem', readOnly, dark } = props;
  return (
    <div data-testid="monaco-ready" style={{ height }}>
      <Editor
        height={height}
        language="lua"
        theme={dark ? 'vs-dark' : 'vs'}
        value={value}
        loading={<PlainCodeArea {...props} />}
        onChange={(v) => onChange(v ?? '')}
        options={{
          ariaLabel: label,
          readOnly,
          minimap: { enabled: false },
          fontSize: 14,
          scrollBeyondLastLine: false,
          automaticLayout: true,
          tabSize: 2,
          renderLineHighlight: 'line',
        }}
      />
    </div>
  );
}
