// The lab: the worked example first (two lanes, counts, caption), the time bar under the
// scene, controls left, the selected request and limiter state right, charts at the bottom.
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { labTitle as scenarioTitle } from '../../core/production/labels';
import { useFirstView } from './labFirstView';
import { labLinkOf, safeBack } from '../../store/labLink';
import { labStore, laneTitles } from '../../store/labStore';
import { useShallow } from 'zustand/react/shallow';
import { ScriptStatus } from '../lab/ScriptStatus';
import { Controls } from '../lab/Controls';
import { startLoop } from '../lab/loop';
import { RequestPanel, StatePanel } from '../lab/RequestPanel';
import { Lane } from '../lab/scene/Lane';
import { lanesInOrder } from '../lab/laneOrder';
import { useHoldUntilSeen } from '../lab/useHoldUntilSeen';
// The page's parts, in the order they were once written here (CSS order follows imports).
import { Caption } from './lab/Caption';
import { NextSteps } from './lab/NextSteps';
import { LiveSummary } from './lab/LiveSummary';
import { useUrlScenario } from './lab/useUrlScenario';
import { useLabKeys } from './lab/useLabKeys';
import { useTapOpensDetails } from '../lab/useTapOpensDetails';
import { Legend } from '../lab/shapes';
import { TimeBar, TimeKeys, TimeTools } from '../lab/TimeBar';
import { useLab } from '../lab/useLab';
import { Deferred } from '../shell/Deferred';
import type { Route } from '../shell/router';
import '../lab/lab.css';

// Below the fold: the charts (recharts) load once they come near the screen or the browser is
// idle, in a box that keeps its height while they arrive.
const Charts = lazy(() => import('../lab/Charts').then((m) => ({ default: m.Charts })));
const CHARTS_MIN_HEIGHT = '600px';
// The production panels are hidden while the first view's question is open: they load after.
const ProductionPanels = lazy(() =>
  import('../lab/production/ProductionPanels').then((m) => ({ default: m.ProductionPanels })),
);
const chartsLoading = <p className="loading">Loading charts…</p>;

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

  useLabKeys();

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
