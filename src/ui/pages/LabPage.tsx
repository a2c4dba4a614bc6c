// The lab: the worked example first (two lanes, counts, caption), the time bar under the
// scene, controls left, the selected request and limiter state right, charts at the bottom.
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import {
  describeSpec,
  limiterNamesOf,
  limitersReady,
  prepareLimiters,
} from '../../core/limiters/registry';
import type { LabRun } from '../../core/lab/labRun';
import { labTitle, placementLabel } from '../../core/production/labels';
import { linkLoadFailed, loadLink, readLinkScenario } from '../../store/labLink';
import { labStore } from '../../store/labStore';
import { Controls } from '../lab/Controls';
import { startLoop } from '../lab/loop';
import { RequestPanel, StatePanel } from '../lab/RequestPanel';
import { Lane } from '../lab/scene/Lane';
import { ProductionCaption } from '../lab/production/Caption';
import { ProductionPanels } from '../lab/production/ProductionPanels';
import { Legend } from '../lab/shapes';
import { speedStep, TimeBar } from '../lab/TimeBar';
import { useLab } from '../lab/useLab';
import type { Route } from '../shell/router';
import '../lab/lab.css';

const Charts = lazy(() => import('../lab/Charts').then((m) => ({ default: m.Charts })));

function Caption() {
  const run = useLab((s) => s.run);
  const compare = useLab((s) => s.compare);
  const pol = run.scenario.policies;
  const limit =
    pol.length === 1
      ? `the same limit, ${describeSpec(pol[0]!)}`
      : `the same ${pol.length} policies`;
  const a = run.countsAt(Infinity);
  const say = (label: string, c: typeof a) => {
    // admitted = allowed + bypass: what reached the app, however it got there.
    const parts = [
      `${label.toLowerCase()} admitted ${c.admitted}${c.bypass ? ` (${c.bypass} of them bypassing the limiter)` : ''}`,
    ];
    if (c.denied) parts.push(`answered ${c.denied} with 429`);
    if (c.unavailable) parts.push(`${c.unavailable} with 503`);
    return parts.join(' and ');
  };
  if (!compare) {
    return (
      <p className="lab-caption" data-testid="caption">
        {run.n} requests, {limit}: {say(placementLabel(run.scenario), a)}.
        <DoubleSpent runs={[run]} />
        <ProductionCaption run={run} />
      </p>
    );
  }
  const [l, r] = run.shared ? [compare, run] : [run, compare];
  const lc = l.countsAt(Infinity);
  const rc = r.countsAt(Infinity);
  // The local-against-shared sentence is about a counter in each server only.
  const more = l.scenario.placement === 'local' ? lc.admitted - rc.admitted : 0;
  return (
    <p className="lab-caption" data-testid="caption">
      Same {run.n} requests, {limit}: {say(placementLabel(l.scenario), lc)};{' '}
      {say(placementLabel(r.scenario), rc)}.{' '}
      {more > 0 && (
        <strong>
          Each server only counts what it sees, so {more} more got through than the limit allows.
        </strong>
      )}
      {more < 0 && <strong>This time the shared counter let {-more} more through.</strong>}
      <DoubleSpent runs={[l, r]} />
      <ProductionCaption run={run} />
    </p>
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
          const ok = s.edit((d) => {
            d.placement = 'shared-nonatomic';
            d.store = { ...((d.store as object) ?? {}), latencySeconds: 0.8 };
          });
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
      const part = (r: typeof s.run) => {
        const c = r.countsAt(s.now);
        return `${placementLabel(r.scenario)}: ${c.admitted} admitted${c.bypass ? ` (${c.bypass} bypassing the limiter)` : ''}, ${c.denied} denied`;
      };
      setText(
        `At ${s.now.toFixed(1)} s. ${part(s.run)}.${s.compare ? ` ${part(s.compare)}.` : ''}`,
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
  const [error, setError] = useState<string | null>(null);
  const [seen, setSeen] = useState<string | null>(null);
  const key = `${param ?? ''}|${t ?? ''}`;
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
        if (limitersReady(names)) message = loadLink(link.input, t);
        else {
          // A Lua scenario: load the engine first, then the scenario (the link keeps its place).
          prepareLimiters(names).then(
            () => {
              if (seenKey.current === key) setError(loadLink(link.input, t));
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

export default function LabPage({ route }: { route: Route }) {
  const urlError = useUrlScenario(route);
  const run = useLab((s) => s.run);
  const compare = useLab((s) => s.compare);
  const [tab, setTab] = useState<Tab>('controls');

  useEffect(() => startLoop(), []);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const el = e.target as HTMLElement | null;
      const tag = el?.tagName;
      if (e.altKey || e.ctrlKey || e.metaKey) return;
      if (tag === 'INPUT' || tag === 'SELECT' || tag === 'TEXTAREA' || el?.isContentEditable)
        return;
      const s = labStore.getState();
      if (e.key === ' ' || e.key === 'k') {
        // Space on a button presses the button; elsewhere it plays and pauses.
        if (
          tag === 'BUTTON' ||
          tag === 'A' ||
          tag === 'SUMMARY' ||
          el?.getAttribute('role') === 'button'
        )
          return;
        e.preventDefault();
        s.togglePlay();
      } else if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') {
        e.preventDefault();
        const dir = e.key === 'ArrowRight' ? 1 : -1;
        if (e.shiftKey) {
          s.pause();
          s.seek(s.now + dir * Math.max(0.5, s.run.end / 20));
        } else s.step(dir);
      } else if (e.key === '+' || e.key === '=') {
        s.setSpeed(speedStep(s.speed, 1));
      } else if (e.key === '-' || e.key === '_') {
        s.setSpeed(speedStep(s.speed, -1));
      }
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

  const lanes = compare ? (run.shared ? [compare, run] : [run, compare]) : [run];

  return (
    <div className="lab" data-testid="lab-page">
      <header className="lab-intro">
        <div>
          <h1 className="page-title" data-testid="lab-title">
            {labTitle(run.scenario)}
          </h1>
          <Caption />
        </div>
        <NextSteps onAlgorithm={openAlgorithm} />
      </header>
      {urlError && (
        <p className="notice error" role="alert" data-testid="url-error">
          {urlError}
        </p>
      )}
      <div className={`lab-lanes${lanes.length > 1 ? ' two' : ''}`}>
        {lanes.map((r) => (
          <Lane
            key={r === run ? 'main' : 'compare'}
            run={r}
            lane={r === run ? 'main' : 'compare'}
            primary={r === run}
          />
        ))}
      </div>
      <Legend />
      <div className="lab-timebar">
        <TimeBar />
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
        <ProductionPanels />
      </div>
      <div className="lab-charts" id="panel-charts" data-active={tab === 'charts'}>
        <Suspense fallback={<p className="loading">Loading charts…</p>}>
          <Charts />
        </Suspense>
      </div>
      <LiveSummary />
    </div>
  );
}
