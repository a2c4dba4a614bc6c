// Signals: the metrics this limiter would export (src/core/production/signals.ts): allowed and
// denied by policy, decision errors apart from denials, the limiter's latency (p50/p99 from the
// scenario's latency model), fail-open and fallback decisions, and 429 against 503. Labels are
// the policy, the route class and the outcome only, never the key: the note says why.
import { useDeferredValue, useMemo } from 'react';
import type { LabRun } from '../../../core/lab/labRun';
import { signalsOfRun } from '../../../core/production/ofRun';
import { toPrometheusText, type RequestOutcome } from '../../../core/production/signals';
import { useLab } from '../useLab';
import { num, pct } from './derived';
import { Facts } from './Facts';
import { TimePlot } from './TimePlot';

const ms = (s: number): string => (Number.isFinite(s) ? `${num(s * 1000, 1)} ms` : '—');

const OUTCOME_ORDER: RequestOutcome[] = [
  'allowed',
  'denied',
  'would_deny',
  'fail_open',
  'fail_closed',
  'fallback_allowed',
  'fallback_denied',
];

export function SignalsPanel({ run }: { run: LabRun }) {
  // As of the clock, like every count on the screen: the decisions made by now.
  const now = useDeferredValue(useLab((st) => st.panelNow));
  const s = useMemo(() => signalsOfRun(run, undefined, now), [run, now]);
  const o = s.overall;
  const text = useMemo(() => toPrometheusText(s), [s]);
  const routes = [...new Set(s.requests.map((r) => r.route))].sort();
  const outcomes = OUTCOME_ORDER.filter((x) => s.requests.some((r) => r.outcome === x));
  const count = (route: string, outcome: string) =>
    s.requests.find((r) => r.route === route && r.outcome === outcome)?.count ?? 0;
  // Each policy's own verdicts, by route class.
  const pol = new Map<string, { policy: string; route: string; v: Record<string, number> }>();
  for (const d of s.policyDecisions) {
    const k = `${d.policy}\u0000${d.route}`;
    let e = pol.get(k);
    if (!e) pol.set(k, (e = { policy: d.policy, route: d.route, v: {} }));
    e.v[d.verdict] = (e.v[d.verdict] ?? 0) + d.count;
  }
  const shadow = s.policyDecisions.some((d) => d.verdict === 'would_deny');
  const x = Array.from(s.series.requests, (_, k) => k * s.series.bucketSeconds);
  return (
    <section
      className="panel prod-panel signals"
      aria-labelledby="prod-signals-h"
      data-testid="signals-panel"
    >
      <h2 id="prod-signals-h">Signals: what this limiter would export</h2>
      <p className="small muted" data-testid="sig-as-of">
        As of {num(now)} s on the clock.
      </p>
      <Facts
        facts={[
          { label: 'decisions', value: o.requests, testid: 'sig-decisions' },
          {
            label: '429 rate',
            value: pct(o.rate429),
            tone: o.rate429 ? 'deny' : undefined,
            testid: 'sig-429',
          },
          {
            label: '503 rate',
            value: pct(o.rate503),
            tone: o.rate503 ? 'unavail' : undefined,
            testid: 'sig-503',
          },
          {
            label: 'decision errors',
            value: o.errors,
            tone: o.errors ? 'unavail' : undefined,
            testid: 'sig-errors',
          },
          {
            label: 'fail-open',
            value: o.failOpen,
            tone: o.failOpen ? 'bypass' : undefined,
            testid: 'sig-fail-open',
          },
          { label: 'fallback', value: o.fallback, testid: 'sig-fallback' },
          { label: 'latency p50', value: ms(o.p50), testid: 'sig-p50' },
          { label: 'latency p99', value: ms(o.p99), testid: 'sig-p99' },
        ]}
      />
      <div className="table-wrap">
        <table className="prod-table" data-testid="sig-policy">
          <caption>Allowed and denied, by policy (each policy's own verdict)</caption>
          <thead>
            <tr>
              <th scope="col">policy</th>
              <th scope="col">route</th>
              <th scope="col">allowed</th>
              <th scope="col">denied</th>
              {shadow && <th scope="col">would deny</th>}
            </tr>
          </thead>
          <tbody>
            {[...pol.values()].map((e) => (
              <tr key={`${e.policy}-${e.route}`}>
                <th scope="row">{e.policy}</th>
                <td>
                  <code>{e.route}</code>
                </td>
                <td>{e.v.allowed ?? 0}</td>
                <td className={e.v.denied ? 'tone-deny' : ''}>{e.v.denied ?? 0}</td>
                {shadow && <td>{e.v.would_deny ?? 0}</td>}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="table-wrap">
        <table className="prod-table" data-testid="sig-requests">
          <caption>Requests by route class and outcome</caption>
          <thead>
            <tr>
              <th scope="col">route</th>
              {outcomes.map((x) => (
                <th scope="col" key={x}>
                  {x.replace('_', ' ')}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {routes.map((r) => (
              <tr key={r}>
                <th scope="row">
                  <code>{r}</code>
                </th>
                {outcomes.map((x) => (
                  <td key={x}>{count(r, x)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="table-wrap">
        <table className="prod-table" data-testid="sig-errors-table">
          <caption>Decision errors: the limiter failed (not a denial)</caption>
          <thead>
            <tr>
              <th scope="col">route</th>
              <th scope="col">kind</th>
              <th scope="col">count</th>
            </tr>
          </thead>
          <tbody>
            {s.errors.map((e) => (
              <tr key={`${e.route}-${e.kind}`}>
                <th scope="row">
                  <code>{e.route}</code>
                </th>
                <td>{e.kind}</td>
                <td className="tone-unavail">{e.count}</td>
              </tr>
            ))}
            {s.errors.length === 0 && (
              <tr>
                <td colSpan={3} className="muted">
                  None: every decision had an answer from its limiter.
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      <div className="table-wrap">
        <table className="prod-table" data-testid="sig-latency">
          <caption>Limiter latency: how long the server waited for its decision</caption>
          <thead>
            <tr>
              <th scope="col">route</th>
              <th scope="col">outcome</th>
              <th scope="col">count</th>
              <th scope="col">p50</th>
              <th scope="col">p99</th>
            </tr>
          </thead>
          <tbody>
            {s.latency.map((l) => (
              <tr key={`${l.route}-${l.outcome}`}>
                <th scope="row">
                  <code>{l.route}</code>
                </th>
                <td>{l.outcome.replace('_', ' ')}</td>
                <td>{l.count}</td>
                <td>{ms(l.p50)}</td>
                <td>{ms(l.p99)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <h3 className="prod-h3">429 against 503 (per {num(s.series.bucketSeconds)} s)</h3>
      <TimePlot
        testid="sig-plot"
        xMax={x.length * s.series.bucketSeconds}
        yLabel="answers"
        series={[
          {
            label: '429 (the policy said no)',
            className: 'tp-deny',
            kind: 'bar',
            x,
            y: s.series.s429,
            width: s.series.bucketSeconds,
          },
          {
            label: '503 (the limiter failed)',
            className: 'tp-unavail',
            kind: 'bar',
            x,
            y: s.series.s503,
            width: s.series.bucketSeconds,
            stackOn: 0,
          },
        ]}
      />
      <p className="small label-note" data-testid="label-note">
        <strong>Labels: policy, route class and outcome, never the key.</strong> A label per client
        key or tenant makes one time series per client: the metrics store grows with the number of
        clients, and an attacker who invents keys grows it at will. It would also copy identifiers
        into dashboards many people read. Ask who is over the limit in the logs or the shadow top-K
        table instead. A rise in 429s with no errors points at traffic or a strict policy; a rise in
        errors and 503s points at the limiter's own availability.
      </p>
      <details className="small">
        <summary>As a /metrics endpoint would serve them</summary>
        <pre className="metrics-text" data-testid="metrics-text">
          {text}
        </pre>
      </details>
    </section>
  );
}
