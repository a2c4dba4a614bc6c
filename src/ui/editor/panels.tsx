// The right-hand column of the editor: what the run did (summary), the selected request's
// trace, the store's keys at the scene's time, and the comparison with a built-in.
import { useState } from 'react';
import { BUILTIN_ALGORITHMS } from '../../core/limiters/registry';
import { stepBudgetText } from '../../core/lua/budget';
import { keysAt, type RequestRecord } from '../../core/playground/runner';
import { RUN_BUDGET_MS } from '../../worker/editorClient';
import type { KeySnapshot } from '../../core/redis/model';
import type { Outcome } from '../../core/lab/columns';
import { OutcomeGlyph, OUTCOME_LABEL } from '../lab/shapes';
import { useLab } from '../lab/useLab';
import { fmtArgs, fmtReply, fmtT, fmtTtl } from './format';
import { compareWith, jumpToRequest, referenceFor } from './runController';
import { useEditor } from './useEditor';

function outcomeOf(r: RequestRecord): Outcome {
  if (r.decision.error !== undefined) return 'unavailable';
  return r.decision.allowed ? 'allowed' : 'denied';
}

export function RunSummary() {
  const output = useEditor((s) => s.output);
  const running = useEditor((s) => s.running);
  const runError = useEditor((s) => s.runError);
  const mode = useEditor((s) => s.mode);
  if (runError)
    return (
      <p className="notice error" role="alert" data-testid="run-error">
        {runError}
      </p>
    );
  if (!output)
    return (
      <p className="muted ed-summary" data-testid="run-summary">
        {running
          ? 'Running the script in its worker…'
          : 'Press Run to send this script the traffic below.'}
      </p>
    );
  const recs = output.records;
  const allowed = recs.filter((r) => r.decision.allowed).length;
  const errors = recs.filter((r) => r.decision.error !== undefined).length;
  const stale = recs.filter((r) => r.stale).length;
  return (
    <div className="ed-summary" data-testid="run-summary" aria-live="polite">
      <p>
        <strong data-testid="run-allowed">{allowed}</strong> admitted,{' '}
        <strong data-testid="run-denied">{recs.length - allowed - errors}</strong> denied
        {errors > 0 && (
          <>
            , <strong data-testid="run-errors">{errors}</strong> errors
          </>
        )}{' '}
        of {recs.length} requests,{' '}
        {mode === 'script'
          ? 'each as one atomic EVALSHA'
          : 'as app-server code, one round trip per redis.call'}
        .
        {mode === 'app' && (
          <>
            {' '}
            <strong data-testid="run-stale">{stale}</strong> lost update{stale === 1 ? '' : 's'} (a
            write based on a stale read).
          </>
        )}
        {running && <span className="muted"> Running again…</span>}
      </p>
      {output.compileError && (
        <p className="notice error">
          The script does not compile, so every request failed. See the problem under the editor.
        </p>
      )}
      {output.killedCount > 0 && (
        <p className="notice error" data-testid="runaway">
          Runaway script stopped: {output.killedCount} run{output.killedCount === 1 ? '' : 's'} used
          up the budget of {stepBudgetText()} and {output.killedCount === 1 ? 'was' : 'were'}{' '}
          stopped
          {output.skippedCount > 0 && `; the lab skipped the other ${output.skippedCount} requests`}
          . The page and the time controls keep working.
        </p>
      )}
    </div>
  );
}

function useSelectedRecord(): RequestRecord | null {
  const output = useEditor((s) => s.output);
  const selected = useLab((s) => s.selected);
  const decided = useLab((s) => s.run.decidedBy(s.now));
  const latest = useLab((s) => (decided > 0 ? s.run.byDecision[decided - 1]! : null));
  if (!output) return null;
  const i = selected ?? latest;
  return i === null ? null : (output.records[i] ?? null);
}

