// Per-shard load in the store box (placement "sharded"): one bar per shard key, the requests
// it was charged so far, admitted (green) under denied (red); the scale is the busiest shard's
// total over the run, so bars grow as the clock runs. From the engine's shard column.
import type { LabRun } from '../../../core/lab/labRun';
import { shardsOf } from '../production/derived';

export function ShardBars({
  run,
  now,
  w,
  h,
  testids,
}: {
  run: LabRun;
  now: number;
  w: number;
  h: number;
  testids: boolean;
}) {
  const view = shardsOf(run);
  if (!view || view.count === 0) return null;
  const end = view.at(Infinity);
  const max = Math.max(1, ...end.map((s) => s.requests));
  const at = view.at(now);
  const n = view.count;
  const gap = n > 16 ? 1 : 3;
  const labelled = n <= 12;
  const bw = (w - 8 - (n - 1) * gap) / n;
  const top = 4;
  const bottom = h - (labelled ? 14 : 4);
  const scale = (bottom - top) / max;
  return (
    <g className="shard-bars" data-testid={testids ? 'shard-bars' : undefined}>
      <line className="sv-axis" x1={2} x2={w - 2} y1={bottom} y2={bottom} />
      {at.map((s, k) => {
        const x = 4 + k * (bw + gap);
        const ha = s.allowed * scale;
        const hd = s.denied * scale;
        return (
          <g key={k} data-testid={testids ? `shard-${k}` : undefined} data-requests={s.requests}>
            <rect className="shard-allowed" x={x} y={bottom - ha} width={bw} height={ha} />
            <rect className="shard-denied" x={x} y={bottom - ha - hd} width={bw} height={hd} />
            {labelled && (
              <text className="sv-sub" x={x + bw / 2} y={h - 2} textAnchor="middle">
                {k}
              </text>
            )}
          </g>
        );
      })}
    </g>
  );
}
