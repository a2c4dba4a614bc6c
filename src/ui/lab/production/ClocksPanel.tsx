// Clocks and skew: which clock the limiter reads, each server's clock (offset, drift, what it
// reads now), the store's clock and its steps, and what every limiter read against true time
// (a stall after a backward step: the stored time never goes back). From the run's clocks and
// the engine's record of the time each limiter used.
import { useMemo } from 'react';
import type { LabRun } from '../../../core/lab/labRun';
import { clockReadSeriesOfRun } from '../../../core/production/ofRun';
import { useLab } from '../useLab';
import { num, sec, signed } from './derived';
import { reportOf } from './reports';
import { TimePlot, type PlotSeries } from './TimePlot';

export function ClocksPanel({ run }: { run: LabRun }) {
  const now = useLab((s) => s.panelNow);
  const rep = reportOf(run).clocks;
  const clocks = run.production.clocks;
  const series = useMemo(() => (clocks ? clockReadSeriesOfRun(run) : null), [run, clocks]);
  const plot = useMemo(() => {
    if (!series || series.trueTime.length === 0) return null;
    const out: PlotSeries[] = [];
    const ids = [...new Set(series.clock)].sort((a, b) => a - b);
    ids.forEach((c, k) => {
      const x: number[] = [];
      const y: number[] = [];
      for (let j = 0; j < series.clock.length; j++)
        if (series.clock[j] === c) {
          x.push(series.trueTime[j]!);
          y.push(series.offset[j]!);
        }
      out.push({
        label: `${c < 0 ? 'store clock' : `server ${run.servers[c]}'s clock`}: reading − true time`,
        className: `tp-c${k % 4}`,
        kind: 'line',
        x,
        y,
      });
    });
    let stalled = false;
    for (const v of series.stall) if (v > 1e-9) stalled = true;
    if (stalled)
      out.push({
        label: 'stall: time used − reading (the stored time never goes back)',
        className: 'tp-stall',
        kind: 'line',
        x: series.trueTime,
        y: series.stall,
      });
    return out;
  }, [series, run]);
  if (!rep) return null;
  const storeReads = clocks ? clocks.store(now) : now;
  return (
    <section
      className="panel prod-panel"
      aria-labelledby="prod-clocks-h"
      data-testid="clocks-panel"
    >
      <h2 id="prod-clocks-h">Clocks and skew</h2>
      <p className="small" data-testid="time-source">
        {rep.timeSource === 'store' ? (
          <>
            Time source <strong>store</strong>: every shared limiter takes <em>now</em> from Redis
            TIME, one clock for all servers; the servers' own clocks only matter to a local or
            fallback limiter.
          </>
        ) : (
          <>
            Time source <strong>app</strong>: each server sends its own clock's reading with the
            call, so two servers can disagree about how much time has passed; the store's clock
            steps change nothing.
          </>
        )}
      </p>
      <table className="prod-table" data-testid="clock-table">
        <thead>
          <tr>
            <th scope="col">clock</th>
            <th scope="col">offset</th>
            <th scope="col">drift</th>
            <th scope="col">reads at {sec(now)}</th>
          </tr>
        </thead>
        <tbody>
          {rep.servers.map((s, k) => (
            <tr key={s.server} data-testid={`clock-row-${s.server}`}>
              <th scope="row">server {s.server}</th>
              <td className={s.offsetSeconds ? 'tone-skew' : ''}>{signed(s.offsetSeconds)}</td>
              <td className={s.driftPpm ? 'tone-skew' : ''}>{signed(s.driftPpm, 'ppm')}</td>
              <td>{sec(clocks ? clocks.server(k, now) : now)}</td>
            </tr>
          ))}
          <tr data-testid="clock-row-store">
            <th scope="row">store (Redis TIME)</th>
            <td className={storeReads !== now ? 'tone-skew' : ''}>
              {rep.steps.length ? signed(storeReads - now) : signed(0)}
            </td>
            <td>{signed(0, 'ppm')}</td>
            <td>{sec(storeReads)}</td>
          </tr>
        </tbody>
      </table>
      {rep.steps.length > 0 && (
        <ul className="small steps-list" data-testid="clock-steps">
          {rep.steps.map((s, k) => (
            <li key={k}>
              At {sec(s.at)} the store's clock steps {s.bySeconds < 0 ? 'back' : 'forward'}{' '}
              {sec(Math.abs(s.bySeconds))}:{' '}
              {s.bySeconds < 0
                ? 'no tokens are minted, refill stalls until the clock catches up'
                : 'refill jumps ahead, never beyond capacity'}
              .
            </li>
          ))}
        </ul>
      )}
      {plot && (
        <>
          <h3 className="prod-h3">The time each limiter read</h3>
          <TimePlot series={plot} xMax={run.end} yLabel="seconds off" zero testid="clock-plot" />
          <p className="muted small">
            {num(series!.trueTime.length)} limiter reads; 0 is true time.
          </p>
        </>
      )}
    </section>
  );
}