export function RequestPicker() {
  const output = useEditor((s) => s.output);
  const selected = useLab((s) => s.selected);
  if (!output || output.records.length === 0) return null;
  return (
    <div className="ed-picker" role="group" aria-label="Pick a request to trace">
      {output.records.map((r) => (
        <button
          key={r.index}
          type="button"
          className="ed-pick"
          aria-pressed={selected === r.index}
          aria-label={`Request ${r.index + 1}: ${OUTCOME_LABEL[outcomeOf(r)]}`}
          data-testid={`pick-${r.index + 1}`}
          onClick={() => jumpToRequest(r.index)}
        >
          <OutcomeGlyph outcome={outcomeOf(r)} size={12} />
          {r.index + 1}
        </button>
      ))}
    </div>
  );
}

export function TracePanel() {
  const rec = useSelectedRecord();
  const selected = useLab((s) => s.selected);
  const mode = useEditor((s) => s.output?.mode ?? s.mode);
  return (
    <section className="panel ed-trace" aria-labelledby="trace-h" data-testid="trace">
      <h2 id="trace-h">Trace{rec ? `: request ${rec.index + 1}` : ''}</h2>
      <RequestPicker />
      {!rec ? (
        <p className="muted">
          Run the script, then pick a request (or play the scene) to see every Redis call it made.
        </p>
      ) : (
        <>
          <p className="ed-trace-head">
            <OutcomeGlyph outcome={outcomeOf(rec)} size={18} />{' '}
            <strong>{OUTCOME_LABEL[outcomeOf(rec)]}</strong> · arrived {fmtT(rec.at)} at server{' '}
            {rec.server} · key <code>{rec.key}</code>
            {selected === null && (
              <span className="muted"> (latest decided; pick one above to pin it)</span>
            )}
          </p>
          {rec.skipped ? (
            <p className="muted">
              Not run: a whole run may take {RUN_BUDGET_MS / 1000} s, and earlier requests used it
              up.
            </p>
          ) : (
            <>
              <dl className="kv ed-kv">
                <dt>KEYS</dt>
                <dd>
                  <code>{JSON.stringify(rec.keys)}</code>
                </dd>
                <dt>ARGV</dt>
                <dd>
                  <code>{JSON.stringify(rec.argv)}</code>
                </dd>
              </dl>
              <ol className="ed-calls" data-testid="trace-calls">
                {rec.calls.map((c, k) => (
                  <li key={k} className={c.stale ? 'stale' : undefined}>
                    {mode === 'app' && <span className="ed-at">{fmtT(c.at)}</span>}
                    <code className="ed-cmd">{fmtArgs(c.args)}</code>
                    <span className="ed-arrow" aria-hidden>
                      →
                    </span>
                    <code
                      className={
                        typeof c.reply === 'object' &&
                        c.reply !== null &&
                        !Array.isArray(c.reply) &&
                        'err' in c.reply
                          ? 'ed-reply err'
                          : 'ed-reply'
                      }
                    >
                      {fmtReply(c.reply)}
                    </code>
                    {c.stale && (
                      <span className="ed-badge">lost update: overwrote a newer value</span>
                    )}
                  </li>
                ))}
                {rec.calls.length === 0 && <li className="muted">No Redis calls.</li>}
              </ol>
              <p className="ed-final" data-testid="trace-reply">
                Script reply: <code>{fmtReply(rec.reply)}</code>
                {mode === 'app' && (
                  <span className="muted"> · decided at {fmtT(rec.decidedAt)}</span>
                )}
              </p>
              {rec.decision.error !== undefined && (
                <p className="notice error small">{rec.decision.error}</p>
              )}
              {rec.logs.length > 0 && (
                <ul className="ed-logs" aria-label="redis.log">
                  {rec.logs.map((l, k) => (
                    <li key={k}>
                      <code>[{['debug', 'verbose', 'notice', 'warning'][l.level] ?? l.level}]</code>{' '}
                      {l.message}
                    </li>
                  ))}
                </ul>
              )}
            </>
          )}
        </>
      )}
    </section>
  );
}

