import { useState } from 'react';
import type { Route } from '../shell/router';
import { LuaEditor } from '../editor/LuaEditor';
import { TEMPLATES, type TemplateId } from '../../core/scripts/templates';

export default function EditorPage({ route }: { route: Route }) {
  const initial = (route.query.get('template') as TemplateId | null) ?? 'token-bucket';
  const [templateId, setTemplateId] = useState<TemplateId>(
    TEMPLATES.some((t) => t.id === initial) ? initial : 'token-bucket',
  );
  const template = TEMPLATES.find((t) => t.id === templateId) ?? TEMPLATES[0]!;
  const [code, setCode] = useState(template.source);

  return (
    <div className="editor-page">
      <div className="editor-head">
        <div>
          <h1 className="page-title">Lua editor</h1>
          <p className="page-lede">
            Write the script you would send to Redis. It runs against the lab&apos;s model of Redis,
            as one atomic script or as app-server code whose calls interleave.
          </p>
        </div>
        <label className="field inline">
          <span>Template</span>
          <select
            value={templateId}
            onChange={(e) => {
              const next = TEMPLATES.find((t) => t.id === e.target.value);
              if (!next) return;
              setTemplateId(next.id);
              setCode(next.source);
            }}
          >
            {TEMPLATES.map((t) => (
              <option key={t.id} value={t.id}>
                {t.title}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div className="editor-layout">
        <section className="card editor-pane" aria-label="Script">
          <LuaEditor label={`Lua script: ${template.title}`} value={code} onChange={setCode} height="30rem" />
        </section>
        <aside className="card editor-side" aria-label="About this template">
          <h2>{template.title}</h2>
          <p>{template.summary}</p>
          <dl className="kv">
            <dt>KEYS</dt>
            <dd>
              <code>{template.keys.join(', ')}</code>
            </dd>
            <dt>ARGV</dt>
            <dd>
              <code>{template.args.join(', ')}</code>
            </dd>
          </dl>
        </aside>
      </div>
    </div>
  );
}
