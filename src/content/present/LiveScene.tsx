// The live scene on a projector: `#/present/lesson/<slug>?lab=2` presents a lesson's lab
// widgets one after another (PageDown/PageUp, a clicker's keys, move between them) and
// `#/present/lab/scene?scenario=...` the lab screen's scenario, lanes and moment. The scene is
// the lab's own, in its room layout: every label and number at least 24 px and the counts at
// least 64 px at 1920x1080 (e2e/present-scene.desktop.spec.ts measures it). The time keys are
// the lab's (Space, arrows, Home, End, + and -). A lesson's lab whose caption states an outcome
// asks the room first, as its widget does on the page (useWidgetPredict): the scene waits at
// 0 s with its counts and decisions hidden, then plays to its last decision, compares, and
// shows the caption.
import { errorMessage } from '../../core/util/errorMessage';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { describeSpec } from '../../core/limiters/registry';
import { labInputsReady, prepareLabInputs } from '../../store/labCompute';
import { loadLink, readLinkScenario, safeBack } from '../../store/labLink';
import {
  compareInputOf,
  createLabStore,
  laneTitles,
  type LabStore,
  type ScenarioInput,
} from '../../store/labStore';
import { startLoop } from '../../ui/lab/loop';
import { Lane } from '../../ui/lab/scene/Lane';
import { lanesInOrder } from '../../ui/lab/laneOrder';
import { ScriptStatus } from '../../ui/lab/ScriptStatus';
import { Legend, OUTCOME_LABEL, OutcomeGlyph } from '../../ui/lab/shapes';
import { timeKey, TimeBar } from '../../ui/lab/TimeBar';
import { createStage, StageContext, useLab, type Stage } from '../../ui/lab/useLab';
import { navigate, type Route } from '../../ui/shell/router';
import { useWidgetSetup } from '../../ui/widgets/LabWidget';
import { useWidgetPredict } from '../../ui/widgets/useWidgetPredict';
import { directives, LESSONS } from '../library';
import '../../ui/lab/lab.css';
import './present.css';
import './liveScene.css';

function Selected() {
  const selected = useLab((s) => s.selected);
  const run = useLab((s) => (s.selectedLane === 'compare' && s.compare ? s.compare : s.run));
  if (selected === null || selected >= run.n) return null;
  const r = run.request(selected);
  return (
    <p className="room-selected" data-testid="room-selected">
      <OutcomeGlyph outcome={r.outcome} size={30} /> Request {r.index + 1} via server {r.server}:{' '}
      {OUTCOME_LABEL[r.outcome]}
      {r.retryAfterSeconds !== null && r.retryAfterSeconds >= 0
        ? ` · Retry-After ${r.retryAfterSeconds} s`
        : ''}
    </p>
  );
}

/** The lab's scene in its room layout, with its time bar (the decks' live stage uses it too). */
export function RoomScene({ stage }: { stage: Stage }) {
  const run = useLab((s) => s.run);
  const compare = useLab((s) => s.compare);
  const override = useLab((s) => s.compareOverride);
  const titles = useLab(useShallow((s) => laneTitles(s)));
  useEffect(() => startLoop(stage), [stage]);
  // The lab's order: the counter in each server left, the shared counter right.
  const lanes = lanesInOrder(run, compare, override, titles);
  return (
    <div className="room-stage">
      <div className={`room-lanes${compare ? ' two' : ''}`}>
        {lanes.map(({ r, lane, title }) => (
          <Lane key={lane} run={r} lane={lane} primary title={title} room />
        ))}
      </div>
      <Legend />
      <Selected />
      <div className="room-timebar">
        <TimeBar />
      </div>
    </div>
  );
}