function KeyValue({ k }: { k: KeySnapshot }) {
  if (k.type === 'string') return <code>{JSON.stringify(k.value)}</code>;
  const items = k.value as Array<[string, string] | [string, number] | string>;
  const label = k.type === 'hash' ? 'fields' : k.type === 'zset' ? 'members' : 'items';
  return (
    <details className="ed-val">
      <summary>
        {items.length} {label}
      </summary>
      <table className="ed-sub">
        <tbody>
          {items.slice(0, 200).map((it, j) =>
            Array.isArray(it) ? (
              <tr key={j}>
                <td>
                  <code>{it[0]}</code>
                </td>
                <td>
                  <code>{String(it[1])}</code>
                </td>
              </tr>
            ) : (
              <tr key={j}>
                <td>{j}</td>
                <td>
                  <code>{it}</code>
                </td>
              </tr>
            ),
          )}
        </tbody>
      </table>
    </details>
  );
}

export function KeyInspector() {
  useLab((s) => s.run);
  // The panels' coarse clock: exact when paused, ~10 times a second while playing.
  const now = useLab((s) => s.panelNow);
  const output = useEditor((s) => s.output);
  const keys = output ? keysAt(output.frames, now) : [];
  return (
    <section className="panel ed-keys" aria-labelledby="keys-h" data-testid="key-inspector">
      <h2 id="keys-h">
        Keys in the store <span className="muted small">at t = {now.toFixed(2)} s</span>
      </h2>
      {keys.length === 0 ? (
        <p className="muted">
          {output ? 'No keys yet at this moment.' : 'Run the script to fill the store.'}
        </p>
      ) : (
        <div className="table-scroll">
          <table className="ed-table">
            <thead>
              <tr>
                <th scope="col">Key</th>
                <th scope="col">Type</th>
                <th scope="col">Value</th>
                <th scope="col">TTL</th>
              </tr>
            </thead>
            <tbody>
              {keys.map((k) => (
                <tr key={k.key} data-testid="key-row">
                  <td>
                    <code>{k.key}</code>
                  </td>
                  <td>{k.type}</td>
                  <td>
                    <KeyValue k={k} />
                  </td>
                  <td className="num" data-testid="key-ttl">
                    {fmtTtl(k.ttlMs)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

export function ComparePanel() {
  const output = useEditor((s) => s.output);
  const compare = useEditor((s) => s.compare);
  const templateId = useEditor((s) => s.templateId);
  const draft = useEditor((s) => s.draft);
  const ref = referenceFor(draft, templateId);
  const [alg, setAlg] = useState<string>(ref?.algorithm ?? 'token-bucket');
  const [paramsText, setParamsText] = useState<string>(
    JSON.stringify(ref?.params ?? { capacity: 5, refillPerSecond: 1 }),
  );
  const [err, setErr] = useState<string | null>(null);
  const [forTemplate, setForTemplate] = useState(templateId);
  if (forTemplate !== templateId) {
    setForTemplate(templateId);
    if (ref) {
      setAlg(ref.algorithm);
      setParamsText(JSON.stringify(ref.params));
    }
  }
  const runCompare = () => {
    let params: Record<string, unknown>;
    try {
      const v = JSON.parse(paramsText) as unknown;
      if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new Error('not an object');
      params = v as Record<string, unknown>;
    } catch {
      setErr('Parameters must be a JSON object, e.g. {"capacity": 5, "refillPerSecond": 1}.');
      return;
    }
    setErr(null);
    const r = compareWith(alg, params);
    const first = r?.diffs[0];
    if (first) jumpToRequest(first.index);
  };
  return (
    <section className="panel ed-compare" aria-labelledby="cmp-h" data-testid="compare">
      <h2 id="cmp-h">Compare with a built-in</h2>
      <div className="ed-cmp-form">
        <label className="field">
          <span>Algorithm</span>
          <select
            value={alg}
            onChange={(e) => setAlg(e.target.value)}
            data-testid="compare-algorithm"
          >
            {BUILTIN_ALGORITHMS.map((a) => (
              <option key={a} value={a}>
                {a}
                {ref?.algorithm === a ? ' (this template’s reference)' : ''}
              </option>
            ))}
          </select>
        </label>
        <label className="field ed-grow">
          <span>Parameters (JSON)</span>
          <input
            value={paramsText}
            onChange={(e) => setParamsText(e.target.value)}
            spellCheck={false}
            className="mono"
            data-testid="compare-params"
            aria-invalid={err ? true : undefined}
          />
        </label>
        {ref && (
          <button
            type="button"
            className="button"
            onClick={() => {
              setAlg(ref.algorithm);
              setParamsText(JSON.stringify(ref.params));
            }}
          >
            Use the reference (from ARGV)
          </button>
        )}
        <button
          type="button"
          className="button primary"
          onClick={runCompare}
          disabled={!output}
          data-testid="compare-run"
        >
          Compare
        </button>
      </div>
      {err && <p className="field-error">{err}</p>}
      {compare && (
        <div data-testid="compare-result">
          {compare.error ? (
            <p className="notice error">The built-in could not run: {compare.error}</p>
          ) : (
            <>
              <p>
                Script admitted <strong>{compare.scriptAllowed}</strong>, {compare.algorithm}{' '}
                admitted <strong>{compare.builtinAllowed}</strong> of {compare.total}.{' '}
                {compare.diffs.length === 0 ? (
                  <strong className="ed-same" data-testid="compare-same">
                    Every decision is the same.
                  </strong>
                ) : (
                  <strong data-testid="compare-diffs">
                    {compare.diffs.length} decision{compare.diffs.length === 1 ? '' : 's'} differ.
                  </strong>
                )}
              </p>
              {compare.diffs.length > 0 && (
                <>
                  <button
                    type="button"
                    className="button"
                    onClick={() => jumpToRequest(compare.diffs[0]!.index)}
                    data-testid="compare-jump"
                  >
                    Jump to the first difference (request {compare.diffs[0]!.index + 1})
                  </button>
                  <div className="table-scroll">
                    <table className="ed-table">
                      <thead>
                        <tr>
                          <th scope="col">Request</th>
                          <th scope="col">At</th>
                          <th scope="col">Script</th>
                          <th scope="col">{compare.algorithm}</th>
                          <th scope="col">
                            <span className="visually-hidden">Jump</span>
                          </th>
                        </tr>
                      </thead>
                      <tbody>
                        {compare.diffs.slice(0, 50).map((d) => {
                          const so: Outcome = d.script.error
                            ? 'unavailable'
                            : d.script.allowed
                              ? 'allowed'
                              : 'denied';
                          const bo: Outcome = d.builtin.allowed ? 'allowed' : 'denied';
                          return (
                            <tr key={d.index}>
                              <td>
                                {d.index + 1} <span className="muted">({d.server})</span>
                              </td>
                              <td className="num">{fmtT(d.at)}</td>
                              <td>
                                <OutcomeGlyph outcome={so} />{' '}
                                {d.script.error ? 'error' : OUTCOME_LABEL[so]}
                              </td>
                              <td>
                                <OutcomeGlyph outcome={bo} /> {OUTCOME_LABEL[bo]}
                              </td>
                              <td>
                                <button
                                  type="button"
                                  className="button small"
                                  onClick={() => jumpToRequest(d.index)}
                                >
                                  Show
                                </button>
                              </td>
                            </tr>
                          );
                        })}
                      </tbody>
                    </table>
                  </div>
                </>
              )}
            </>
          )}
        </div>
      )}
      {!compare && (
        <p className="muted small">
          Runs the built-in on the same requests (as one shared, atomic limiter) and lists every
          request where the decisions differ.
        </p>
      )}
    </section>
  );
}
