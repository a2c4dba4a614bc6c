// What Compare found: how many requests the script and the built-in each admitted, whether
// every decision is the same, and a table of the requests where they differ (each with Show).
import type { Outcome } from '../../core/lab/columns';
import type { CompareDiff, CompareResult } from '../../store/editorStore';
import { OutcomeGlyph, OUTCOME_LABEL } from '../lab/shapes';
import { fmtT } from './format';

/** At most this many differing requests are listed. */
const MAX_ROWS = 50;

/** The two outcomes of one differing request: the script's and the built-in's. */
export function diffOutcomes(d: CompareDiff): { script: Outcome; builtin: Outcome } {
  return {
    script: d.script.error ? 'unavailable' : d.script.allowed ? 'allowed' : 'denied',
    builtin: d.builtin.allowed ? 'allowed' : 'denied',
  };
}

function DiffTable({ compare, onJump }: { compare: CompareResult; onJump: (i: number) => void }) {
  return (
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
          {compare.diffs.slice(0, MAX_ROWS).map((d) => {
            const { script: so, builtin: bo } = diffOutcomes(d);
            return (
              <tr key={d.index}>
                <td>
                  {d.index + 1} <span className="muted">({d.server})</span>
                </td>
                <td className="num">{fmtT(d.at)}</td>
                <td>
                  <OutcomeGlyph outcome={so} /> {d.script.error ? 'error' : OUTCOME_LABEL[so]}
                </td>
                <td>
                  <OutcomeGlyph outcome={bo} /> {OUTCOME_LABEL[bo]}
                </td>
                <td>
                  <button type="button" className="button small" onClick={() => onJump(d.index)}>
                    Show
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

export function CompareResultView({
  compare,
  onJump,
}: {
  compare: CompareResult;
  /** Show a request (0-based) on the scene and in the trace. */
  onJump: (i: number) => void;
}) {
  const first = compare.diffs[0];
  return (
    <div data-testid="compare-result">
      {compare.error ? (
        <p className="notice error">The built-in could not run: {compare.error}</p>
      ) : (
        <>
          <p>
            Script admitted <strong>{compare.scriptAllowed}</strong>, {compare.algorithm} admitted{' '}
            <strong>{compare.builtinAllowed}</strong> of {compare.total}.{' '}
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
          {first && (
            <>
              <button
                type="button"
                className="button"
                onClick={() => onJump(first.index)}
                data-testid="compare-jump"
              >
                Jump to the first difference (request {first.index + 1})
              </button>
              <DiffTable compare={compare} onJump={onJump} />
            </>
          )}
        </>
      )}
    </div>
  );
}
