// The lab: the worked example first (two lanes, counts, caption), the time bar under the
// scene, controls left, the selected request and limiter state right, charts at the bottom.
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import {
  describeSpec,
  limiterNamesOf,
  limitersReady,
  prepareLimiters,
} from '../../core/limiters/registry';
import { admittedCode } from '../../core/lab/columns';
import type { Counts, LabRun } from '../../core/lab/labRun';
import { labTitle as scenarioTitle } from '../../core/production/labels';
import { useFirstView } from './labFirstView';
import {
  labLinkOf,
  linkLoadFailed,
  loadLink,
  readLinkScenario,
  safeBack,
} from '../../store/labLink';
import { labStore, laneTitles } from '../../store/labStore';
import { withBrokenStore } from '../../store/scenarioEdits';
import { useShallow } from 'zustand/react/shallow';
import { ScriptStatus } from '../lab/ScriptStatus';
import { Controls } from '../lab/Controls';
import { startLoop } from '../lab/loop';
import { RequestPanel, StatePanel } from '../lab/RequestPanel';
import { Lane } from '../lab/scene/Lane';
import { lanesInOrder } from '../lab/laneOrder';
import { useHoldUntilSeen } from '../lab/useHoldUntilSeen';
import { loadCaption, loadedCaption } from '../lab/production/captionLoader';
import { useTapOpensDetails } from '../lab/useTapOpensDetails';
import { wastedText, wastedTotal } from '../lab/scene/Wasted';
import { Legend } from '../lab/shapes';
import { timeKey, TimeBar, TimeKeys, TimeTools } from '../lab/TimeBar';
import { useLab } from '../lab/useLab';
import { Deferred } from '../shell/Deferred';
import type { Route } from '../shell/router';
import '../lab/lab.css';

// Below the fold: the charts (recharts) load once they come near the screen or the browser is
// idle, in a box that keeps its height while they arrive.
const Charts = lazy(() => import('../lab/Charts').then((m) => ({ default: m.Charts })));
const CHARTS_MIN_HEIGHT = '600px';
// The caption's production lines (and the report and signals code they read) load once the
// caption shows, which the first view's question holds back.
const ProductionLines = lazy(() => loadCaption().then((m) => ({ default: m.ProductionCaption })));
function ProductionCaption({ run }: { run: LabRun }) {
  const m = loadedCaption();
  if (m) return <m.ProductionCaption run={run} />;
  return (
    <Suspense fallback={null}>
      <ProductionLines run={run} />
    </Suspense>
  );
}
// The production panels are hidden while the first view's question is open: they load after.
const ProductionPanels = lazy(() =>
  import('../lab/production/ProductionPanels').then((m) => ({ default: m.ProductionPanels })),
);
const chartsLoading = <p className="loading">Loading charts…</p>;

/** "Two", "Four": the servers in the title, in words up to eight. */
const WORDS = ['No', 'One', 'Two', 'Three', 'Four', 'Five', 'Six', 'Seven', 'Eight'];
export function labTitle(servers: number): string {
  const n = WORDS[servers] ?? String(servers);
  return servers === 1 ? 'One server, one budget' : `${n} servers, one budget`;
}

/** "the 4th and 5th", "the 4th, 5th and 9th", "7 admissions". */
function ordinals(list: number[]): string {
  const ord = (k: number) => {
    const t = k % 100;
    const suf = t >= 11 && t <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][k % 10] ?? 'th');
    return `${k}${suf}`;
  };
  if (list.length > 4) return `${list.length} admissions`;
  const words = list.map(ord);
  const last = words.pop()!;
  return `the ${words.length ? `${words.join(', ')} and ${last}` : last} admission${list.length > 1 ? 's' : ''}`;
}

/** Which admissions (1st, 2nd, ... in the lane's decision order) went over the limit. */
function overSentence(run: LabRun, title: string): string | null {
  const over = run.overLimit;
  if (!over || over.requests.length === 0) return null;
  const ranks: number[] = [];
  let k = 0;
  for (let j = 0; j < run.n; j++) {
    const i = run.byDecision[j]!;
    if (admittedCode(run.outcome[i]!)) {
      k++;
      if (over.flags[i]) ranks.push(k);
    }
  }
  const what = ordinals(ranks);
  const verb = ranks.length === 1 ? 'is' : 'are';
  return `${what[0]!.toUpperCase()}${what.slice(1)} of “${title}” ${verb} over the limit of ${over.quota}: one shared counter would have answered 429.`;
}

