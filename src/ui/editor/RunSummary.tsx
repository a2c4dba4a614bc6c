// The editor's run summary: how many requests the last run admitted, denied and failed, in
// which mode, and whether a runaway script was stopped (or why there is nothing yet).
import { stepBudgetText } from '../../core/lua/budget';
import type { RunMode, RunOutput } from '../../core/playground/runner';
import { useEditor } from './useEditor';

export interface RunSummaryProps {
  output: RunOutput | null;
  running: boolean;
  runError: string | null;
  mode: RunMode;
}

/** The summary of a given run (no store: what the tests render). */
export function RunSummaryView({ output, running, runError, mode }: RunSummaryProps) {
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

export function RunSummary() {
  const output = useEditor((s) => s.output);
  const running = useEditor((s) => s.running);
  const runError = useEditor((s) => s.runError);
  const mode = useEditor((s) => s.mode);
  return <RunSummaryView output={output} running={running} runError={runError} mode={mode} />;
}
