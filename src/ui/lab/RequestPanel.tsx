// The selected request: its path, the decision, and the HTTP response the API would send;
// then the limiter state of the selected server or store.
import { httpResponse } from '../../core/http/response';
import type { LabRun, LimiterTarget, RequestInfo } from '../../core/lab/labRun';
import { RequestFacts } from './production/RequestFacts';
import { overLimitNote } from './overLimitNote';
import { OUTCOME_LABEL, OutcomeGlyph } from './shapes';
import { StateCard } from './StateView';
import { useLab, useStage } from './useLab';

const t2 = (t: number | null) => (t === null ? '—' : `${t.toFixed(2)} s`);

/**
 * The request's path, in time order; steps at the same moment in causal order (the store
 * decides, then its reply travels back; a non-atomic read comes back, then the server decides).
 */
export function Path({ r, run }: { r: RequestInfo; run: LabRun }) {
  const nonatomic = run.scenario.placement === 'shared-nonatomic';
  const steps: { t: number; rank: number; text: string }[] = [
    { t: r.at, rank: 0, text: `${r.key} sends at ${t2(r.at)}` },
    { t: r.at, rank: 1, text: `load balancer → server ${r.server}` },
  ];
  if (r.storeArrive !== null)
    steps.push({
      t: r.storeArrive,
      rank: 2,
      text: `${nonatomic ? 'the read reaches' : 'reaches'} the store at ${t2(r.storeArrive)}${r.unreachable ? ' — unreachable' : ''}`,
    });
  if (r.timedOut)
    steps.push({ t: r.decidedAt, rank: 3, text: 'the server gave up waiting (timeout)' });
  const by =
    r.via === 'store'
      ? nonatomic
        ? `server ${r.server}, on the count it read`
        : 'the shared store'
      : r.via === 'local'
        ? `server ${r.server}'s own counter`
        : r.via === 'fallback'
          ? `server ${r.server}'s fallback limiter`
          : 'the failure mode';
  // Atomic: decided at the store, then the reply travels. Non-atomic: the read's reply comes
  // back first, then the server decides and sends its write.
  steps.push({
    t: r.decidedAt,
    rank: nonatomic ? 5 : 4,
    text: `decided by ${by} at ${t2(r.decidedAt)}`,
  });
  if (r.storeReply !== null)
    steps.push({
      t: r.storeReply,
      rank: nonatomic ? 4 : 5,
      text: `${nonatomic ? 'the count read' : 'the decision'} arrives back at server ${r.server} at ${t2(r.storeReply)}`,
    });
  if (r.writeArrive !== null)
    steps.push({
      t: r.writeArrive,
      rank: 6,
      text: `write lands at the store at ${t2(r.writeArrive)}${r.doubleSpent ? ' (overwrote a newer count)' : ''}`,
    });
  if (r.delaySeconds)
    steps.push({
      t: r.decidedAt,
      rank: 7,
      text: `held ${r.delaySeconds.toFixed(2)} s by the leaky bucket`,
    });
  steps.push({
    t: r.respondedAt,
    rank: 8,
    text: `server ${r.server} answers ${r.key} at ${t2(r.respondedAt)}`,
  });
  const ordered = steps
    .filter((s) => Number.isFinite(s.t))
    .sort((a, b) => a.t - b.t || a.rank - b.rank);
  return (
    <ol className="req-path" data-testid="request-path">
      {ordered.map((s, k) => (
        <li key={k}>{s.text}</li>
      ))}
    </ol>
  );
}

export function Http({ r, run }: { r: RequestInfo; run: LabRun }) {
  const h = httpResponse(run, r);
  return (
    <div className="http" data-testid="http-response">
      <pre className="http-pre">
        <span className={`http-status o-${r.outcome}`}>
          HTTP/1.1 {h.status} {h.statusText}
        </span>
        {'\n'}
        {h.headers.map(([k, v]) => `${k}: ${v}\n`).join('')}
        {h.draftHeaders.length > 0 && (
          <span className="http-draft">
            {h.draftHeaders.map(([k, v]) => `${k}: ${v}\n`).join('')}
          </span>
        )}
        {h.body ? `\n${h.body}` : ''}
      </pre>
      {run.scenario.policies.length > 1 && r.policies.length > 0 && (
        <p className="muted small" data-testid="policy-verdicts">
          Each policy&apos;s own verdict:{' '}
          {run.scenario.policies
            .map((p) => {
              const v = r.policies.find((x) => x.id === p.id);
              return `"${p.id}" ${!v ? 'not checked' : v.decision.allowed ? 'admits' : 'denies'}`;
            })
            .join(', ')}
          .{r.wasted.length > 0 && ` Charged in vain: ${r.wasted.map((w) => `"${w}"`).join(', ')}.`}
        </p>
      )}
      {h.draftHeaders.length > 0 && (
        <p className="muted small">
          <span className="tag">IETF draft</span> <code>RateLimit-Policy</code> and{' '}
          <code>RateLimit</code> follow the httpapi-ratelimit-headers draft; it may still change.
        </p>
      )}
    </div>
  );
}

