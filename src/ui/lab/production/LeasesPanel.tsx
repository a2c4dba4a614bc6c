// Token leases: store round trips against requests (the saving), the tokens each server holds
// now and has stranded (leases that expired unspent on a quiet server), and the overshoot: tokens
// spent after the shared bucket had handed the same budget out again. From the engine's lease
// book (LeasesReport, LeaseView).
import type { LabRun } from '../../../core/lab/labRun';
import { useLab } from '../useLab';
import { leasesOf, num, pct, sec } from './derived';
import { reportOf } from './reports';
import { Facts } from './Facts';

export function LeasesPanel({ run }: { run: LabRun }) {
  const now = useLab((s) => s.panelNow);
  const rep = reportOf(run);
  const l = rep.leases;
  const view = leasesOf(run);
  if (!l || !view) return null;
  const held = view.at(now);
  const over = rep.overage?.[0];
  const maxHeld = Math.max(1, l.size, ...held.map((h) => h.held));
  return (
    <section
      className="panel prod-panel"
      aria-labelledby="prod-leases-h"
      data-testid="leases-panel"
    >
      <h2 id="prod-leases-h">Token leases</h2>
      <p className="small">
        A server without a live lease takes {num(l.size)} tokens in one store call and spends them
        itself for up to {sec(l.ttlSeconds)}. Fewer round trips; but what a quiet server holds is
        stranded when its lease expires, and what a busy one spends late is spent twice.
      </p>
      <Facts
        facts={[
          { label: 'requests', value: l.requests },
          { label: 'store calls', value: l.storeCalls, testid: 'lease-store-calls' },
          {
            label: 'round trips saved',
            value: l.requests - l.storeCalls,
            tone: 'ok',
            testid: 'lease-saved',
          },
          { label: 'fewer calls', value: `${num(l.callReduction, 1)}×`, testid: 'lease-reduction' },
          {
            label: 'tokens stranded',
            value: num(l.tokensStranded),
            tone: l.tokensStranded ? 'bypass' : undefined,
            testid: 'lease-stranded',
          },
          ...(over
            ? [
                {
                  label: 'overshoot',
                  value: num(over.overage),
                  tone: over.overage > 0 ? 'deny' : 'ok',
                  testid: 'lease-overshoot',
                  title: 'Most admitted beyond what the policy allows, for one key',
                },
                { label: 'of the limit', value: pct(over.ratio) },
              ]
            : []),
        ]}
      />
      <table className="prod-table" data-testid="lease-table">
        <thead>
          <tr>
            <th scope="col">server</th>
            <th scope="col" className="bar-col">
              holds at {sec(now)}
            </th>
            <th scope="col">stranded so far</th>
            <th scope="col">leases</th>
            <th scope="col">tokens leased</th>
            <th scope="col">spent</th>
          </tr>
        </thead>
        <tbody>
          {held.map((h, s) => {
            const srv = l.servers[s]!;
            return (
              <tr key={h.server} data-testid={`lease-row-${h.server}`}>
                <th scope="row">{h.server}</th>
                <td className="bar-col">
                  <span className="held">
                    <span className="load-bar" aria-hidden>
                      <span
                        className="lb-accent"
                        style={{ width: `${(100 * h.held) / maxHeld}%` }}
                      />
                    </span>
                    <span data-testid={`lease-held-${h.server}`}>{num(h.held)}</span>
                  </span>
                </td>
                <td className={h.stranded ? 'tone-bypass' : ''}>{num(h.stranded)}</td>
                <td>{srv.leases}</td>
                <td>{num(srv.tokensLeased)}</td>
                <td>{num(srv.tokensSpent)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {l.tokensLostInFlight > 0 && (
        <p className="small">
          {num(l.tokensLostInFlight)} tokens were granted by the store but never reached their
          server (the call timed out).
        </p>
      )}
    </section>
  );
}
