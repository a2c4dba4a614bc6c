// A lab scenario embedded in a lesson: the lab's own two-lane scene at the widget's size, with
// its own store (src/store/widgetStore.ts), its own time bar and the selected request's path
// and HTTP response. It opens paused at the run's first interesting moment; "Open in the lab"
// carries the exact state (both lanes, time, selection) and a way back. Out of view it costs
// nothing: the loop skips its stage (IntersectionObserver).
import {
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type KeyboardEvent,
} from 'react';
import { useShallow } from 'zustand/react/shallow';
import { splitLab } from '../../core/content/directives';
import { OUTCOME_NAMES, type Outcome } from '../../core/lab/columns';
import type { LabRun } from '../../core/lab/labRun';
import { labInputsReady, prepareLabInputs } from '../../store/labCompute';
import { labLinkOf } from '../../store/labLink';
import { laneTitles, type LabStore } from '../../store/labStore';
import { createWidgetStore, type WidgetResult } from '../../store/widgetStore';
import { setStageVisible, startLoop } from '../lab/loop';
import { Http, Path } from '../lab/RequestPanel';
import { ProductionCaption, productionSentences } from '../lab/production/Caption';
import { Lane } from '../lab/scene/Lane';
import { ScriptStatus } from '../lab/ScriptStatus';
import { Legend, OUTCOME_LABEL, OutcomeGlyph } from '../lab/shapes';
import { timeKey, TimeBar, TimeKeys } from '../lab/TimeBar';
import { createStage, StageContext, useLab, type Stage } from '../lab/useLab';
import { parseHash } from '../shell/router';
import { useWidgetPredict } from './useWidgetPredict';
import {
  clearStepCaption,
  registerWidgetStage,
  stepCaptionOf,
  subscribeStepCaption,
} from './widgetStages';
import '../lab/lab.css';
import './widgets.css';
import './labWidget.css';
import { errorMessage } from '../../core/util/errorMessage';

/** A widget's lanes read left to right under this lane width (CSS px) before they stack. */
const WIDGET_NARROW_BELOW = 440;

/** Lessons and problems link back to themselves; `lab-2` is the lesson's second lab block. */
function backRoute(id: string | undefined): string | null {
  if (typeof location === 'undefined') return null;
  const r = parseHash(location.hash);
  if ((r.parts[0] !== 'lessons' && r.parts[0] !== 'practice') || !r.parts[1]) return null;
  const n = id ? /^lab-(\d+)$/.exec(id)?.[1] : undefined;
  return `#/${r.parts[0]}/${r.parts[1]}${n ? `?lab=${n}` : ''}`;
}

