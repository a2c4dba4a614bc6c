// The wires between clients, balancer, servers and store (static per run and layout).
import { memo } from 'react';
import type { Geometry } from './geometry';

export const Links = memo(function Links({ geo }: { geo: Geometry }) {
  const { lbBox } = geo;
  return (
    <g className="links" aria-hidden>
      {geo.clients.map((c, k) =>
        geo.narrow ? (
          <path key={k} d={`M${c.x},${c.y + 34}L${geo.lb.x},${lbBox.y}`} />
        ) : (
          <path key={k} d={`M${c.x + 16},${c.y}L${lbBox.x},${geo.lb.y}`} />
        ),
      )}
      {geo.servers.map((s, k) =>
        geo.narrow ? (
          <path key={k} d={`M${geo.lb.x},${lbBox.y + lbBox.h}L${s.c.x},${s.y}`} />
        ) : (
          <path key={k} d={`M${lbBox.x + lbBox.w},${geo.lb.y}L${s.x},${s.c.y}`} />
        ),
      )}
      {geo.store &&
        geo.servers.map((s, k) =>
          geo.narrow ? (
            <path
              key={k}
              className="store-link"
              d={`M${s.c.x},${s.y + s.h}L${geo.storeAt[k]!.x},${geo.storeAt[k]!.y}`}
            />
          ) : (
            <path
              key={k}
              className="store-link"
              d={`M${s.x + s.w},${s.c.y}L${geo.store!.x},${geo.store!.c.y}`}
            />
          ),
        )}
    </g>
  );
});
