// The load balancer that routes each request to a server: a node the dots pass through, its
// name beside it (never under a dot).
import { memo } from 'react';
import type { Geometry } from './geometry';

export const Balancer = memo(function Balancer({ geo }: { geo: Geometry }) {
  const { lbBox, lbLabel } = geo;
  return (
    <g className="lb" aria-hidden>
      <rect className="box" x={lbBox.x} y={lbBox.y} width={lbBox.w} height={lbBox.h} rx={8} />
      {!geo.narrow && (
        <path
          className="lb-fork"
          d={`M${lbBox.x + 12},${geo.lb.y}h10M${lbBox.x + 22},${geo.lb.y}l12,-9M${lbBox.x + 22},${geo.lb.y}l12,9`}
        />
      )}
      {lbLabel.lines.map((line, k) => (
        <text
          key={k}
          className="box-title"
          x={lbLabel.x}
          y={lbLabel.y + k * 17}
          textAnchor={lbLabel.anchor}
        >
          {line}
        </text>
      ))}
    </g>
  );
});
