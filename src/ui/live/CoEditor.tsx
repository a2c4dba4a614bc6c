// The shared Lua editor of a live interview: Monaco bound to the room's Yjs text by y-monaco,
// with the other side's cursor and selection drawn from the awareness.
import { useEffect, useRef, useState } from 'react';
import { MonacoBinding } from 'y-monaco';
import type { Awareness } from 'y-protocols/awareness';
import type * as Y from 'yjs';
import { monaco } from '../editor/monacoSetup';
import './live.css';

export interface CoEditorProps {
  text: Y.Text;
  awareness: Awareness;
  /** Accessible name, and the name shown beside this side's cursor. */
  label: string;
  who: string;
  height?: string;
}

export default function CoEditor({ text, awareness, label, who, height = '20rem' }: CoEditorProps) {
  const box = useRef<HTMLDivElement>(null);
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const model = monaco.editor.createModel('', 'lua');
    const editor = monaco.editor.create(el, {
      model,
      ariaLabel: label,
      minimap: { enabled: false },
      fontSize: 14,
      automaticLayout: true,
      tabSize: 2,
      scrollBeyondLastLine: false,
      lineNumbersMinChars: 3,
    });
    awareness.setLocalStateField('user', { name: who });
    const binding = new MonacoBinding(text, model, new Set([editor]), awareness);
    setReady(true);
    return () => {
      binding.destroy();
      editor.dispose();
      model.dispose();
    };
  }, [text, awareness, label, who]);
  return (
    <div
      className="co-editor"
      ref={box}
      style={{ height }}
      data-testid={ready ? 'co-editor-ready' : 'co-editor-loading'}
    />
  );
}
