import { useState } from 'react';
import type { EditorSpec } from '../../core/content/directives';
import { templateById } from '../../core/scripts/templates';
import { LuaEditor } from '../editor/LuaEditor';
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
        {template && (
          <span className="widget-actions">
            <a className="button" href={`#/editor?template=${template.id}`}>
              Open in the editor
            </a>
          </span>
        )}
      </figcaption>
      {(spec.caption ?? template?.summary) && (
        <p className="widget-note">{spec.caption ?? template?.summary}</p>
      )}
      <LuaEditor
        label={`Lua: ${title}`}
        value={code}
        onChange={setCode}
        height={spec.height ?? `${Math.min(30, Math.max(8, lines + 1)) * 1.45}rem`}
      />
    </figure>
  );
}
