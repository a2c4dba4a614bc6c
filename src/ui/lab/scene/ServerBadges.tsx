// What each app server carries in production: its own clock (what it reads now, its offset)
// when the scenario gives servers clocks, and the lease tokens it holds (placement "leased").
// Drawn on the server boxes at the lane's coarse clock; numbers from the run's clocks and the
// engine's lease book.
import type { LabRun } from '../../../core/lab/labRun';
import { laneNow, type Lane } from '../../../store/labStore';
import { leasesOf, num, signed } from '../production/derived';
import { useLab } from '../useLab';
import type { Geometry } from './geometry';

/** True when the server boxes carry badges (the plain "asks the store" line gives way). */
export function hasServerBadges(run: LabRun): boolean {
  const p = run.production;
  return !!(p.clocks && run.scenario.serverClocks) || !!p.leases;
}

export function ServerBadges({
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
  if (!hasServerBadges(run)) return null;
  const clocks = run.production.clocks;
  const sc = run.scenario;
  const leases = leasesOf(run);
  const held = leases?.at(now);
  return (
    <g className="server-badges" aria-hidden>
      {geo.servers.map((b, s) => {
        const clock = clocks && sc.serverClocks ? sc.serverClocks[s] : undefined;
        const skewed = !!clock && (clock.offsetSeconds !== 0 || clock.driftPpm !== 0);
        const compact = geo.narrow && b.w < 110;
        const x = b.x + geo.titleX;
        const lines: { text: string; cls: string; id: string }[] = [];
        if (clock && clocks) {
          const reads = clocks.server(s, now);
          const off = reads - now;
          lines.push({
            text: compact
              ? `clock ${signed(off)}`
              : `clock ${num(reads)} s${skewed ? ` (${signed(off)})` : ''}`,
            cls: skewed ? 'badge-skew' : '',
            id: `server-clock-${run.servers[s]}`,
          });
        }
        const h = held?.[s];
        if (h)
          lines.push({
            text: compact
              ? `${num(h.held)} held`
              : `holds ${num(h.held)}${h.stranded ? ` · ${num(h.stranded)} stranded` : ''}`,
            cls: 'badge-lease',
            id: `server-lease-${run.servers[s]}`,
          });
        const y0 = lines.length > 1 ? (geo.narrow ? 33 : 35) : 38;
        return (
          <g key={s}>
            {lines.map((l, k) => (
              <text
                key={l.id}
                className={`box-sub ${l.cls}`}
                x={x}
                y={b.y + y0 + k * 13}
                data-testid={testids ? l.id : undefined}
              >
                {l.text}
              </text>
            ))}
          </g>
        );
      })}
    </g>
  );
}