function Caption() {
  const run = useLab((s) => s.run);
  const compare = useLab((s) => s.compare);
  const override = useLab((s) => s.compareOverride);
  const titles = useLab(useShallow((s) => laneTitles(s)));
  const pol = run.scenario.policies;
  const limit =
    pol.length !== 1
      ? `the same ${pol.length} policies`
      : pol[0]!.algorithm === 'lua'
        ? 'the same Lua script'
        : `the same limit, ${describeSpec(pol[0]!)}`;
  const say = (label: string, c: Counts) => {
    // admitted = allowed + bypass: what reached the app, however it got there.
    const parts = [
      `${label} admitted ${c.admitted}${c.bypass ? ` (${c.bypass} of them bypassing the limiter)` : ''}`,
    ];
    if (c.denied) parts.push(`answered ${c.denied} with 429`);
    if (c.unavailable) parts.push(`${c.unavailable} with 503`);
    return parts.join(' and ');
  };
  const lc = (r: LabRun) => r.countsAt(Infinity);
  if (!compare) {
    const over = overSentence(run, titles.main);
    return (
      <p className="lab-caption" data-testid="caption">
        {run.n} requests, {limit}: {say(titles.main.toLowerCase(), lc(run))}.
        {over && <strong data-testid="over-caption">{over}</strong>}
        <Outage runs={[run]} />
        <Wasted runs={[run]} />
        <DoubleSpent runs={[run]} />
        <ProductionCaption run={run} />
      </p>
    );
  }
  // The lab's own comparison puts the counter in each server on the left.
  const swap = !override && run.shared;
  const [l, r] = swap ? [compare, run] : [run, compare];
  const [lt, rt] = swap ? [titles.compare!, titles.main] : [titles.main, titles.compare!];
  const overs = [overSentence(l, lt), overSentence(r, rt)].filter((x): x is string => !!x);
  const a = lc(l);
  const b = lc(r);
  // The local-against-shared sentences are about a counter in each server only.
  const localStory = !override && l.scenario.placement === 'local';
  const more = localStory ? a.admitted - b.admitted : 0;
  const same = l.n === r.n ? `Same ${l.n} requests` : `${l.n} and ${r.n} requests`;
  // "Each server only counts what it sees" explains admissions over the limit, never 503s.
  const placementStory = localStory && overs.length > 0;
  return (
    <p className="lab-caption" data-testid="caption">
      {same}, {override ? 'two settings' : limit}: {say(lt.toLowerCase(), a)};{' '}
      {say(rt.toLowerCase(), b)}.{' '}
      {placementStory && (
        <strong data-testid="over-caption">
          Each server only counts what it sees. {overs.join(' ')}
        </strong>
      )}
      {!placementStory &&
        overs.map((o) => (
          <strong key={o} data-testid="over-caption">
            {o}
          </strong>
        ))}
      {!override && !placementStory && more < 0 && (
        <strong>This time the shared counter let {-more} more through.</strong>
      )}
      <Outage runs={[l, r]} />
      <Wasted runs={[l, r]} />
      <DoubleSpent runs={[l, r]} />
      <ProductionCaption run={run} />
    </p>
  );
}

/** 503s come from the store being unreachable (failing closed), not from what servers see. */
function Outage({ runs }: { runs: LabRun[] }) {
  const r = runs.find((x) => x.countsAt(Infinity).unavailable > 0);
  if (!r) return null;
  const c = r.countsAt(Infinity);
  const why = r.totals.timedOut > 0 ? 'did not answer in time' : 'was unreachable';
  return (
    <span className="lab-caption-line" data-testid="outage-caption">
      {' '}
      {c.unavailable} {c.unavailable === 1 ? 'request was' : 'requests were'} answered 503: the
      store {why} and the service fails closed, so nobody counted{' '}
      {c.unavailable === 1 ? 'it' : 'them'}.
    </span>
  );
}

/** Naive multi-policy charging: budget charged for requests another policy then denied. */
function Wasted({ runs }: { runs: LabRun[] }) {
  const r = runs.find((x) => x.scenario.multiPolicy === 'naive' && wastedTotal(x) > 0);
  if (!r) return null;
  return (
    <span className="lab-caption-line" data-testid="wasted-budget">
      {' '}
      {wastedText(r)}
    </span>
  );
}

/** Read-then-write lanes: the engine's count of admissions made on a stale read. */
function DoubleSpent({ runs }: { runs: LabRun[] }) {
  const r = runs.find((x) => x.totals.doubleSpent > 0);
  if (!r) return null;
  const n = r.totals.doubleSpent;
  return (
    <span className="lab-caption-line" data-testid="double-spent">
      {' '}
      {n === 1 ? '1 admission was' : `${n} admissions were`} double-spent: two servers read the same
      count before either wrote, so both admitted and one write overwrote the other.
    </span>
  );
}

