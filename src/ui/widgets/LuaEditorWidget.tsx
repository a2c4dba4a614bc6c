import { useState } from 'react';
import type { EditorSpec } from '../../core/content/directives';
import { encodeShare } from '../../core/share';
import { templateById } from '../../core/playground/templates';
import { EditorPanel } from '../editor/EditorPanel';
import '../editor/editor.css';
import './widgets.css';

/** A Lua editor embedded in a lesson, with a way to take the script to the full editor. */
export function LuaEditorWidget({ spec }: { spec: EditorSpec }) {
  const template = spec.template ? templateById(spec.template) : undefined;
  const [code, setCode] = useState(spec.code ?? template?.source ?? '');
  const title = spec.title ?? template?.title ?? 'Lua script';
  const lines = code.split('\n').length;
  return (
    <figure className="widget card editor-widget" data-testid="editor-widget">
      <figcaption className="widget-caption">
        <span className="widget-kind">Lua</span>
        <strong className="widget-title">{title}</strong>
        <span className="widget-actions">
          {/* Carries the learner's current text, so nothing typed here is lost on the way. */}
          <a
            className="button"
            href={`#/editor?s=${encodeShare({
              v: 1,
              template: template?.id ?? 'token-bucket',
              source: code,
              keys: template?.keys,
              args: template?.args,
            })}`}
          >
            Run it in the editor
          </a>
        </span>
      </figcaption>
      {(spec.caption ?? template?.summary) && (
        <p className="widget-note">{spec.caption ?? template?.summary}</p>
      )}
      <EditorPanel
        label={`Lua: ${title}`}
        value={code}
        onChange={setCode}
        height={spec.height ?? `${Math.min(30, Math.max(8, lines + 1)) * 1.45}rem`}
      />
    </figure>
  );
}
