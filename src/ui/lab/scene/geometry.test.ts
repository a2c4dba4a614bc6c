// The scene's layout, checked in Node: no dot ever passes over the load balancer's name, in
// every layout (wide, narrow, room) and for 1 to 8 servers, local and shared.
import { describe, expect, it } from 'vitest';
import { labRun } from '../../../core/lab/labRun';
import { parseScenario } from '../../../core/scenario/validate';
import { geometry } from './geometry';
import { placeDot, type DotPlace } from './journey';

const HOP = 0.4;
/** The painter's dots (CSS px of the scene): a request on its way, a decided one's shape. */
const OUTBOUND_R = 4.5;
const DECIDED_R = 7.5;
/** Box title type: about 7.5 px a character, 13 px above the baseline, 4 below. */
const CHAR_W = 7.5;

function labelBox(geo: ReturnType<typeof geometry>) {
  const { lbLabel } = geo;
  const w = Math.max(...lbLabel.lines.map((l) => l.length)) * CHAR_W;
  const x0 = lbLabel.anchor === 'middle' ? lbLabel.x - w / 2 : lbLabel.x;
  return {
    x0,
    x1: x0 + w,
    y0: lbLabel.y - 13,
    y1: lbLabel.y + (lbLabel.lines.length - 1) * 17 + 4,
  };
}

describe('the load balancer’s label', () => {
  for (const placement of ['local', 'shared'])
    for (const servers of [1, 2, 4, 8])
      for (const layout of ['wide', 'narrow', 'room'] as const) {
        it(`${layout}, ${servers} server(s), ${placement}: no dot covers it`, () => {
          const names = 'ABCDEFGH'.slice(0, servers).split('');
          const r = labRun(
            parseScenario({
              algorithm: 'fixed-window',
              params: { limit: 3, windowSeconds: 60 },
              placement,
              servers,
              store: { latencySeconds: 0.1 },
              requests: Array.from({ length: 3 * servers }, (_, i) => ({
                at: 1 + i * 0.5,
                server: names[i % servers],
                key: `client-${(i % 3) + 1}`,
              })),
            }),
          );
          const geo = geometry(r, layout === 'narrow', layout === 'room');
          const box = labelBox(geo);
          const out: DotPlace = { x: 0, y: 0, leg: 'to-balancer', shows: -1 } as DotPlace;
          let placed = 0;
          for (let i = 0; i < r.n; i++)
            for (let t = r.at[i]! - HOP; t <= r.respondedAt[i]! + HOP; t += 0.01) {
              if (!placeDot(r, geo, i, t, HOP, out)) continue;
              placed++;
              const nx = Math.max(box.x0, Math.min(out.x, box.x1));
              const ny = Math.max(box.y0, Math.min(out.y, box.y1));
              const d = Math.hypot(out.x - nx, out.y - ny);
              expect(d, `request ${i + 1} at ${t.toFixed(2)} s (${out.leg})`).toBeGreaterThan(
                out.shows === -1 ? OUTBOUND_R : DECIDED_R,
              );
            }
          expect(placed).toBeGreaterThan(0);
        });
      }
});
