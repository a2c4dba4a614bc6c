// Under each lane: the last decisions, oldest first, each a button that selects the request
// (also the stepped list when motion is reduced: docs/ui-notes.md).
import { useMemo, type CSSProperties } from 'react';
import { OUTCOME_NAMES } from '../../../core/lab/columns';
import type { LabRun } from '../../../core/lab/labRun';
import type { OverLimit } from '../../../core/lab/moments';
import { laneNow, type Lane } from '../../../store/labStore';
import { OUTCOME_LABEL } from '../shapes';
import { useLab, useStage } from '../useLab';

const STRIP = 30;

export function DecisionStrip({
  run,
  lane,
  over,
}: {
  run: LabRun;
  lane: Lane;
  over: OverLimit | null;
}) {
  const stage = useStage();
  // Follows the lane's coarse clock (a few times a second while playing, exact when paused).
  const decided = useLab((s) => run.decidedBy(laneNow(s, lane)));
  const selected = useLab((s) => (s.selectedLane === lane ? s.selected : null));
  const playing = useLab((s) => s.playing);
  const from = Math.max(0, decided - STRIP);
  const items: number[] = [];
  for (let j = from; j < decided; j++) items.push(run.byDecision[j]!);
  // Every item has the same fixed, contained size (sized for the longest server name), so a
  // tick that rewrites the items relayouts only inside them.
  const longest = useMemo(() => run.servers.reduce((m, x) => Math.max(m, x.length), 1), [run]);
  // Room for the "over" tag when some admission of this lane went over the limit.
  const marks = over !== null && over.requests.length > 0;
  const style = {
    '--strip-w': `calc(${longest + (marks ? 5 : 0)}ch + 1.9rem)`,
  } as CSSProperties;
  return (
    <div className="strip-wrap">
      <ol className="decision-strip" aria-label="Decisions so far, oldest first" style={style}>
        {from > 0 && <li className="strip-more">… {from} earlier</li>}
        {items.map((i, k) => {
          const oc = OUTCOME_NAMES[run.outcome[i]!]!;
          const server = run.servers[run.serverIx[i]!];
          const isOver = over?.flags[i] === 1;
          // Keyed by position, not by request: while playing the window slides every tick,
          // and reusing the same 30 buttons updates a few attributes instead of rebuilding
          // the list.
          return (
            <li key={k}>
              <button
                type="button"
                className={`strip-item${isOver ? ' over' : ''}`}
                aria-pressed={selected === i}
                // The name holds the visible text ("B over") as one run, as speech users who say
                // what they see need.
                aria-label={`Request ${i + 1} via server ${server}${isOver ? ` over the limit of ${over!.quota}` : ''}: ${OUTCOME_LABEL[oc]}`}
                title={isOver ? `Over the limit of ${over!.quota}` : undefined}
                data-over={isOver ? 'true' : undefined}
                onClick={() => {
                  const s = stage.store.getState();
                  s.select(i, lane);
                }}
              >
                <span className={`sglyph o-${oc}`} aria-hidden />
                <span>{server}</span>
                {isOver && <span className="over-tag"> over</span>}
              </button>
            </li>
          );
        })}
        {decided === 0 && (
          <li className="strip-empty" data-testid="strip-empty">
            {playing
              ? 'No decisions yet: the first request is on its way.'
              : 'No decisions yet: press play or step.'}
          </li>
        )}
      </ol>
    </div>
  );
}
