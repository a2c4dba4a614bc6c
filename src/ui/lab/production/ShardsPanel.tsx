// Hot keys and sharding: each shard key's load so far (requests, admitted, denied) against its
// own share of the budget, the overage the shards let through, and the Cluster view.
import type { LabRun } from '../../../core/lab/labRun';
import { useLab } from '../useLab';
import { ClusterView } from './ClusterView';
import { num, pct, shardsOf } from './derived';
import { reportOf } from './reports';
import { Facts } from './Facts';

export function ShardsPanel({ run }: { run: LabRun }) {
  const now = useLab((s) => s.panelNow);
  const rep = reportOf(run);
  const sh = rep.shards;
  const view = shardsOf(run);
  if (!sh || !view) return null;
  const at = view.at(now);
  const over = rep.overage?.[0];
  const byShard = new Map(
    sh.keys.filter((k) => k.policy === sh.keys[0]?.policy).map((k) => [k.shard, k]),
  );
  const max = Math.max(1, ...view.at(Infinity).map((s) => s.requests));
  return (
    <section
      className="panel prod-panel"
      aria-labelledby="prod-shards-h"
      data-testid="shards-panel"
    >
      <h2 id="prod-shards-h">Hot keys and sharding</h2>
      <p className="small">
        One key split into {sh.count} keys;{' '}
        {sh.budget === 'split'
          ? `each shard gets 1/${sh.count} of the budget (${num(view.shardQuota)} here), so the shards together never admit more than the budget, but an uneven spread denies early.`
          : `each shard gets the whole budget (${num(view.shardQuota)}), so together they can admit up to ${sh.count} times it.`}{' '}
        Requests pick a shard{' '}
        {sh.by === 'random'
          ? 'at random (seeded)'
          : sh.by === 'key'
            ? 'by a hash of their key'
            : 'by their server'}
        .
      </p>
      <Facts
        facts={[
          { label: 'shards', value: sh.count },
          { label: 'budget', value: sh.budget },
          ...(over
            ? [
                {
                  label: 'overage',
                  value: num(over.overage),
                  tone: over.overage > 0 ? 'deny' : 'ok',
                  testid: 'shards-overage',
                },
                { label: 'of the limit', value: pct(over.ratio) },
              ]
            : []),
        ]}
      />
      <table className="prod-table" data-testid="shard-table">
        <thead>
          <tr>
            <th scope="col">shard key</th>
            <th scope="col">node</th>
            <th scope="col">requests</th>
            <th scope="col">admitted</th>
            <th scope="col">denied</th>
            <th scope="col" className="bar-col">
              load so far
            </th>
          </tr>
        </thead>
        <tbody>
          {at.slice(0, 32).map((s) => {
            const k = byShard.get(s.shard);
            return (
              <tr key={s.shard} data-testid={`shard-row-${s.shard}`}>
                <th scope="row">
                  <code>{k?.key ?? `shard ${s.shard}`}</code>
                </th>
                <td>{k ? k.node : '—'}</td>
                <td>{s.requests}</td>
                <td className="tone-ok">{s.allowed}</td>
                <td className={s.denied ? 'tone-deny' : ''}>{s.denied}</td>
                <td className="bar-col">
                  <span className="load-bar" aria-hidden>
                    <span className="lb-ok" style={{ width: `${(100 * s.allowed) / max}%` }} />
                    <span className="lb-deny" style={{ width: `${(100 * s.denied) / max}%` }} />
                  </span>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {at.length > 32 && <p className="muted small">The first 32 of {at.length} shards.</p>}
      <ClusterView run={run} />
    </section>
  );
}