/** The widget's store, once its limiters are ready (a Lua scenario loads the engine first). */
export function useWidgetSetup(spec: Record<string, unknown>): WidgetResult | { ok: null } {
  const key = useMemo(() => JSON.stringify(spec), [spec]);
  // A learner's Lua runs in the lab's worker first (labCompute): the widget waits for it.
  const names = useMemo(() => {
    const parts = splitLab(spec);
    return [parts.scenario, parts.compare];
  }, [spec]);
  const [loaded, setLoaded] = useState<{ key: string; error: string | null } | null>(null);
  const ready = labInputsReady(names) || (loaded?.key === key && loaded.error === null);
  useEffect(() => {
    if (labInputsReady(names)) return;
    let live = true;
    prepareLabInputs(names).then(
      () => live && setLoaded({ key, error: null }),
      (e: unknown) => live && setLoaded({ key, error: errorMessage(e) }),
    );
    return () => {
      live = false;
    };
  }, [key, names]);
  return useMemo<WidgetResult | { ok: null }>(() => {
    if (loaded?.key === key && loaded.error !== null)
      return { ok: false, message: `its limiter could not be loaded: ${loaded.error}` };
    if (!ready) return { ok: null };
    return createWidgetStore(spec);
    // key stands for spec's content.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, ready, loaded]);
}

/** Outcomes that occur in either lane (the legend lists only those). */
function outcomesOf(runs: (LabRun | null)[]): Outcome[] {
  const seen = new Set<number>();
  for (const r of runs) if (r) for (let i = 0; i < r.n; i++) seen.add(r.outcome[i]!);
  return OUTCOME_NAMES.filter((_, k) => seen.has(k));
}

/** The selected request: its path and the HTTP response a client would get. */
function WidgetRequest() {
  const selected = useLab((s) => s.selected);
  const lane = useLab((s) => s.selectedLane);
  const run = useLab((s) => (s.selectedLane === 'compare' && s.compare ? s.compare : s.run));
  const two = useLab((s) => s.compare !== null);
  const title = useLab(useShallow((s) => laneTitles(s)));
  if (selected === null || selected >= run.n)
    return (
      <p className="muted small widget-hint" data-testid="widget-hint">
        Select a request (a dot in the scene or an entry in a lane&apos;s list) to see its path and
        the HTTP response its client gets.
      </p>
    );
  const r = run.request(selected);
  return (
    <section className="widget-request" aria-label={`Request ${r.index + 1}`}>
      <p className="req-outcome" data-testid="widget-selected">
        <OutcomeGlyph outcome={r.outcome} size={20} />
        <strong>Request {r.index + 1}:</strong> {OUTCOME_LABEL[r.outcome]}
        {two && <span className="muted"> · {lane === 'compare' ? title.compare : title.main}</span>}
      </p>
      <div className="widget-request-body">
        <Path r={r} run={run} />
        <Http r={r} run={run} />
      </div>
    </section>
  );
}

/** The caption of the narrated step the scene was moved to (cleared when the learner moves it). */
function StepCaption({ id }: { id: string }) {
  const c = useSyncExternalStore(
    (f) => subscribeStepCaption(id, f),
    () => stepCaptionOf(id),
    () => null,
  );
  if (!c) return null;
  return (
    <p className="widget-step-caption" data-testid="widget-step-caption">
      {c.label && <span className="widget-step-label">{c.label}</span>} {c.text}
    </p>
  );
}

function WidgetScene({
  setup,
  stage,
  id,
  pending,
}: {
  setup: Extract<WidgetResult, { ok: true }>;
  stage: Stage;
  id?: string;
  /** A prediction is open: nothing that gives the outcome away. */
  pending: boolean;
}) {
  const run = useLab((s) => s.run);
  const compare = useLab((s) => s.compare);
  const titles = useLab(useShallow((s) => laneTitles(s)));
  const outcomes = useMemo(() => outcomesOf([run, compare]), [run, compare]);
  const openLab = (store: LabStore) => labLinkOf(store.getState(), backRoute(id));
  const lessonSlug =
    typeof location !== 'undefined' ? parseHash(location.hash).parts : ([] as string[]);
  const presentHref =
    lessonSlug[0] === 'lessons' && lessonSlug[1] && id
      ? `#/present/lesson/${lessonSlug[1]}?lab=${id.replace(/^lab-/, '')}`
      : null;
  const fresh = (e: { currentTarget: HTMLAnchorElement }) => {
    e.currentTarget.href = openLab(stage.store);
  };
  return (
    <>
      <div className="widget-actions">
        <a
          className="button small-button"
          href={openLab(stage.store)}
          data-testid="open-in-lab"
          onClick={fresh}
          onFocus={fresh}
          onPointerEnter={fresh}
        >
          Open in the lab
        </a>
        {presentHref && (
          <a className="button small-button" href={presentHref} data-testid="widget-present">
            Present
          </a>
        )}
      </div>
      {setup.compareError && (
        <p className="notice error small" role="alert">
          The second lane could not run: {setup.compareError}
        </p>
      )}
      {id && !pending && <StepCaption id={id} />}
      {/* The time bar comes first in the tab order and is drawn under the scene (CSS order). */}
      <div className="widget-stage">
        <div className="widget-timebar">
          <TimeBar compact />
        </div>
        <div className={`lab-lanes widget-lanes${compare ? ' two' : ''}`}>
          <Lane
            run={run}
            lane="main"
            primary
            title={titles.main}
            narrowBelow={WIDGET_NARROW_BELOW}
          />
          {compare && (
            <Lane
              run={compare}
              lane="compare"
              primary
              title={titles.compare!}
              narrowBelow={WIDGET_NARROW_BELOW}
            />
          )}
        </div>
        {!pending && <Legend show={outcomes} />}
      </div>
      {!pending && productionSentences(run, { signals: true }).length > 0 && (
        <p className="widget-note widget-prod" data-testid="widget-production">
          <ProductionCaption run={run} signals />
        </p>
      )}
      {!pending && <WidgetRequest />}
      <TimeKeys where="while this lab has focus" />
    </>
  );
}

/** A lab scenario embedded in a lesson, live on the engine (two lanes with `compare`). */
export function LabWidget({
  spec,
  id,
  onStage,
}: {
  spec: Record<string, unknown>;
  id?: string;
  /** Hands the widget's stage (its store and clock) to a page that drives it (a live room). */
  onStage?: (stage: Stage | null) => void;
}) {
  const setup = useWidgetSetup(spec);
  const stage = useMemo(() => (setup.ok ? createStage(setup.store) : null), [setup]);
  const figure = useRef<HTMLElement>(null);

  useEffect(() => {
    if (!stage || !onStage) return;
    onStage(stage);
    return () => onStage(null);
  }, [stage, onStage]);

  useEffect(() => {
    if (!stage || !id) return;
    const off = registerWidgetStage(id, stage);
    // A narrated step's caption stays while the scene shows that step: playing, moving the
    // clock or picking another request takes it away.
    const unsub = stage.store.subscribe((s, p) => {
      if (s.now !== p.now || s.playing !== p.playing || s.selected !== p.selected)
        clearStepCaption(id);
    });
    return () => {
      unsub();
      off();
    };
  }, [stage, id]);

  useEffect(() => {
    if (!stage) return;
    const stop = startLoop(stage);
    const el = figure.current;
    if (!el || typeof IntersectionObserver === 'undefined') return stop;
    // Out of view: no clock, no drawing. Near the viewport counts as in view, so a widget
    // scrolled to is already drawn.
    stage.visible = false;
    const io = new IntersectionObserver(
      (entries) => {
        const e = entries[entries.length - 1];
        if (e) setStageVisible(stage, e.isIntersecting);
      },
      { rootMargin: '100px 0px' },
    );
    io.observe(el);
    return () => {
      io.disconnect();
      stop();
    };
  }, [stage]);

  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if (!stage || e.altKey || e.ctrlKey || e.metaKey) return;
    const el = e.target as HTMLElement;
    const tag = el.tagName;
    if (tag === 'INPUT' || tag === 'SELECT' || tag === 'TEXTAREA') return;
    // Space on a button presses the button.
    const pressable =
      tag === 'BUTTON' || tag === 'A' || tag === 'SUMMARY' || el.getAttribute('role') === 'button';
    if ((e.key === ' ' || e.key === 'Enter') && pressable) return;
    if (timeKey(stage.store, e)) {
      e.preventDefault();
      e.stopPropagation();
    }
  };

  const title = typeof spec.title === 'string' ? spec.title : 'Try it in the lab';
  const caption = typeof spec.caption === 'string' ? spec.caption : null;
  const predict = useWidgetPredict(setup, stage, id, caption);
  return (
    // Keys inside the widget move its own clock (the figure is not itself focusable: its
    // controls are).
    <figure
      ref={figure}
      className={`widget card lab-widget${predict.pending ? ' predict-pending' : ''}`}
      data-testid="lab-widget"
      data-stage="own"
      id={id}
      onKeyDown={onKeyDown}
    >
      <figcaption className="widget-caption">
        <span className="widget-kind">Live lab</span>
        <strong className="widget-title">{title}</strong>
      </figcaption>
      {predict.node}
      {caption && predict.showCaption && <p className="widget-note">{caption}</p>}
      {setup.ok === null && (
        <p className="muted" role="status" aria-busy="true" data-testid="widget-loading">
          Loading the Lua engine for this scenario…
        </p>
      )}
      {setup.ok === false && (
        <p className="notice error" role="alert">
          This scenario could not run: {setup.message}
        </p>
      )}
      {setup.ok && stage && (
        <StageContext.Provider value={stage}>
          <ScriptStatus />
          <WidgetScene setup={setup} stage={stage} id={id} pending={predict.pending} />
        </StageContext.Provider>
      )}
    </figure>
  );
}
