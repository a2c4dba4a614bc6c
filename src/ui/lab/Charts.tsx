// Charts (recharts): outcomes over time, each key's use against its limit, the most admitted
// in any window of the policy's length, and two algorithms on the same traffic.
import { memo, useMemo } from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { BUILTIN_ALGORITHMS } from '../../core/limiters/registry';
import { policyLimit, policyWindow } from '../../core/lab/policy';
import { outcomeSeries, usageSeries, windowedAdmits } from '../../core/lab/series';
import { TENANT_HUES } from './shapes';
import { NowLine } from './NowLine';
import { useLab, useStage } from './useLab';

const axis = { stroke: 'var(--text-muted)', fontSize: 12 };

const H = 180;
const MARGIN = { top: 6, right: 8, bottom: 0, left: -18 };
/** recharts' default axis sizes: the plot starts after the Y axis and ends above the X axis. */
const Y_AXIS_W = 60;
const X_AXIS_H = 30;
/** The plot area inside the chart, and where the "now" line's overlay sits over it. */
const PLOT_INSET = { left: MARGIN.left + Y_AXIS_W, right: MARGIN.right };
const NOW_STYLE = { top: MARGIN.top, height: H - MARGIN.top - X_AXIS_H };

function Card({
  title,
  children,
  note,
  id,
}: {
  title: string;
  children: React.ReactNode;
  note?: React.ReactNode;
  id: string;
}) {
  return (
    <figure className="chart-card" aria-labelledby={id} data-testid={id}>
      <figcaption id={id}>{title}</figcaption>
      <div className="chart-box">{children}</div>
      {note && <p className="muted small chart-note">{note}</p>}
    </figure>
  );
}

/**
 * The charts re-render only when the run (or the comparison) changes: nothing here subscribes
 * to the clock. The moving "now" line is an overlay drawn by the animation loop (NowLine).
 */