function NextSteps({ onAlgorithm }: { onAlgorithm: () => void }) {
  return (
    <div className="next-steps" role="group" aria-label="What next">
      <button type="button" className="button" onClick={onAlgorithm}>
        Change the algorithm
      </button>
      <button
        type="button"
        className="button"
        data-testid="break-it"
        onClick={() => {
          const s = labStore.getState();
          const ok = s.edit(withBrokenStore);
          if (ok) {
            s.seek(0);
            s.play();
          }
        }}
      >
        Break it: add latency
      </button>
      <a className="button primary" href="#/lessons/two-servers-one-budget">
        Start the lesson →
      </a>
    </div>
  );
}

function LiveSummary() {
  const main = useLab((s) => s.run.decidedBy(s.panelNow));
  const cmp = useLab((s) => s.compare?.decidedBy(s.panelNow) ?? 0);
  const [text, setText] = useState('');
  const pending = useRef(0);
  useEffect(() => {
    // Polite and throttled: one summary per 1.5 s at most.
    window.clearTimeout(pending.current);
    pending.current = window.setTimeout(() => {
      const s = labStore.getState();
      const titles = laneTitles(s);
      const part = (r: typeof s.run, title: string) => {
        const c = r.countsAt(s.now);
        return `${title}: ${c.admitted} admitted${c.bypass ? ` (${c.bypass} bypassing the limiter)` : ''}, ${c.denied} denied`;
      };
      setText(
        `At ${s.now.toFixed(1)} s. ${part(s.run, titles.main)}.${s.compare ? ` ${part(s.compare, titles.compare!)}.` : ''}`,
      );
    }, 1500);
    return () => window.clearTimeout(pending.current);
  }, [main, cmp]);
  return (
    <p className="visually-hidden" aria-live="polite" data-testid="live-summary">
      {text}
    </p>
  );
}

/** Loads `#/lab?scenario=...&t=...` once per distinct link. */
function useUrlScenario(route: Route): string | null {
  const param = route.query.get('scenario');
  const t = route.query.get('t');
  const extras = {
    compare: route.query.get('compare'),
    sel: route.query.get('sel'),
    lane: route.query.get('lane'),
  };
  const [error, setError] = useState<string | null>(null);
  const [seen, setSeen] = useState<string | null>(null);
  const key = `${param ?? ''}|${t ?? ''}|${extras.compare ?? ''}|${extras.sel ?? ''}|${extras.lane ?? ''}`;
  const seenKey = useRef(key);
  seenKey.current = key;
  if (key !== seen) {
    setSeen(key);
    if (param) {
      let message: string | null = null;
      const link = readLinkScenario(param);
      if (!link.ok) message = link.message;
      else {
        const names = limiterNamesOf(link.input);
        if (limitersReady(names)) {
          const m = loadLink(link.input, t, extras);
          // A learner's script runs in the lab's worker: the message comes when its run is in.
          if (m instanceof Promise)
            void m.then((x) => {
              if (seenKey.current === key) setError(x);
            });
          else message = m;
        } else {
          // A Lua scenario: load the engine first, then the scenario (the link keeps its place).
          prepareLimiters(names).then(
            () => {
              if (seenKey.current !== key) return;
              const m = loadLink(link.input, t, extras);
              if (m instanceof Promise)
                void m.then((x) => {
                  if (seenKey.current === key) setError(x);
                });
              else setError(m);
            },
            (e: unknown) => setError(linkLoadFailed(e)),
          );
        }
      }
      setError(message);
    } else setError(null);
  }
  return error;
}

type Tab = 'controls' | 'request' | 'production' | 'charts';

const TAB_LABEL: Record<Tab, string> = {
  controls: 'Controls',
  request: 'Request',
  production: 'Production',
  charts: 'Charts',
};

/** "Present": the lab's scenario, lanes and moment on the projector's stage. */
function presentHref(): string {
  const link = labLinkOf(labStore.getState());
  return `#/present/lab/scene?${link.slice(link.indexOf('?') + 1)}`;
}

