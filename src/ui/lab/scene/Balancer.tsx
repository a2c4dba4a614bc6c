// The load balancer that routes each request to a server.
import { memo } from 'react';
import type { Geometry } from './geometry';

export const Balancer = memo(function Balancer({ geo }: { geo: Geometry }) {
  const { lbBox, lb } = geo;
  return (
    <g className="lb" aria-hidden>
      <rect className="box" x={lbBox.x} y={lbBox.y} width={lbBox.w} height={lbBox.h} rx={8} />
      {geo.narrow ? (
        <text className="box-title" x={lb.x} y={lb.y + 5} textAnchor="middle">
          Load balancer
        </text>
      ) : (
        <>
          <text className="box-title" x={lb.x} y={lb.y - 3} textAnchor="middle">
            Load
          </text>
          <text className="box-title" x={lb.x} y={lb.y + 14} textAnchor="middle">
            balancer
          </text>
        </>
      )}
    </g>
  );
});
