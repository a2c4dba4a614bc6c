// The Lua editor: write the limiter you would send to Redis, run it against the lab's Redis
// model in the same two-server scene as the lab, and see every call it makes. Editor ~55%
// on the left; the scene, the trace, the keys and Compare on the right (stacked on phones).
import { useEffect, useMemo, useRef, useState } from 'react';
import ABOUT from '../../core/lua/ABOUT.md?raw';
import { TEMPLATES, templateById, type TemplateId } from '../../core/playground/templates';
import { TRAFFIC, trafficById, type TrafficId } from '../../core/playground/traffic';
import { editorStore, flushEditorSave, isEdited } from '../../store/editorStore';
import { EditorPanel } from '../editor/EditorPanel';
import { downloadLua, readLuaFile, readShared, shareUrl } from '../editor/files';
import { ComparePanel, KeyInspector, RunSummary, TracePanel } from '../editor/panels';
import { runProblems } from '../editor/problems';
import { installReplay } from '../editor/replay';
import { runEditor } from '../editor/runController';
import { useEditor } from '../editor/useEditor';
import { startLoop } from '../lab/loop';
import { RequestPanel } from '../lab/RequestPanel';
import { Lane } from '../lab/scene/Lane';
import { Legend } from '../lab/shapes';
import { TimeBar } from '../lab/TimeBar';
import { StageContext, useLab } from '../lab/useLab';
import { editorStage } from '../editor/stage';
import { Markdown } from '../widgets/Markdown';
import type { Route } from '../shell/router';
import '../lab/lab.css';
import '../editor/editor.css';

/**
 * Draw the editor's own scene while the editor is open (its store is not the lab screen's:
 * leaving the editor restores nothing, so a lab link opened next keeps its scenario).
 */
function useEditorScene(): void {
  useEffect(() => {
    const uninstall = installReplay();
    const stopLoop = startLoop(editorStage);
    return () => {
      stopLoop();
      uninstall();
      editorStage.store.getState().pause();
    };
  }, []);
}

/** `?s=` (a shared script) and `?template=` (from a lesson) are applied once per link. */
function useLinkedScript(route: Route): void {
  const s = route.query.get('s');
  const t = route.query.get('template');
  const seen = useRef<string | null>(null);
  useEffect(() => {
    const key = `${s ?? ''}|${t ?? ''}`;
    if (seen.current === key) return;
    seen.current = key;
    const es = editorStore.getState();
    if (s) {
      try {
        const shared = readShared(s);
        es.selectTemplate(shared.template);
        const cur = editorStore.getState().draft;
        if (
          cur.source !== shared.draft.source ||
          cur.keys.join('\n') !== shared.draft.keys.join('\n') ||
          cur.args.join('\n') !== shared.draft.args.join('\n')
        )
          editorStore.getState().replaceDraft(shared.draft, 'opened a shared link');
        es.setTraffic(shared.traffic);
        es.setMode(shared.mode);
        es.setLatencyMs(shared.latencyMs);
        editorStore.getState().setNotice({
          kind: 'info',
          text: 'Opened the shared script. Your own script for this template is kept: Undo brings it back.',
        });
      } catch (e) {
        es.setNotice({
          kind: 'error',
          text: `The link could not be opened: ${e instanceof Error ? e.message : String(e)}. Your script is unchanged.`,
        });
      }
      // Keep the link out of the address bar, so a reload does not open it again over edits.
      history.replaceState(history.state, '', `${location.pathname}${location.search}#/editor`);
    } else if (t && templateById(t)) {
      es.selectTemplate(t as TemplateId);
    }
    void runEditor();
  }, [s, t]);
}

function useGlobalRunKey(): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Enter' && (e.ctrlKey || e.metaKey) && !e.defaultPrevented) {
        e.preventDefault();
        void runEditor();
      }
    };
    window.addEventListener('keydown', onKey);
    const onHide = () => flushEditorSave();
    window.addEventListener('pagehide', onHide);
    document.addEventListener('visibilitychange', onHide);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('pagehide', onHide);
      document.removeEventListener('visibilitychange', onHide);
      flushEditorSave();
    };
  }, []);
}