/** The lab link's store (the scenario, lanes, time and selection it carries). */
function useLinkStore(route: Route): { store: LabStore | null; message: string | null } {
  const q = route.query;
  const param = q.get('scenario');
  const key = route.hash;
  const link = useMemo(() => (param ? readLinkScenario(param) : null), [param]);
  // A learner's Lua runs in the lab's worker first (labCompute): both lanes, then the store.
  const names = useMemo(
    () => (link?.ok ? [link.input, compareInputOf(link.input as ScenarioInput, null)] : []),
    [link],
  );
  const [ready, setReady] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [late, setLate] = useState<{ key: string; message: string | null } | null>(null);
  const isReady = labInputsReady(names) || ready === key;
  useEffect(() => {
    if (labInputsReady(names)) return;
    let live = true;
    prepareLabInputs(names).then(
      () => live && setReady(key),
      (e: unknown) => live && setFailed(errorMessage(e)),
    );
    return () => {
      live = false;
    };
  }, [names, key]);
  const out = useMemo(() => {
    if (!link) return { store: null, message: 'This link carries no scenario to present.' };
    if (!link.ok) return { store: null, message: link.message };
    if (failed) return { store: null, message: failed };
    if (!isReady) return { store: null, message: null };
    const store = createLabStore({ playing: false });
    const m = loadLink(
      link.input,
      q.get('t'),
      { compare: q.get('compare'), sel: q.get('sel'), lane: q.get('lane') },
      store,
    );
    // A second lane with its own script settles later; its message with it.
    if (m instanceof Promise) void m.then((message) => setLate({ key, message }));
    return { store, message: m instanceof Promise ? null : m };
    // key stands for the whole query.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, isReady, failed]);
  return late?.key === key ? { ...out, message: late.message ?? out.message } : out;
}

function Shell({
  title,
  sub,
  stage,
  message,
  nav,
  exit,
  pending = false,
  lead,
}: {
  title: string;
  sub: string | null;
  stage: Stage | null;
  message: string | null;
  nav?: { prev: (() => void) | null; next: (() => void) | null };
  exit: string;
  /** A prediction is open: what would give the outcome away is not drawn. */
  pending?: boolean;
  /** Over the scene: the predict prompt or the comparison, and the caption. */
  lead?: ReactNode;
}) {
  const [contrast, setContrast] = useState(false);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const el = e.target as HTMLElement | null;
      if (e.altKey || e.ctrlKey || e.metaKey || el?.tagName === 'INPUT') return;
      if (e.key === 'PageDown' && nav?.next) nav.next();
      else if (e.key === 'PageUp' && nav?.prev) nav.prev();
      else if (e.key === 'h' || e.key === 'H') setContrast((c) => !c);
      else if (e.key === 'f' || e.key === 'F') {
        if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
        else void document.documentElement.requestFullscreen?.().catch(() => undefined);
      } else if (stage) {
        const tag = el?.tagName;
        if ((e.key === ' ' || e.key === 'Enter') && (tag === 'BUTTON' || tag === 'A')) return;
        if (!timeKey(stage.store, e)) return;
      } else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [nav, stage]);
  return (
    <div
      className={`presenter room-scene${contrast ? ' high-contrast' : ''}${pending ? ' predict-pending' : ''}`}
      data-testid="room-scene"
    >
      <header className="room-head">
        <h1>{title}</h1>
        {sub && <p className="room-sub">{sub}</p>}
      </header>
      {/* Above the scene, as in the lesson's widget: on a short screen it stays in view. */}
      {lead}
      {message && (
        <p className="notice error room-message" role="alert">
          {message}
        </p>
      )}
      {stage ? (
        <StageContext.Provider value={stage}>
          <ScriptStatus />
          <RoomScene stage={stage} />
        </StageContext.Provider>
      ) : (
        !message && (
          <p className="room-loading" role="status">
            Loading the scene…
          </p>
        )
      )}
      <nav className="presenter-bar" aria-label="Presenter controls">
        {nav && (
          <>
            <button
              type="button"
              onClick={() => nav.prev?.()}
              disabled={!nav.prev}
              data-testid="room-prev"
            >
              ◀ Previous lab (PgUp)
            </button>
            <button
              type="button"
              onClick={() => nav.next?.()}
              disabled={!nav.next}
              data-testid="room-next"
            >
              Next lab (PgDn) ▶
            </button>
          </>
        )}
        <span className="presenter-bar-gap" />
        <span className="room-keys">Space play · ← → events · Home End</span>
        <button type="button" aria-pressed={contrast} onClick={() => setContrast(!contrast)}>
          High contrast (H)
        </button>
        <a href={exit} data-testid="room-exit">
          Exit
        </a>
      </nav>
    </div>
  );
}

function LessonScene({ slug, route }: { slug: string; route: Route }) {
  const lesson = LESSONS.find((l) => l.slug === slug);
  const labs = useMemo(() => (lesson ? directives(lesson, 'lab') : []), [lesson]);
  const n = Math.min(Math.max(1, Number(route.query.get('lab')) || 1), Math.max(1, labs.length));
  if (!lesson || labs.length === 0)
    return (
      <Shell
        title="Nothing to present"
        sub={null}
        stage={null}
        message={
          lesson ? `The lesson “${lesson.title}” has no lab.` : `There is no lesson “${slug}”.`
        }
        exit="#/lessons"
      />
    );
  const go = (k: number) => navigate(`#/present/lesson/${slug}?lab=${k}`);
  return (
    <LessonLab
      key={n}
      slug={slug}
      sub={`${lesson.title} · lab ${n} of ${labs.length}`}
      n={n}
      spec={(labs[n - 1]?.json ?? {}) as Record<string, unknown>}
      nav={{ prev: n > 1 ? () => go(n - 1) : null, next: n < labs.length ? () => go(n + 1) : null }}
    />
  );
}

/** One lab of a lesson on the projector: its scene, its predict prompt, then its caption. */
function LessonLab({
  slug,
  sub,
  n,
  spec,
  nav,
}: {
  slug: string;
  sub: string;
  n: number;
  spec: Record<string, unknown>;
  nav: { prev: (() => void) | null; next: (() => void) | null };
}) {
  const setup = useWidgetSetup(spec);
  const stage = useMemo(() => (setup.ok ? createStage(setup.store) : null), [setup]);
  const caption = typeof spec.caption === 'string' ? spec.caption : null;
  // Kept as the lesson deck's answers are: asked again each time the lab is presented.
  const predict = useWidgetPredict(setup, stage, undefined, caption, {
    progressId: `present/lesson-${slug}#lab-${n}`,
    restore: false,
  });
  const title = typeof spec.title === 'string' ? spec.title : `Lab ${n}`;
  const shown = caption && predict.showCaption && stage;
  return (
    <Shell
      title={title}
      sub={sub}
      stage={stage}
      message={setup.ok === false ? `This scenario could not run: ${setup.message}` : null}
      nav={nav}
      exit={`#/lessons/${slug}?lab=${n}`}
      pending={predict.pending}
      lead={
        (predict.node || shown) && (
          <div className="room-lead">
            {predict.node}
            {shown && (
              <p className="room-caption" data-testid="room-caption">
                {caption}
              </p>
            )}
          </div>
        )
      }
    />
  );
}

function LabScene({ route }: { route: Route }) {
  const { store, message } = useLinkStore(route);
  const stage = useMemo(() => (store ? createStage(store) : null), [store]);
  const back = route.hash.replace(/^#\/present\/lab\/scene/, '#/lab');
  const run = store?.getState().run;
  const pol = run?.scenario.policies ?? [];
  const title = run
    ? `${run.n} requests, ${pol.length === 1 ? describeSpec(pol[0]!) : `${pol.length} policies`}`
    : 'The lab';
  return (
    <Shell
      title={title}
      sub={safeBack(route.query.get('back')) ? 'From a lesson' : 'From the lab'}
      stage={stage}
      message={message}
      exit={back}
    />
  );
}

/** `#/present/lesson/<slug>` or `#/present/lab/scene`: the live scene at room size. */
export function LiveScene({ route }: { route: Route }) {
  const [, source, slug] = route.parts;
  if (source === 'lesson' && slug) return <LessonScene key={slug} slug={slug} route={route} />;
  return <LabScene route={route} />;
}
