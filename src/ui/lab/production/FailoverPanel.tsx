// Replication and failover: the replica's lag, the failover's times, the writes the promoted
// replica never saw (each one selectable), the overage they let through, and the same failover
// under fixed window, token bucket and sliding log. Every number from the engine's report.
import { useMemo } from 'react';
import type { LabRun } from '../../../core/lab/labRun';
import { compareUnderFailover } from '../../../core/production/failoverCompare';
import { useLab, useStage } from '../useLab';
import { num, pct, replicationOf, sec } from './derived';
import { reportOf } from './reports';
import { Facts } from './Facts';

const ALG_NAME: Record<string, string> = {
  'fixed-window': 'Fixed window',
  'token-bucket': 'Token bucket',
  'sliding-log': 'Sliding log',
};

export function FailoverPanel({ run }: { run: LabRun }) {
  const stage = useStage();
  const now = useLab((s) => s.panelNow);
  const input = useLab((s) => s.input);
  const rep = reportOf(run);
  const lag = run.production.replicaLagSeconds;
  const st = replicationOf(run)?.at(now) ?? null;
  const fo = rep.failover;
  const over = rep.overage?.[0];
  // Three more runs of the same scenario, only for runs small enough to redo at once.
  const cmp = useMemo(
    () => (fo && run.n <= 50_000 ? compareUnderFailover(input, run.scenario) : null),
    [fo, run, input],
  );
  const lost = fo?.lostRequests ?? [];
  return (
    <section
      className="panel prod-panel"
      aria-labelledby="prod-failover-h"
      data-testid="failover-panel"
    >
      <h2 id="prod-failover-h">Replication and failover</h2>
      <p className="muted small">
        The replica receives every write {sec(lag ?? 0)} after the primary made it.
        {st && (
          <span data-testid="replication-now">
            {' '}
            At {sec(now)}:{' '}
            {st.phase === 'replicating'
              ? `${st.inFlight.length} write${st.inFlight.length === 1 ? '' : 's'} on the way to the replica.`
              : st.phase === 'down'
                ? 'the primary is gone and nothing answers yet.'
                : 'the promoted replica answers as the store.'}
          </span>
        )}
      </p>
      {fo ? (
        <>
          <Facts
            facts={[
              { label: 'primary lost at', value: sec(fo.at) },
              {
                label: 'replica promoted at',
                value: Number.isNaN(fo.promotedAt) ? 'after the run' : sec(fo.promotedAt),
              },
              { label: 'it held writes before', value: sec(fo.replicatedBefore) },
              {
                label: 'writes lost',
                value: fo.writesLost,
                tone: fo.writesLost ? 'deny' : 'ok',
                testid: 'failover-writes-lost',
              },
              ...(over
                ? [
                    {
                      label: 'overage',
                      value: num(over.overage),
                      tone: over.overage > 0 ? 'deny' : 'ok',
                      testid: 'failover-overage',
                      title: 'Most admitted beyond what the policy allows, for one key',
                    },
                    { label: 'of the limit', value: pct(over.ratio) },
                  ]
                : []),
            ]}
          />
          {lost.length > 0 && (
            <div className="lost-list">
              <p className="small">
                Admitted, charged on the primary, and forgotten at the promotion (select one to
                follow it):
              </p>
              <ul className="chips-row" aria-label="Writes lost at the promotion">
                {lost.slice(0, 24).map((i) => (
                  <li key={i}>
                    <button
                      type="button"
                      className="chip"
                      onClick={() => stage.store.getState().select(i)}
                    >
                      #{i + 1} at {sec(run.at[i]!)}
                    </button>
                  </li>
                ))}
                {lost.length > 24 && <li className="muted small">and {fo.writesLost - 24} more</li>}
              </ul>
            </div>
          )}
          {over && over.overage > 0 && over.from !== null && (
            <p className="small">
              Worst for <code>{over.key}</code> between {sec(over.from)} and {sec(over.to ?? 0)}:{' '}
              {describeAllowance(over.allowance)}.
            </p>
          )}
          {cmp && (
            <table className="prod-table" data-testid="failover-compare">
              <caption>
                The same failover, the same traffic, one budget in each algorithm's terms
              </caption>
              <thead>
                <tr>
                  <th scope="col">algorithm</th>
                  <th scope="col">writes lost</th>
                  <th scope="col">overage</th>
                  <th scope="col">of the limit</th>
                </tr>
              </thead>
              <tbody>
                {cmp.map((c) => (
                  <tr key={c.algorithm} data-algorithm={c.algorithm}>
                    <th scope="row">
                      {ALG_NAME[c.algorithm]}{' '}
                      <span className="muted small">
                        {Object.entries(c.params)
                          .map(([k, v]) => `${k} ${num(v)}`)
                          .join(', ')}
                      </span>
                    </th>
                    <td>{c.writesLost}</td>
                    <td className={c.overage > 0 ? 'tone-deny' : ''}>{num(c.overage)}</td>
                    <td>{pct(c.ratio)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      ) : (
        <p className="small">No failover in this run: add one under Failures.</p>
      )}
    </section>
  );
}

function describeAllowance(
  a: NonNullable<ReturnType<typeof reportOf>['overage']>[number]['allowance'],
) {
  if (!a) return 'the policy has no known envelope';
  switch (a.kind) {
    case 'aligned-window':
      return `at most ${num(a.limit)} per window of ${sec(a.windowSeconds)} starting at multiples of it`;
    case 'window':
      return `at most ${num(a.limit)} in any ${sec(a.windowSeconds)}`;
    case 'bucket':
      return `at most ${num(a.limit)} plus ${num(a.ratePerSecond)} per second over any interval`;
    case 'in-flight':
      return `at most ${num(a.limit)} in flight`;
  }
}