function ListField({
  label,
  values,
  onChange,
  hint,
  testid,
}: {
  label: string;
  values: string[];
  onChange(v: string[]): void;
  hint: string;
  testid: string;
}) {
  const [text, setText] = useState(values.join(', '));
  const [last, setLast] = useState(values);
  if (
    last !== values &&
    values.join(', ') !==
      text
        .split(',')
        .map((x) => x.trim())
        .join(', ')
  ) {
    setLast(values);
    setText(values.join(', '));
  }
  return (
    <label className="field ed-list">
      <span>{label}</span>
      <input
        className="mono"
        value={text}
        spellCheck={false}
        data-testid={testid}
        onChange={(e) => {
          setText(e.target.value);
          const v =
            e.target.value.trim() === '' ? [] : e.target.value.split(',').map((x) => x.trim());
          setLast(v);
          onChange(v);
        }}
      />
      <small className="muted">{hint}</small>
    </label>
  );
}

function RunForm() {
  const draft = useEditor((s) => s.draft);
  const traffic = useEditor((s) => s.traffic);
  const latencyMs = useEditor((s) => s.latencyMs);
  const es = editorStore.getState();
  return (
    <section className="card ed-form" aria-labelledby="form-h">
      <h2 id="form-h">Each request calls the script with</h2>
      <div className="ed-form-grid">
        <ListField
          label="KEYS"
          values={draft.keys}
          onChange={(v) => es.setKeys(v)}
          hint="Comma-separated; {key} {server} {cost} {now} are filled per request."
          testid="keys-input"
        />
        <ListField
          label="ARGV"
          values={draft.args}
          onChange={(v) => es.setArgs(v)}
          hint="Strings, as redis-cli sends them, e.g. 5, 1, {cost}."
          testid="args-input"
        />
        <label className="field">
          <span>Traffic</span>
          <select
            value={traffic}
            onChange={(e) => es.setTraffic(e.target.value as TrafficId)}
            data-testid="traffic"
          >
            {TRAFFIC.map((t) => (
              <option key={t.id} value={t.id}>
                {t.label}
              </option>
            ))}
          </select>
          <small className="muted">{trafficById(traffic).describe}</small>
        </label>
        <label className="field">
          <span>Store latency, one way: {latencyMs} ms</span>
          <input
            type="range"
            min={0}
            max={500}
            step={10}
            value={latencyMs}
            onChange={(e) => es.setLatencyMs(Number(e.target.value))}
            data-testid="latency"
          />
          <small className="muted">
            Each round trip between a server and Redis takes twice this.
          </small>
        </label>
      </div>
    </section>
  );
}

function ModeSwitch() {
  const mode = useEditor((s) => s.mode);
  const set = (m: 'script' | 'app') => {
    editorStore.getState().setMode(m);
    void runEditor();
  };
  return (
    <div className="ed-mode" role="radiogroup" aria-label="Run the Lua as">
      <button
        type="button"
        role="radio"
        aria-checked={mode === 'script'}
        data-testid="mode-script"
        onClick={() => set('script')}
      >
        Atomic script <small>EVALSHA</small>
      </button>
      <button
        type="button"
        role="radio"
        aria-checked={mode === 'app'}
        data-testid="mode-app"
        onClick={() => set('app')}
      >
        App-server code <small>each call a round trip</small>
      </button>
    </div>
  );
}

