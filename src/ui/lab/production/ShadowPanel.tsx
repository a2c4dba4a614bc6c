// Shadow mode: the policy decides and is charged, but denies nothing; this panel shows who
// would have been denied (a top-K table of tenants) and when (would-be rejections over time),
// which is what a rollout reads before it enforces. From the engine's shadow report.
import { useMemo } from 'react';
import type { LabRun } from '../../../core/lab/labRun';
import { shadowSeriesOfRun } from '../../../core/production/ofRun';
import { niceBucket } from './buckets';
import { pct, sec } from './derived';
import { reportOf } from './reports';
import { Facts } from './Facts';
import { TimePlot } from './TimePlot';

export function ShadowPanel({ run }: { run: LabRun }) {
  const sh = reportOf(run).shadow;
  const series = useMemo(() => {
    const s = shadowSeriesOfRun(run, niceBucket(run.end / 40));
    if (!s) return null;
    const x = Array.from(s.requests, (_, k) => k * s.bucketSeconds);
    const rest = Array.from(s.requests, (v, k) => v - s.wouldDeny[k]!);
    return { s, x, rest };
  }, [run]);
  if (!sh) return null;
  return (
    <section
      className="panel prod-panel"
      aria-labelledby="prod-shadow-h"
      data-testid="shadow-panel"
    >
      <h2 id="prod-shadow-h">Shadow mode: would-be rejections</h2>
      <p className="small">
        Nothing is denied: each decision only records what the policy would have done. Read who it
        would hurt before you enforce it.
      </p>
      <Facts
        facts={[
          { label: 'requests', value: sh.requests },
          {
            label: 'would be denied',
            value: sh.wouldDeny,
            tone: sh.wouldDeny ? 'deny' : 'ok',
            testid: 'shadow-would-deny',
          },
          { label: 'share', value: pct(sh.requests ? sh.wouldDeny / sh.requests : 0) },
          ...sh.byPolicy.map((p) => ({ label: `policy ${p.policy}`, value: p.wouldDeny })),
        ]}
      />
      <table className="prod-table" data-testid="shadow-top">
        <caption>Tenants by would-be rejections (top {sh.topTenants.length || 10})</caption>
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">tenant</th>
            <th scope="col">would be denied</th>
            <th scope="col">requests</th>
            <th scope="col">share</th>
          </tr>
        </thead>
        <tbody>
          {sh.topTenants.map((t, k) => (
            <tr key={t.tenant} data-testid="shadow-tenant" data-tenant={t.tenant}>
              <td>{k + 1}</td>
              <th scope="row">
                <code>{t.tenant}</code>
              </th>
              <td className="tone-deny">{t.wouldDeny}</td>
              <td>{t.requests}</td>
              <td>{pct(t.wouldDeny / t.requests)}</td>
            </tr>
          ))}
          {sh.topTenants.length === 0 && (
            <tr>
              <td colSpan={5} className="muted">
                No tenant would have been denied.
              </td>
            </tr>
          )}
        </tbody>
      </table>
      {series && (
        <>
          <h3 className="prod-h3">Over time (per {sec(series.s.bucketSeconds)})</h3>
          <TimePlot
            testid="shadow-plot"
            xMax={series.x.length * series.s.bucketSeconds}
            yLabel="requests"
            series={[
              {
                label: 'would be denied',
                className: 'tp-deny',
                kind: 'bar',
                x: series.x,
                y: series.s.wouldDeny,
                width: series.s.bucketSeconds,
              },
              {
                label: 'would pass',
                className: 'tp-ok',
                kind: 'bar',
                x: series.x,
                y: series.rest,
                width: series.s.bucketSeconds,
                stackOn: 0,
              },
            ]}
          />
        </>
      )}
    </section>
  );
}
