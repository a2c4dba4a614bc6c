// The Lua editor: write the limiter you would send to Redis, run it against the lab's Redis
// model in the same two-server scene as the lab, and see every call it makes. Editor ~55%
// on the left; the scene, the trace, the keys and Compare on the right (stacked on phones).
import { useMemo } from 'react';
import ABOUT from '../../core/lua/ABOUT.md?raw';
import { TEMPLATES, templateById, type TemplateId } from '../../core/playground/templates';
import { editorStore, isEdited } from '../../store/editorStore';
import { ComparePanel } from '../editor/ComparePanel';
import { EditorPanel } from '../editor/EditorPanel';
import { useEditorScene, useGlobalRunKey } from '../editor/editorPageHooks';
import { EditorScene } from '../editor/EditorScene';
import { FileActions } from '../editor/FileActions';
import { KeyInspector } from '../editor/KeyInspector';
import { useLinkedScript } from '../editor/linkedScript';
import { ModeSwitch } from '../editor/ModeSwitch';
import { runProblems } from '../editor/problems';
import { RealRedisPanel } from '../editor/RealRedisPanel';
import { RunForm } from '../editor/RunForm';
import { RunSummary } from '../editor/RunSummary';
import { runEditor } from '../editor/runController';
import { editorStage } from '../editor/stage';
import { TracePanel } from '../editor/TracePanel';
import { useEditor } from '../editor/useEditor';
import { RequestPanel } from '../lab/RequestPanel';
import { StageContext } from '../lab/useLab';
import { Markdown } from '../widgets/Markdown';
import type { Route } from '../shell/router';
import '../lab/lab.css';
import '../editor/editor.css';

export default function EditorPage({ route }: { route: Route }) {
  useEditorScene();
  useLinkedScript(route);
  useGlobalRunKey();
  const templateId = useEditor((s) => s.templateId);
  const draft = useEditor((s) => s.draft);
  const running = useEditor((s) => s.running);
  const output = useEditor((s) => s.output);
  const ranDraft = useEditor((s) => s.ranDraft);
  const template = templateById(templateId) ?? TEMPLATES[0]!;
  const problems = useMemo(
    () => (ranDraft && ranDraft.source === draft.source ? runProblems(output, draft.source) : []),
    [output, ranDraft, draft.source],
  );
  const es = editorStore.getState();
  // Re-read when a save lands (savedAt) or the template changes.
  const savedAt = useEditor((s) => s.savedAt);
  const edited = useMemo(
    () =>
      savedAt === -1
        ? new Set<string>()
        : new Set<string>(TEMPLATES.filter((t) => isEdited(t.id)).map((t) => t.id)),
    [savedAt],
  );

  return (
    <StageContext.Provider value={editorStage}>
      <div className="editor-page" data-testid="editor-page">
        <header className="ed-head">
          <div>
            <h1 className="page-title">Lua editor</h1>
            <p className="page-lede">
              Write the limiter you would send to Redis and run it on the lab&apos;s Redis model, as
              one atomic script or as app-server code whose calls interleave.
            </p>
          </div>
          <label className="field ed-template">
            <span>Template</span>
            <select
              value={templateId}
              data-testid="template"
              onChange={(e) => {
                es.selectTemplate(e.target.value as TemplateId);
                void runEditor();
              }}
            >
              {TEMPLATES.map((t) => (
                <option key={t.id} value={t.id}>
                  {t.title}
                  {edited.has(t.id) ? ' · edited' : ''}
                </option>
              ))}
            </select>
          </label>
        </header>
        <div className="ed-grid">
          <div className="ed-left">
            <section className="card ed-code" aria-label="Script">
              <p className="ed-summary-line">{template.summary}</p>
              <EditorPanel
                label={`Lua script: ${template.title}`}
                value={draft.source}
                onChange={(v) => es.setSource(v)}
                onRun={() => void runEditor()}
                running={running}
                runProblems={problems}
                height="min(34rem, 62vh)"
                toolbar={<ModeSwitch />}
              />
              <FileActions />
            </section>
            <RunForm />
            <details className="card ed-about" data-testid="about-lua">
              <summary>About this Lua: what differs from Redis&apos;s Lua 5.1</summary>
              <Markdown text={ABOUT.replace(/^# .*\n/, '')} />
            </details>
          </div>
          <div className="ed-right">
            <RunSummary />
            <EditorScene />
            <TracePanel />
            <KeyInspector />
            <ComparePanel />
            <RealRedisPanel />
            <details className="card ed-http">
              <summary>HTTP response of the selected request</summary>
              <RequestPanel />
            </details>
          </div>
        </div>
      </div>
    </StageContext.Provider>
  );
}
