// The store's replica (store.replica): its box under the primary, the replication stream
// between them (writes in flight are drawn per frame by replicaPainter), what the replica holds
// (the primary's state `lag` seconds ago), and the failover: the primary lost, the gap, the
// promotion and the writes the promoted replica never saw. Numbers from the engine's record.
import type { LabRun } from '../../../core/lab/labRun';
import { laneNow, type Lane } from '../../../store/labStore';
import { replicationOf, sec } from '../production/derived';
import { StateGlyph } from '../StateView';
import { useLab } from '../useLab';
import { fitText } from '../glyphs/types';
import type { Geometry } from './geometry';

export function Replica({
  run,
  geo,
  testids,
  lane,
}: {
  run: LabRun;
  geo: Geometry;
  testids: boolean;
  lane: Lane;
}) {
  const now = useLab((s) => laneNow(s, lane));
  const box = geo.replica;
  const store = geo.store;
  const view = replicationOf(run);
  if (!box || !store || !view) return null;
  const st = view.at(now)!;
  const f = run.production.failover;
  const lag = run.production.replicaLagSeconds ?? 0;
  const target = run.targets.find((t) => t.kind === 'store');
  const rv =
    st.phase === 'replicating' && target
      ? run.views(target.id, Math.max(0, st.replicaTime), 1, true)[0]
      : undefined;
  const tid = (id: string) => (testids ? id : undefined);
  const x = box.x + 10;
  const streamTop = store.y + store.h;
  return (
    <>
      {/* The stream and its labels sit between the two boxes, outside the replica's box. */}
      <g className="replica-stream-g">
        <path
          className="replica-stream"
          d={`M${box.c.x},${streamTop}L${box.c.x},${box.y}`}
          aria-hidden
        />
        <text className="box-sub stream-label" x={box.c.x + 10} y={(streamTop + box.y) / 2 - 2}>
          {st.phase === 'replicating' ? `lag ${sec(lag)}` : 'stream cut'}
        </text>
        {st.phase === 'replicating' && (
          <text
            className="box-sub stream-label"
            x={box.c.x + 10}
            y={(streamTop + box.y) / 2 + 11}
            data-testid={tid('in-flight')}
          >
            {st.inFlight.length} in flight
          </text>
        )}
      </g>
      <g className={`replica phase-${st.phase}`} data-testid={tid('replica')} data-phase={st.phase}>
        <rect
          className="box replica-box"
          x={box.x}
          y={box.y}
          width={box.w}
          height={box.h}
          rx={10}
        />
        <text className="box-title" x={x} y={box.y + 20}>
          {st.phase === 'promoted' ? 'Promoted' : 'Replica'}
        </text>
        {st.phase === 'replicating' && (
          <>
            <text className="box-sub" x={x} y={box.y + 36}>
              as of {sec(Math.max(0, st.replicaTime))}
            </text>
            <g transform={`translate(${box.x + 2},${box.y + 40})`}>
              {rv ? (
                <StateGlyph view={rv} now={st.replicaTime} w={box.w - 4} h={box.h - 44} />
              ) : (
                <text className="sv-sub" x={8} y={24}>
                  empty
                </text>
              )}
            </g>
          </>
        )}
        {st.phase === 'down' && f && (
          <>
            <text className="box-sub" x={x} y={box.y + 38}>
              primary lost at {sec(f.at)}
            </text>
            <text className="box-down" x={x} y={box.y + 56}>
              promoting at {sec(f.promotedAt)}
            </text>
            <text className="box-sub" x={x} y={box.y + 74}>
              has writes to {sec(f.replicatedBefore)}
            </text>
          </>
        )}
        {st.phase === 'promoted' && f && (
          <>
            <text className="box-sub" x={x} y={box.y + 38}>
              {fitText(
                box.w - 20,
                6.2,
                `at ${sec(f.promotedAt)}, now the store`,
                `store since ${sec(f.promotedAt)}`,
              )}
            </text>
            <text className="lost-num" x={x} y={box.y + 66} data-testid={tid('writes-lost')}>
              {f.lost.length}
            </text>
            <text className="box-sub" x={x + 14 + String(f.lost.length).length * 14} y={box.y + 60}>
              writes lost
            </text>
            <text className="box-sub" x={x + 14 + String(f.lost.length).length * 14} y={box.y + 74}>
              {fitText(
                box.w - 24 - String(f.lost.length).length * 14,
                6.2,
                `made after ${sec(f.replicatedBefore)}`,
                `after ${sec(f.replicatedBefore)}`,
              )}
            </text>
          </>
        )}
      </g>
    </>
  );
}
