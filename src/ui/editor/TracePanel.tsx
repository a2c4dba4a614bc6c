// The editor's trace: pick a request (or let the scene's latest decided one show), then read
// every Redis call it made with its reply, its KEYS and ARGV, the script's reply and its logs.
import type { ReactNode } from 'react';
import type { RequestRecord, RunMode } from '../../core/playground/runner';
import type { Outcome } from '../../core/lab/columns';
import { RUN_BUDGET_MS } from '../../worker/editorClient';
import { OutcomeGlyph, OUTCOME_LABEL } from '../lab/shapes';
import { useLab } from '../lab/useLab';
import { fmtArgs, fmtReply, fmtT } from './format';
import { jumpToRequest } from './runController';
import { useEditor } from './useEditor';

export function outcomeOf(r: RequestRecord): Outcome {
  if (r.decision.error !== undefined) return 'unavailable';
  return r.decision.allowed ? 'allowed' : 'denied';
}

const LOG_LEVELS = ['debug', 'verbose', 'notice', 'warning'];

function useSelectedRecord(): RequestRecord | null {
  const output = useEditor((s) => s.output);
  const selected = useLab((s) => s.selected);
  const decided = useLab((s) => s.run.decidedBy(s.now));
  const latest = useLab((s) => (decided > 0 ? s.run.byDecision[decided - 1]! : null));
  if (!output) return null;
  const i = selected ?? latest;
  return i === null ? null : (output.records[i] ?? null);
}

function RequestPicker() {
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

const isErrorReply = (r: RequestRecord['calls'][number]['reply']): boolean =>
  typeof r === 'object' && r !== null && !Array.isArray(r) && 'err' in r;

/** The calls, the reply and the logs of one request that ran. */
function TraceCalls({ rec, mode }: { rec: RequestRecord; mode: RunMode }) {
  return (
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
            <code className={isErrorReply(c.reply) ? 'ed-reply err' : 'ed-reply'}>
              {fmtReply(c.reply)}
            </code>
            {c.stale && <span className="ed-badge">lost update: overwrote a newer value</span>}
          </li>
        ))}
        {rec.calls.length === 0 && <li className="muted">No Redis calls.</li>}
      </ol>
      <p className="ed-final" data-testid="trace-reply">
        Script reply: <code>{fmtReply(rec.reply)}</code>
        {mode === 'app' && <span className="muted"> · decided at {fmtT(rec.decidedAt)}</span>}
      </p>
      {rec.decision.error !== undefined && (
        <p className="notice error small">{rec.decision.error}</p>
      )}
      {rec.logs.length > 0 && (
        <ul className="ed-logs" aria-label="redis.log">
          {rec.logs.map((l, k) => (
            <li key={k}>
              <code>[{LOG_LEVELS[l.level] ?? l.level}]</code> {l.message}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

export interface TraceViewProps {
  /** The request shown, or null (nothing run, or nothing decided yet). */
  rec: RequestRecord | null;
  /** The request the learner pinned, or null (the latest decided one shows). */
  selected: number | null;
  mode: RunMode;
  /** The request picker above the trace. */
  picker?: ReactNode;
}

/** The trace of a given request (no store: what the tests render). */
export function TraceView({ rec, selected, mode, picker }: TraceViewProps) {
  return (
    <section className="panel ed-trace" aria-labelledby="trace-h" data-testid="trace">
      <h2 id="trace-h">Trace{rec ? `: request ${rec.index + 1}` : ''}</h2>
      {picker}
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
            <TraceCalls rec={rec} mode={mode} />
          )}
        </>
      )}
    </section>
  );
}

export function TracePanel() {
  const rec = useSelectedRecord();
  const selected = useLab((s) => s.selected);
  const mode = useEditor((s) => s.output?.mode ?? s.mode);
  return <TraceView rec={rec} selected={selected} mode={mode} picker={<RequestPicker />} />;
}
