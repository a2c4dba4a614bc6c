import { useEffect, useMemo, useState } from 'react';
import { laneLabels, splitLab } from '../../core/content/directives';
import {
  algorithmsOf,
  runLane,
  runLaneAsync,
  type LaneRequest,
  type LaneResult,
} from '../../core/content/lanes';
import { getLimiterFactory } from '../../core/limiters/registry';
import { encodeShare } from '../../core/share';
import { ensureLuaLoader } from './luaWasm';
import { OUTCOME_LABEL, OutcomeLegend, OutcomeShape } from './OutcomeChip';
import './widgets.css';

type LaneState =
  | { status: 'running' }
  | { status: 'done'; result: LaneResult }
  | { status: 'error'; message: string };

/** Runs a scenario on the engine: synchronously for built-ins, after loading plug-ins (Lua). */
function useLane(scenario: Record<string, unknown> | null): LaneState | null {
  const key = useMemo(() => (scenario ? JSON.stringify(scenario) : ''), [scenario]);
  const needsLoad = scenario ? algorithmsOf(scenario).some((a) => !getLimiterFactory(a)) : false;
  const sync = useMemo<LaneState | null>(() => {
    if (!scenario || needsLoad) return null;
    try {
      return { status: 'done', result: runLane(scenario) };
    } catch (e) {
      return { status: 'error', message: (e as Error).message };
    }
    // key stands for scenario's content.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, needsLoad]);
  const [loaded, setLoaded] = useState<{ key: string; state: LaneState } | null>(null);
  useEffect(() => {
    if (!scenario || !needsLoad) return;
    ensureLuaLoader();
    let live = true;
    runLaneAsync(scenario).then(
      (result) => live && setLoaded({ key, state: { status: 'done', result } }),
      (e: Error) => live && setLoaded({ key, state: { status: 'error', message: e.message } }),
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, needsLoad]);
  if (!scenario) return null;
  if (sync) return sync;
  return loaded && loaded.key === key ? loaded.state : { status: 'running' };
}

const fmtTime = (t: number): string => `${Number(t.toFixed(t < 10 ? 2 : 1))} s`;

function chipTitle(r: LaneRequest): string {
  const parts = [
    `#${r.index + 1} at ${fmtTime(r.at)}`,
    r.server && `server ${r.server}`,
    r.key !== 'client' && `key ${r.key}`,
  ];
  if (r.cost !== 1) parts.push(`cost ${r.cost}`);
  parts.push(OUTCOME_LABEL[r.outcome]);
  if (r.retryAfterSeconds !== null)
    parts.push(
      r.retryAfterSeconds < 0 ? 'never admissible' : `Retry-After ${r.retryAfterSeconds} s`,
    );
  if (r.error) parts.push(r.error);
  return parts.filter(Boolean).join(' · ');
}

/** Most chips drawn per lane; the counts above always cover every request. */
const MAX_CHIPS = 240;

function Lane({
  label,
  scenario,
  state,
}: {
  label: string | null;
  scenario: Record<string, unknown>;
  state: LaneState;
}) {
  const href = `#/lab?scenario=${encodeShare(scenario)}`;
  if (state.status === 'running')
    return (
      <div className="lane" data-testid="lane" aria-busy="true">
        {label && <h4 className="lane-label">{label}</h4>}
        <p className="muted" role="status">
          Running…
        </p>
      </div>
    );
  if (state.status === 'error')
    return (
      <div className="lane" data-testid="lane">
        {label && <h4 className="lane-label">{label}</h4>}
        <p className="notice error" role="alert">
          This scenario could not run: {state.message}
        </p>
      </div>
    );
  const r = state.result;
  const detailed = r.requests.length <= 12;
  const shown = r.requests.slice(0, MAX_CHIPS);
  return (
    <div className="lane" data-testid="lane" data-allowed={r.allowed} data-denied={r.denied}>
      <div className="lane-head">
        {label && <h4 className="lane-label">{label}</h4>}
        <a className="lane-open" href={href} data-testid="open-in-lab">
          Open in the lab
        </a>
      </div>
      <dl className="lane-counts">
        <div className="count count-allowed">
          <dt>admitted</dt>
          <dd data-testid="lane-allowed">{r.allowed}</dd>
        </div>
        <div className="count count-denied">
          <dt>denied (429)</dt>
          <dd data-testid="lane-denied">{r.denied}</dd>
        </div>
        {r.unavailable > 0 && (
          <div className="count count-unavailable">
            <dt>unavailable (503)</dt>
            <dd data-testid="lane-unavailable">{r.unavailable}</dd>
          </div>
        )}
        {r.bypass > 0 && (
          <div className="count count-bypass">
            <dt>bypassed</dt>
            <dd data-testid="lane-bypass">{r.bypass}</dd>
          </div>
        )}
        {r.doubleSpent > 0 && (
          <div className="count count-double">
            <dt>admitted on a stale read</dt>
            <dd>{r.doubleSpent}</dd>
          </div>
        )}
      </dl>
      <ol
        className={`chips${detailed ? ' detailed' : ''}`}
        aria-label={`Request outcomes in arrival order: ${r.allowed} admitted, ${r.denied} denied${
          r.unavailable ? `, ${r.unavailable} unavailable` : ''
        }${r.bypass ? `, ${r.bypass} bypassed` : ''}`}
      >
        {shown.map((q) => (
          <li
            key={q.index}
            className={`chip outcome-${q.outcome}`}
            title={chipTitle(q)}
            data-testid="outcome-chip"
            data-outcome={q.outcome}
          >
            <OutcomeShape outcome={q.outcome} size={detailed ? 16 : 12} />
            {detailed && (
              <span className="chip-text">
                {fmtTime(q.at)}
                {q.server && <span className="chip-server">on {q.server}</span>}
                {q.retryAfterSeconds !== null && q.retryAfterSeconds >= 0 && (
                  <span className="chip-retry">retry {q.retryAfterSeconds} s</span>
                )}
              </span>
            )}
            <span className="visually-hidden">{chipTitle(q)}</span>
          </li>
        ))}
      </ol>
      {r.requests.length > shown.length && (
        <p className="muted small">
          Showing the first {shown.length} of {r.requests.length} requests; open it in the lab to
          see them all.
        </p>
      )}
    </div>
  );
}

/** A lab scenario embedded in a lesson, run live on the engine (two lanes with `compare`). */
export function LabWidget({ spec, id }: { spec: Record<string, unknown>; id?: string }) {
  const parts = useMemo(() => splitLab(spec), [spec]);
  const base = useLane(parts.scenario);
  const other = useLane(parts.compare);
  let labels: [string | null, string | null] = [null, null];
  if (parts.compare) {
    const [l, r] = laneLabels(parts.scenario, parts.compare);
    labels = [l, parts.compareTitle ?? r];
  }
  const outcomes = new Set<string>();
  for (const s of [base, other])
    if (s?.status === 'done') for (const q of s.result.requests) outcomes.add(q.outcome);
  return (
    <figure className="widget card lab-widget" data-testid="lab-widget" id={id}>
      <figcaption className="widget-caption">
        <span className="widget-kind">Live lab</span>
        <strong className="widget-title">{parts.title ?? 'Try it in the lab'}</strong>
      </figcaption>
      {parts.caption && <p className="widget-note">{parts.caption}</p>}
      <div className={`lanes${parts.compare ? ' two' : ''}`}>
        {base && <Lane label={labels[0]} scenario={parts.scenario} state={base} />}
        {parts.compare && other && (
          <Lane label={labels[1]} scenario={parts.compare} state={other} />
        )}
      </div>
      {outcomes.size > 0 && (
        <OutcomeLegend
          only={(['allowed', 'denied', 'unavailable', 'bypass'] as const).filter((o) =>
            outcomes.has(o),
          )}
        />
      )}
    </figure>
  );
}