export default function LabPage({ route }: { route: Route }) {
  const urlError = useUrlScenario(route);
  const run = useLab((s) => s.run);
  const compare = useLab((s) => s.compare);
  const override = useLab((s) => s.compareOverride);
  const titles = useLab(useShallow((s) => laneTitles(s)));
  const [tab, setTab] = useState<Tab>('controls');
  const back = safeBack(route.query.get('back'));

  const lanes = lanesInOrder(run, compare, override, titles);
  // The first view asks before it plays (labFirstView.tsx); the opening play waits for it.
  const first = useFirstView(route.query.get('scenario') !== null, lanes[0]!.r);

  useEffect(() => startLoop(), []);
  const lanesRef = useRef<HTMLDivElement>(null);
  const openDetails = useTapOpensDetails(labStore, () => setTab('request'));
  useHoldUntilSeen(labStore, lanesRef, first.pending);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const el = e.target as HTMLElement | null;
      const tag = el?.tagName;
      if (e.altKey || e.ctrlKey || e.metaKey) return;
      if (tag === 'INPUT' || tag === 'SELECT' || tag === 'TEXTAREA' || el?.isContentEditable)
        return;
      // Keys inside a widget of its own (a lesson's scene embedded elsewhere) are its own.
      if (el?.closest?.('[data-stage="own"]')) return;
      // Space on a button presses the button; elsewhere it plays and pauses.
      if (
        (e.key === ' ' || e.key === 'k') &&
        (tag === 'BUTTON' ||
          tag === 'A' ||
          tag === 'SUMMARY' ||
          el?.getAttribute('role') === 'button')
      )
        return;
      if (timeKey(labStore, e)) e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const openAlgorithm = () => {
    setTab('controls');
    requestAnimationFrame(() => {
      const d = document.getElementById('ctl-algorithm') as HTMLDetailsElement | null;
      if (d) {
        d.open = true;
        d.scrollIntoView({ block: 'center', behavior: 'smooth' });
        document.getElementById('ctl-alg')?.focus({ preventScroll: true });
      }
    });
  };

  return (
    <div className={`lab${first.pending ? ' predict-pending' : ''}`} data-testid="lab-page">
      {back && (
        <p className="lab-back">
          <a href={back} data-testid="back-to-lesson">
            ← Back to the lesson
          </a>
        </p>
      )}
      <header className="lab-intro">
        <div>
          <h1 className="page-title" data-testid="lab-title">
            {scenarioTitle(run.scenario)}
          </h1>
          {first.node}
          {!first.waiting && <Caption />}
        </div>
        <NextSteps onAlgorithm={openAlgorithm} />
      </header>
      {urlError && (
        <p className="notice error" role="alert" data-testid="url-error">
          {urlError}
        </p>
      )}
      <ScriptStatus />
      {/* First in the tab order, drawn under the scene (CSS order): Tab reaches the time
          controls before the scene's servers and decisions. */}
      <div className="lab-timebar">
        <TimeBar />
      </div>
      <div className={`lab-lanes${lanes.length > 1 ? ' two' : ''}`} ref={lanesRef} {...openDetails}>
        {lanes.map(({ r, lane, title }) => (
          <Lane key={lane} run={r} lane={lane} primary={lane === 'main'} title={title} />
        ))}
      </div>
      <Legend />
      <div className="lab-time-extra">
        <TimeTools />
        <a
          className="button"
          href="#/present/lab/scene"
          data-testid="present"
          onClick={(e) => {
            e.currentTarget.href = presentHref();
          }}
          onFocus={(e) => {
            e.currentTarget.href = presentHref();
          }}
          onPointerEnter={(e) => {
            e.currentTarget.href = presentHref();
          }}
        >
          Present
        </a>
        <TimeKeys where="anywhere on this page" />
      </div>
      <div className="lab-tabs" role="tablist" aria-label="Panels">
        {(['controls', 'request', 'production', 'charts'] as Tab[]).map((t) => (
          <button
            key={t}
            type="button"
            role="tab"
            id={`tab-${t}`}
            aria-selected={tab === t}
            aria-controls={`panel-${t}`}
            className="tab"
            onClick={() => setTab(t)}
          >
            {TAB_LABEL[t]}
          </button>
        ))}
      </div>
      <div className="lab-cols">
        <div className="lab-left" id="panel-controls" data-active={tab === 'controls'}>
          <Controls />
        </div>
        <div className="lab-right" id="panel-request" data-active={tab === 'request'}>
          <RequestPanel />
          <StatePanel />
        </div>
      </div>
      <div className="lab-production" id="panel-production" data-active={tab === 'production'}>
        {first.pending ? (
          <p className="muted" data-testid="production-after-predict">
            The production signals appear once you have made your prediction above.
          </p>
        ) : (
          <Suspense fallback={<p className="loading">Loading the production panels…</p>}>
            <ProductionPanels />
          </Suspense>
        )}
      </div>
      <div className="lab-charts" id="panel-charts" data-active={tab === 'charts'}>
        {first.pending ? (
          <p className="muted" data-testid="charts-after-predict">
            The charts appear once you have made your prediction above.
          </p>
        ) : (
          <Deferred fallback={chartsLoading} minHeight={CHARTS_MIN_HEIGHT}>
            <Suspense
              fallback={<div style={{ minHeight: CHARTS_MIN_HEIGHT }}>{chartsLoading}</div>}
            >
              <Charts />
            </Suspense>
          </Deferred>
        )}
      </div>
      <LiveSummary />
    </div>
  );
}
