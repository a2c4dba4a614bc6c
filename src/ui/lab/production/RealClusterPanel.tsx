// "Run on the real cluster": the sharded scene's keys written to the lab server's Redis Cluster
// (REDIS_CLUSTER_URL), each shown with the node and slot the cluster put it on beside the ones
// the model predicted, and the scene's multi-key step (one request charging several policies at
// once) sent as one script on both sides. Nothing is requested until the button is pressed;
// without a lab server or a cluster the panel says how to start one.
import { useMemo, useState } from 'react';
import type { LabRun } from '../../../core/lab/labRun';
import { clusterRunPlanOfRun } from '../../../core/production/clusterRunPlan';
import type { JsonReply } from '../../../core/redis/reply';
import { realClusterScene, type ClusterSceneResult } from '../../../store/realCluster';

type View =
  | { kind: 'idle' }
  | { kind: 'running'; run: LabRun }
  | { kind: 'message'; run: LabRun; text: string }
  | { kind: 'done'; run: LabRun; result: ClusterSceneResult };

const ROWS = 16;

const replyText = (r: JsonReply | null): string =>
  r === null
    ? 'no reply'
    : typeof r === 'object' && !Array.isArray(r)
      ? 'err' in r
        ? `error ${r.err}`
        : r.ok
      : JSON.stringify(r);

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

export function RealClusterPanel({ run }: { run: LabRun }) {
  const plan = useMemo(() => clusterRunPlanOfRun(run), [run]);
  const [view, setView] = useState<View>({ kind: 'idle' });
  if (!plan || plan.keys.length === 0) return null;
  // A result belongs to the run it was asked for; another scenario starts afresh.
  const shown = view.kind !== 'idle' && view.run === run ? view : null;
  const press = async () => {
    setView({ kind: 'running', run });
    const r = await realClusterScene({
      keys: plan.keys,
      nodes: plan.nodes,
      multiKey: plan.multiKey,
    });
    setView(
      r.ok ? { kind: 'done', run, result: r.value } : { kind: 'message', run, text: r.message },
    );
  };
  return (
    <section
      className="panel prod-panel real-cluster"
      aria-labelledby="real-cluster-h"
      data-testid="real-cluster-panel"
    >
      <h2 id="real-cluster-h">On a real Redis Cluster</h2>
      <p className="small">
        Writes this scene&rsquo;s {plural(plan.keys.length, 'shard key')} to the lab server&rsquo;s
        Redis Cluster and shows which node holds each, beside the node the model predicted.
        {plan.multiKey && plan.multiKeyRequest !== null
          ? ` Then it sends request ${plan.multiKeyRequest + 1}’s charge of its ${plan.multiKey.length} policies as one script, as all-or-nothing does.`
          : ''}{' '}
        The keys go under a prefix of the lab&rsquo;s own (hash tags kept) and are deleted after.
      </p>
      <p className="muted small">
        Needs the lab server started with a cluster:{' '}
        <code>REDIS_CLUSTER_URL=redis://HOST:PORT,HOST:PORT npm start</code>.
      </p>
      <button
        type="button"
        className="button"
        onClick={() => void press()}
        disabled={shown?.kind === 'running'}
        data-testid="real-cluster-run"
      >
        {shown?.kind === 'running' ? 'Running on the cluster…' : 'Run on the real cluster'}
      </button>
      {shown?.kind === 'message' && (
        <p className="notice" role="status" data-testid="real-cluster-message">
          {shown.text}
        </p>
      )}
      {shown?.kind === 'done' && <ClusterResult result={shown.result} />}
    </section>
  );
}

function ClusterResult({ result }: { result: ClusterSceneResult }) {
  const { keys, cluster, modelNodes, multiKey } = result;
  const off = keys.filter((k) => !k.agree);
  const rows = [...off, ...keys.filter((k) => k.agree)].slice(0, ROWS);
  return (
    <div role="status" data-testid="real-cluster-result" style={{ marginTop: '0.6rem' }}>
      <p data-testid="real-cluster-summary">
        <strong>
          {off.length === 0
            ? `All ${plural(keys.length, 'key')} are on the node the model predicted.`
            : `${off.length} of ${plural(keys.length, 'key')} are not where the model put them (marked ≠).`}
        </strong>
        {modelNodes !== cluster.masters.length &&
          ` The scene models ${plural(modelNodes, 'node')}; this cluster has ${plural(cluster.masters.length, 'master')}, so its slot ranges differ.`}
      </p>
      <p
        className="muted small"
        data-testid="real-cluster-masters"
        style={{ overflowWrap: 'anywhere' }}
      >
        {cluster.label}, masters in slot order:{' '}
        {cluster.masters.map((m) => `node ${m.node} ${m.address} (slots ${m.slots})`).join('; ')}.
      </p>
      <div className="table-wrap">
        <table className="prod-table">
          <thead>
            <tr>
              <th scope="col">key</th>
              <th scope="col">slot: model, real</th>
              <th scope="col">node: model, real</th>
              <th scope="col">
                <span className="visually-hidden">same?</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((k) => (
              <tr
                key={k.key}
                data-testid="real-cluster-row"
                data-agree={k.agree}
                className={k.agree ? '' : 'tone-deny'}
              >
                <th scope="row">
                  <code>{k.key}</code>
                </th>
                <td>
                  {k.model.slot}, {k.real.slot}
                </td>
                <td>
                  {k.model.node},{' '}
                  {k.real.node >= 0 ? (
                    <>
                      {k.real.node} <span className="muted">({k.real.address})</span>
                    </>
                  ) : (
                    'not found'
                  )}
                </td>
                <td aria-label={k.agree ? 'same' : 'differs'}>{k.agree ? '=' : '≠'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {keys.length > ROWS && (
        <p className="muted small">
          {ROWS} of {keys.length} keys shown{off.length > 0 ? ', those that differ first' : ''}.
        </p>
      )}
      {multiKey && (
        <div data-testid="real-cluster-multikey">
          <h3 className="prod-h3">The multi-key step</h3>
          <p className="small">
            One request charges {multiKey.keys.map((k) => `"${k}"`).join(' and ')} in one script
            (slots {multiKey.slots.join(', ')}).
          </p>
          {multiKey.error ? (
            <p className="notice small">Not sent: {multiKey.error}</p>
          ) : (
            <>
              <ul className="small">
                <li>
                  Model:{' '}
                  <code data-testid="real-cluster-multikey-model">{replyText(multiKey.model)}</code>
                </li>
                <li>
                  Real cluster:{' '}
                  <code data-testid="real-cluster-multikey-real">{replyText(multiKey.real)}</code>
                </li>
              </ul>
              <p className="small">
                {multiKey.differences.length
                  ? `They differ: ${multiKey.differences.map((d) => d.note).join('; ')}.`
                  : 'Both gave the same answer.'}{' '}
                {new Set(multiKey.slots).size > 1
                  ? 'Redis Cluster runs a script only when all its keys share a slot; a hash tag ({…}) around the part the keys share puts them in one.'
                  : 'All its keys share a slot, so one node runs the whole script.'}
              </p>
            </>
          )}
        </div>
      )}
    </div>
  );
}
