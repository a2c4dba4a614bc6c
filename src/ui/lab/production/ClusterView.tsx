// The Cluster view: which Redis Cluster node each shard key's hash slot lives on (slots spread
// as redis-cli --cluster create does), and each node's share of the shard calls. With hash tags
// every shard of a key shares one slot, so one node carries a large tenant alone.
import type { LabRun } from '../../../core/lab/labRun';
import { slotRanges } from '../../../core/production/shards';
import { pct } from './derived';
import { reportOf } from './reports';

export function ClusterView({ run }: { run: LabRun }) {
  const rep = reportOf(run).shards;
  if (!rep) return null;
  const ranges = slotRanges(rep.cluster.nodes);
  const max = Math.max(1e-9, ...rep.nodes.map((n) => n.share));
  return (
    <div className="cluster" data-testid="cluster-view">
      <h3 className="prod-h3">
        Cluster: {rep.cluster.nodes} node{rep.cluster.nodes === 1 ? '' : 's'},{' '}
        {rep.cluster.hashTags ? 'keys with hash tags' : 'keys without hash tags'}
      </h3>
      <p className="muted small">
        {rep.cluster.hashTags
          ? 'A hash tag {…} makes Redis hash only the part inside the braces: every shard of a key lands in one slot, so one node serves the whole tenant.'
          : 'Each shard key hashes to its own slot, so the shards of one key spread over the nodes.'}
      </p>
      <div className="cluster-nodes">
        {rep.nodes.map((n) => {
          const keys = rep.keys.filter((k) => k.node === n.node);
          const r = ranges[n.node]!;
          return (
            <div
              key={n.node}
              className="cluster-node"
              data-testid={`cluster-node-${n.node}`}
              data-share={n.share}
            >
              <div className="cn-head">
                <strong>node {n.node}</strong>
                <span className="muted small">
                  slots {r.first}–{r.last}
                </span>
              </div>
              <div className="cn-bar" aria-hidden>
                <span style={{ width: `${(100 * n.share) / max}%` }} />
              </div>
              <div className="small">
                <strong>{pct(n.share)}</strong> of the shard calls ({n.requests})
              </div>
              <ul className="cn-keys">
                {keys.slice(0, 8).map((k) => (
                  <li key={k.key}>
                    <code>{k.key}</code> <span className="muted">slot {k.slot}</span>
                  </li>
                ))}
                {keys.length > 8 && <li className="muted">and {keys.length - 8} more</li>}
                {keys.length === 0 && <li className="muted">no shard keys</li>}
              </ul>
            </div>
          );
        })}
      </div>
    </div>
  );
}
