import { useState } from 'react';
import { templateById } from '../../core/scripts/templates';
import { LuaEditor } from '../editor/LuaEditor';

/** A Lua editor embedded in a lesson, with a way to take the script to the full editor. */
export function LuaEditorWidget({ spec }: { spec: { template?: string; code?: string } }) {
  const template = spec.template ? templateById(spec.template) : undefined;
  const [code, setCode] = useState(spec.code ?? template?.source ?? '');
  return (
    <figure className="widget card" data-testid="editor-widget">
      <figcaption className="widget-caption">
        <strong>{template ? template.title : 'Lua script'}</strong>
        <a className="button" href={`#/editor?template=${template?.id ?? 'token-bucket'}`}>
          Open in the editor
        </a>
      </figcaption>
      <LuaEditor label={template ? `Lua: ${template.title}` : 'Lua script'} value={code} onChange={setCode} height="20rem" />
    </figure>
  );
}
