// The clients: one figure per key (in its hue), the last standing for the rest.
import { memo } from 'react';
import { tenantHue } from '../shapes';
import type { Geometry } from './geometry';

export const Clients = memo(function Clients({ geo }: { geo: Geometry }) {
  return (
    <g className="clients" aria-hidden>
      {geo.clients.map((c, k) => (
        <g key={k} transform={`translate(${c.x},${c.y})`}>
          <circle className="client" r={15} style={{ stroke: tenantHue(k) }} />
          <path
            className="client-icon"
            d="M0,-8a4,4 0 1,0 0.01,0M-7,9a7,6 0 0,1 14,0"
            style={{ fill: tenantHue(k) }}
          />
          <text className="box-sub" y={geo.narrow ? -22 : 30} textAnchor="middle">
            {geo.clientLabels[k]}
          </text>
        </g>
      ))}
    </g>
  );
});