export function RequestPanel() {
  const stage = useStage();
  const selected = useLab((s) => s.selected);
  const lane = useLab((s) => s.selectedLane);
  const run = useLab((s) => (s.selectedLane === 'compare' && s.compare ? s.compare : s.run));
  // Without a selection, follow the latest decision of the loaded lane.
  const decided = useLab((s) => s.run.decidedBy(s.panelNow));
  const playing = useLab((s) => s.playing);
  const idx = selected ?? (decided > 0 ? run.byDecision[decided - 1]! : null);
  const r = idx !== null && idx < run.n ? run.request(idx) : null;
  const over = r ? overLimitNote(run, r.index) : null;
  return (
    <section className="panel request-panel" aria-labelledby="req-h">
      <h2 id="req-h">
        {selected === null ? 'Latest request' : 'Selected request'}
        {lane === 'compare' && selected !== null && (
          <span className="muted small"> · comparison lane</span>
        )}
      </h2>
      {!r ? (
        <p className="muted">
          {playing
            ? 'No request decided yet: the first one is on its way.'
            : 'No request decided yet. Press play, or step to the next event.'}
        </p>
      ) : (
        <div data-testid="selected-request">
          <p className="req-outcome">
            <OutcomeGlyph outcome={r.outcome} size={22} /> <strong>Request {r.index + 1}</strong>:{' '}
            {OUTCOME_LABEL[r.outcome]}
            {over && <> · over the limit of {over.quota}</>}
            {r.retryAfterSeconds !== null && (
              <>
                {' '}
                · retry after{' '}
                {r.retryAfterSeconds === -1 ? 'never (too costly)' : `${r.retryAfterSeconds} s`}
              </>
            )}
            {r.remaining !== null && <> · {r.remaining} remaining</>}
          </p>
          {over && (
            <p className="notice small o-over-note" data-testid="over-limit-note">
              {over.text}
            </p>
          )}
          {r.doubleSpent && (
            <p className="notice small">
              Admitted on a stale read: another server's charge was overwritten.
            </p>
          )}
          <Path r={r} run={run} />
          <RequestFacts run={run} index={r.index} />
          <Http r={r} run={run} />
          {selected !== null && (
            <button
              type="button"
              className="button"
              onClick={() => stage.store.getState().select(null)}
            >
              Follow the latest request
            </button>
          )}
        </div>
      )}
    </section>
  );
}

/** The limiter that decided request i: its server's own counter, its fallback, or the store. */
function deciderOf(run: LabRun, i: number): LimiterTarget | undefined {
  const r = run.request(i);
  const at = (kind: LimiterTarget['kind'], where: string) =>
    run.targets.find((x) => x.kind === kind && x.where === where);
  if (r.via === 'fallback') return at('fallback', r.server);
  if (r.via === 'local') return at('local', r.server);
  return run.targets.find((x) => x.kind === 'store');
}

export function StatePanel() {
  const stage = useStage();
  // The lane of the selected request (the comparison lane's run when it was picked there).
  const run = useLab((s) => (s.selectedLane === 'compare' && s.compare ? s.compare : s.run));
  const target = useLab((s) => s.selectedTarget);
  const selected = useLab((s) => s.selected);
  const now = useLab((s) => s.panelNow);
  const t =
    run.targets.find((x) => x.id === target) ??
    (selected !== null && selected < run.n ? deciderOf(run, selected) : undefined) ??
    run.targets.find((x) => x.kind === 'store') ??
    run.targets[0];
  const views = t ? run.views(t.id, now, 6) : [];
  return (
    <section className="panel state-panel" aria-labelledby="state-h" data-testid="state-panel">
      <h2 id="state-h">Limiter state{t ? `: ${t.label}` : ''}</h2>
      <div className="target-pick" role="group" aria-label="Show the state of">
        {run.targets.map((x) => (
          <button
            key={x.id}
            type="button"
            className="chip"
            aria-pressed={x.id === t?.id}
            onClick={() => stage.store.getState().selectTarget(x.id)}
          >
            {x.label}
          </button>
        ))}
      </div>
      {t && (
        <p className="muted small">
          {t.algorithm}, at t = {now.toFixed(2)} s
        </p>
      )}
      {views.length === 0 ? (
        <p className="muted">Empty: this limiter has not seen a request yet.</p>
      ) : (
        views.map((v) => <StateCard key={v.key} view={v} now={now} />)
      )}
    </section>
  );
}