export const Charts = memo(function Charts() {
  const stage = useStage();
  const run = useLab((s) => s.run);
  const altAlg = useLab((s) => s.altAlgorithm);
  const altRun = useLab((s) => s.altRun);
  const policy = run.scenario.policies[0]!;
  const outcomes = useMemo(() => outcomeSeries(run), [run]);
  // A policy without a time window (concurrency, a script) is charted per second.
  const win = policyWindow(policy);
  const w = Number.isFinite(win) && win > 0 ? win : 1;
  const limit = policyLimit(policy);
  const windowed = useMemo(() => windowedAdmits(run, w), [run, w]);
  const target = run.targets.find((t) => t.kind === 'store') ?? run.targets[0];
  const usage = useMemo(() => (target ? usageSeries(run, target.id) : null), [run, target]);
  const cmp = useMemo(() => {
    if (!altRun) return null;
    const end = Math.max(run.end, altRun.end, 1e-9);
    const pts = [];
    for (let k = 0; k <= 80; k++) {
      const t = (end * k) / 80;
      const a = run.countsAt(t).admitted;
      const b = altRun.countsAt(t).admitted;
      pts.push({ t: +t.toFixed(4), main: a, alt: b, difference: a - b });
    }
    return pts;
  }, [run, altRun]);
  const final = run.countsAt(Infinity);
  const altFinal = altRun?.countsAt(Infinity);
  const fmt = (t: number) => `${+t.toFixed(1)}`;

  return (
    <section className="charts" aria-label="Charts">
      <Card
        id="chart-outcomes"
        title="Decisions over time"
        note={`Per ${+outcomes.width.toPrecision(3)} s interval. Dashed line: now.`}
      >
        <div className="plot">
          <ResponsiveContainer width="100%" height={H}>
            <BarChart data={outcomes.points} margin={MARGIN}>
              <CartesianGrid stroke="var(--border)" vertical={false} />
              <XAxis
                dataKey="t"
                type="number"
                domain={[0, 'dataMax']}
                tickFormatter={fmt}
                {...axis}
              />
              <YAxis allowDecimals={false} {...axis} />
              <Tooltip
                contentStyle={{ background: 'var(--surface)', border: '1px solid var(--border)' }}
              />
              <Bar
                dataKey="allowed"
                name="admitted"
                stackId="a"
                fill="var(--ok)"
                isAnimationActive={false}
              />
              <Bar
                dataKey="denied"
                name="429"
                stackId="a"
                fill="var(--deny)"
                isAnimationActive={false}
              />
              <Bar
                dataKey="unavailable"
                name="503"
                stackId="a"
                fill="var(--unavail)"
                isAnimationActive={false}
              />
              <Bar
                dataKey="bypass"
                name="bypass"
                stackId="a"
                fill="var(--bypass)"
                isAnimationActive={false}
              />
            </BarChart>
          </ResponsiveContainer>
          <NowLine
            xMax={outcomes.points[outcomes.points.length - 1]?.t ?? 0}
            inset={PLOT_INSET}
            style={NOW_STYLE}
          />
        </div>
      </Card>

      {usage && (
        <Card
          id="chart-usage"
          title={`Use against the limit: ${target!.label}`}
          note={`From the limiter's own state (${target!.algorithm}); line: the limit.`}
        >
          <div className="plot">
            <ResponsiveContainer width="100%" height={H}>
              <LineChart data={usage.points} margin={MARGIN}>
                <CartesianGrid stroke="var(--border)" vertical={false} />
                <XAxis
                  dataKey="t"
                  type="number"
                  domain={[0, 'dataMax']}
                  tickFormatter={fmt}
                  {...axis}
                />
                <YAxis {...axis} />
                <Tooltip
                  contentStyle={{ background: 'var(--surface)', border: '1px solid var(--border)' }}
                />
                {Number.isFinite(usage.limit) && (
                  <ReferenceLine y={usage.limit} stroke="var(--deny)" strokeDasharray="4 3" />
                )}
                {usage.keys.map((k, i) => (
                  <Line
                    key={k}
                    dataKey={k}
                    stroke={TENANT_HUES[i % TENANT_HUES.length]}
                    dot={false}
                    strokeWidth={2}
                    isAnimationActive={false}
                    type="stepAfter"
                  />
                ))}
              </LineChart>
            </ResponsiveContainer>
            <NowLine
              xMax={usage.points[usage.points.length - 1]?.t ?? 0}
              inset={PLOT_INSET}
              style={NOW_STYLE}
            />
          </div>
        </Card>
      )}

      <Card
        id="chart-window"
        title={`Admitted in the last ${+w.toPrecision(3)} s`}
        note={
          <>
            Most admitted in any {+w.toPrecision(3)} s window:{' '}
            <strong data-testid="max-window">{windowed.max}</strong>
            {Number.isFinite(limit) && (
              <>
                {' '}
                (limit {limit}
                {windowed.max > limit ? `, ${+(windowed.max / limit).toFixed(2)}× the limit` : ''})
              </>
            )}
            .
          </>
        }
      >
        <ResponsiveContainer width="100%" height={H}>
          <LineChart data={windowed.points} margin={MARGIN}>
            <CartesianGrid stroke="var(--border)" vertical={false} />
            <XAxis
              dataKey="t"
              type="number"
              domain={[0, 'dataMax']}
              tickFormatter={fmt}
              {...axis}
            />
            <YAxis allowDecimals={false} {...axis} />
            <Tooltip
              contentStyle={{ background: 'var(--surface)', border: '1px solid var(--border)' }}
            />
            {Number.isFinite(limit) && (
              <ReferenceLine
                y={limit}
                stroke="var(--deny)"
                strokeDasharray="4 3"
                label={{
                  value: 'limit',
                  fill: 'var(--text-muted)',
                  fontSize: 11,
                  position: 'insideTopLeft',
                }}
              />
            )}
            {Number.isFinite(limit) && (
              <ReferenceLine
                y={2 * limit}
                stroke="var(--unavail)"
                strokeDasharray="2 4"
                label={{
                  value: '2× limit',
                  fill: 'var(--text-muted)',
                  fontSize: 11,
                  position: 'insideTopLeft',
                }}
              />
            )}
            <Line
              dataKey="inWindow"
              name="admitted in window"
              stroke="var(--ok)"
              dot={false}
              strokeWidth={2}
              isAnimationActive={false}
              type="stepAfter"
            />
          </LineChart>
        </ResponsiveContainer>
      </Card>

      <Card
        id="chart-compare"
        title="Two algorithms, same traffic"
        note={
          altRun && altFinal ? (
            <>
              {policy.algorithm} admitted <strong>{final.admitted}</strong>, {altAlg} admitted{' '}
              <strong>{altFinal.admitted}</strong>: a difference of{' '}
              {final.admitted - altFinal.admitted}.
            </>
          ) : (
            'Pick a second algorithm to run on the same requests.'
          )
        }
      >
        <label className="field inline small">
          <span>Compare with</span>
          <select
            value={altAlg ?? ''}
            data-testid="alt-algorithm"
            disabled={run.scenario.multiPolicyGiven}
            onChange={(e) => stage.store.getState().setAltAlgorithm(e.target.value || null)}
          >
            <option value="">(none)</option>
            {BUILTIN_ALGORITHMS.filter((a) => a !== policy.algorithm).map((a) => (
              <option key={a} value={a}>
                {a}
              </option>
            ))}
          </select>
        </label>
        {cmp && (
          <ResponsiveContainer width="100%" height={150}>
            <LineChart data={cmp} margin={MARGIN}>
              <CartesianGrid stroke="var(--border)" vertical={false} />
              <XAxis
                dataKey="t"
                type="number"
                domain={[0, 'dataMax']}
                tickFormatter={fmt}
                {...axis}
              />
              <YAxis allowDecimals={false} {...axis} />
              <Tooltip
                contentStyle={{ background: 'var(--surface)', border: '1px solid var(--border)' }}
              />
              <Legend wrapperStyle={{ fontSize: 12 }} />
              <Line
                dataKey="main"
                name={`${policy.algorithm} (admitted)`}
                stroke="var(--ok)"
                dot={false}
                strokeWidth={2}
                isAnimationActive={false}
                type="stepAfter"
              />
              <Line
                dataKey="alt"
                name={`${altAlg} (admitted)`}
                stroke="var(--accent)"
                strokeDasharray="5 3"
                dot={false}
                strokeWidth={2}
                isAnimationActive={false}
                type="stepAfter"
              />
              <Line
                dataKey="difference"
                stroke="var(--deny)"
                dot={false}
                strokeWidth={1.5}
                isAnimationActive={false}
                type="stepAfter"
              />
            </LineChart>
          </ResponsiveContainer>
        )}
      </Card>
    </section>
  );
});
