// The first failing hidden case of a grade: what went wrong, the requests around it (expected
// against yours), the seed that replays it, and the way into the lab. A predict problem's
// failure carries no scenario: its run would show the number.
import type { FailingCase } from '../../core/grading/types';
import { encodeRaceShare } from '../../core/races/share';
import { encodeShare } from '../../core/share';
import { LabWidget } from '../../ui/widgets/LabWidget';

function outcomeText(o: string, retry: number | null | undefined): string {
  if (o === 'allowed') return 'admitted';
  if (o !== 'denied') return o;
  return retry === undefined || retry === null
    ? '429'
    : retry === -1
      ? '429 · never'
      : `429 · ${retry} s`;
}

const t = (x: number) => String(Number(x.toFixed(6)));

export function FailureView({
  f,
  onReplay,
}: {
  f: FailingCase;
  onReplay?: (seed: number) => void;
}) {
  const lua = f.scenario?.algorithm === 'lua';
  const runnable = f.scenario && !lua;
  const rows = f.rows ?? [];
  const servers = new Set(rows.map((r) => r.server)).size > 1;
  const keys = new Set(rows.map((r) => r.key)).size > 1 || rows.some((r) => r.key !== 'client');
  const clocks = rows.some((r) => r.clock !== undefined);
  return (
    <div className="failure" data-testid="grade-failure">
      <p>
        <strong>{f.name.charAt(0).toUpperCase() + f.name.slice(1)}.</strong> {f.message}
      </p>
      {f.seed !== undefined && (
        <p className="muted small failure-seed" data-testid="failure-seed">
          Generated case, seed {f.seed}
          {f.generated &&
            `: ${f.generated.passedBefore} generated case${f.generated.passedBefore === 1 ? '' : 's'} passed before it, and it was shrunk ${f.generated.shrinks} time${f.generated.shrinks === 1 ? '' : 's'} to the smallest case that still fails`}
          . The same seed replays it exactly
          {onReplay && (
            <>
              {' '}
              <button
                type="button"
                className="button small-button"
                onClick={() => onReplay(f.seed!)}
                data-testid="replay-seed"
              >
                Grade again with seed {f.seed}
              </button>
            </>
          )}
          .
        </p>
      )}
      {rows.length > 0 && (
        <div className="table-scroll">
          <table className="case-table" data-testid="case-table">
            <caption className="visually-hidden">Expected and actual decisions</caption>
            <thead>
              <tr>
                <th>at (s)</th>
                {clocks && <th>clock</th>}
                {servers && <th>server</th>}
                {keys && <th>key</th>}
                <th>cost</th>
                <th>expected</th>
                <th>yours</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r, i) => (
                <tr key={i} className={i === f.firstMismatch ? 'mismatch' : undefined}>
                  <td>{t(r.at)}</td>
                  {clocks && <td>{r.clock === undefined ? '' : t(r.clock)}</td>}
                  {servers && <td>{r.server}</td>}
                  {keys && <td>{r.key}</td>}
                  <td>{r.cost}</td>
                  <td>{outcomeText(String(r.expected), r.expectedRetry)}</td>
                  <td title={r.note}>
                    {r.note
                      ? `error: ${r.note.length > 40 ? `${r.note.slice(0, 39)}…` : r.note}`
                      : outcomeText(String(r.actual), r.actualRetry)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {f.trace && (
        <ol className="case-list" data-testid="case-trace">
          {f.trace.map((line, i) => (
            <li key={i}>
              <code>{line}</code>
            </li>
          ))}
        </ol>
      )}
      {f.replay && (
        <p className="row">
          <a
            className="button"
            href={`#/races?s=${encodeRaceShare(f.replay.input, f.replay.schedule)}`}
            data-testid="failure-open-races"
          >
            Step through this ordering on the scheduler screen
          </a>
        </p>
      )}
      {f.scenario && (
        <p className="row">
          <a
            className="button"
            href={`#/lab?scenario=${encodeShare(f.scenario)}`}
            data-testid="failure-open-lab"
          >
            Open this case in the lab
          </a>
          {f.reference && (
            <a
              className="button"
              href={`#/lab?scenario=${encodeShare(f.reference)}`}
              data-testid="failure-open-reference"
            >
              Open the reference
            </a>
          )}
        </p>
      )}
      {lua && (
        <p className="muted small">
          The lab runs your script as the limiter at the case&apos;s own times, with the same KEYS
          and ARGV; its key inspector shows what the script left in Redis.
        </p>
      )}
      {runnable && <LabWidget spec={{ ...f.scenario, title: `Replay: ${f.name}` }} />}
    </div>
  );
}