function FileActions() {
  const templateId = useEditor((s) => s.templateId);
  const undo = useEditor((s) => s.undo);
  const notice = useEditor((s) => s.notice);
  const savedAt = useEditor((s) => s.savedAt);
  const upload = useRef<HTMLInputElement>(null);
  const [link, setLink] = useState<string | null>(null);
  const es = editorStore.getState();
  return (
    <div className="ed-files">
      <div className="row">
        <button
          type="button"
          className="button"
          data-testid="reset"
          onClick={() => es.resetToTemplate()}
        >
          Reset to template
        </button>
        {undo && (
          <button
            type="button"
            className="button"
            data-testid="undo"
            onClick={() => es.undoReplace()}
            title={`Undo: ${undo.reason}`}
          >
            Undo {undo.reason}
          </button>
        )}
        <button
          type="button"
          className="button"
          data-testid="download"
          onClick={() => downloadLua(templateId, editorStore.getState().draft.source)}
        >
          Download .lua
        </button>
        <button
          type="button"
          className="button"
          data-testid="upload"
          onClick={() => upload.current?.click()}
        >
          Upload .lua
        </button>
        <input
          ref={upload}
          type="file"
          accept=".lua,.txt,text/plain,text/x-lua"
          hidden
          data-testid="upload-input"
          onChange={async (e) => {
            const f = e.target.files?.[0];
            e.target.value = '';
            if (!f) return;
            const r = await readLuaFile(f);
            const st = editorStore.getState();
            if (!r.ok) st.setNotice({ kind: 'error', text: r.message });
            else {
              st.replaceDraft({ ...st.draft, source: r.source }, `upload of ${f.name}`);
              st.setNotice({
                kind: 'info',
                text: `Loaded ${f.name}. Undo brings back what you had.`,
              });
            }
          }}
        />
        <button
          type="button"
          className="button"
          data-testid="share"
          onClick={() => {
            const s = editorStore.getState();
            const url = shareUrl({
              template: s.templateId,
              source: s.draft.source,
              keys: s.draft.keys,
              args: s.draft.args,
              traffic: s.traffic,
              mode: s.mode,
              latencyMs: s.latencyMs,
            });
            setLink(url);
            void navigator.clipboard?.writeText(url).then(
              () =>
                s.setNotice({
                  kind: 'info',
                  text: 'Share link copied: it carries the script, KEYS, ARGV and traffic.',
                }),
              () => s.setNotice({ kind: 'info', text: 'Share link ready below: copy it by hand.' }),
            );
          }}
        >
          Share link
        </button>
        <span className="muted small ed-saved" data-testid="saved">
          {savedAt ? 'Saved in this browser' : 'Autosaves as you type'}
        </span>
      </div>
      {link && (
        <input
          className="mono ed-link"
          readOnly
          value={link}
          aria-label="Share link"
          data-testid="editor-share-link"
          onFocus={(e) => e.currentTarget.select()}
        />
      )}
      {notice && (
        <p
          className={`notice ${notice.kind === 'error' ? 'error' : ''}`}
          role={notice.kind === 'error' ? 'alert' : 'status'}
          data-testid="notice"
        >
          {notice.text}{' '}
          <button type="button" className="link-button" onClick={() => es.setNotice(null)}>
            Dismiss
          </button>
        </p>
      )}
    </div>
  );
}

function Scene() {
  const run = useLab((s) => s.run);
  const output = useEditor((s) => s.output);
  const isLua = run.scenario.policies[0]?.algorithm === 'lua';
  return (
    <section className="ed-scene" aria-label="Scene">
      {output && isLua ? (
        <>
          <Lane run={run} lane="main" primary />
          <Legend show={['allowed', 'denied', 'unavailable']} />
          <div className="lab-timebar">
            <TimeBar />
          </div>
          {output.mode === 'app' && (
            <p className="muted small">
              The scene draws each request as one read and one write; the trace below lists every
              round trip with its time.
            </p>
          )}
        </>
      ) : (
        <p className="muted ed-scene-empty">The scene appears after the first run.</p>
      )}
    </section>
  );
}

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
            <Scene />
            <TracePanel />
            <KeyInspector />
            <ComparePanel />
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
