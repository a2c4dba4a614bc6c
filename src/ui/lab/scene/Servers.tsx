// The app servers: a box each, with its own counter's state (placement local), what it last
// read from the store (read then write), or a note that it asks the store.
import type { LabRun } from '../../../core/lab/labRun';
import { viewUsage } from '../../../core/lab/policy';
import { hopOf, laneNow, type Lane } from '../../../store/labStore';
import { fitText } from '../glyphs/types';
import { StateGlyph } from '../StateView';
import { useLab, useStage } from '../useLab';
import type { Geometry } from './geometry';
import { hasServerBadges } from './ServerBadges';

/** What server `si` last read from the store by `now` (shared-nonatomic), as a short label. */
function lastRead(run: LabRun, si: number, now: number): string | null {
  for (let j = run.n - 1; j >= 0; j--) {
    const i = run.byArrival[j]!;
    if (run.serverIx[i] !== si || !(run.storeReply[i]! <= now)) continue;
    if (now > run.respondedAt[i]! + hopOf(run)) break;
    const rv = run.request(i).readView;
    const u = rv ? viewUsage(rv) : { used: 0, limit: NaN };
    return `read ${+u.used.toFixed(2)}${Number.isFinite(u.limit) ? ` of ${u.limit}` : ''}`;
  }
  return null;
}

export function Servers({
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
  const stage = useStage();
  const now = useLab((s) => laneNow(s, lane));
  const selectedTarget = useLab((s) => s.selectedTarget);
  const nonatomic = run.scenario.placement === 'shared-nonatomic';
  const narrow = geo.narrow;
  // Clocks and leases take the line under the title (ServerBadges).
  const badges = hasServerBadges(run);
  const pick = (id: string) => stage.store.getState().selectTarget(id);
  return (
    <>
      {geo.servers.map((b, si) => {
        const name = run.servers[si]!;
        const local = run.targets.find((t) => t.where === name && t.kind === 'local');
        const fb = run.targets.find((t) => t.where === name && t.kind === 'fallback');
        const target = local ?? fb;
        const views = local ? run.views(local.id, now, 1) : [];
        const read = nonatomic ? lastRead(run, si, now) : null;
        const id = target?.id ?? `server:${name}`;
        const compact = geo.compact;
        return (
          <g
            key={name}
            className={`srv${selectedTarget === id ? ' selected' : ''}`}
            data-testid={testids ? `server-${name}` : undefined}
            role="button"
            tabIndex={0}
            aria-description="Shows its limiter state"
            aria-pressed={selectedTarget === id}
            onClick={() => target && pick(target.id)}
            onKeyDown={(e) => {
              if ((e.key === 'Enter' || e.key === ' ') && target) {
                e.preventDefault();
                e.stopPropagation();
                pick(target.id);
              }
            }}
          >
            <rect className="box" x={b.x} y={b.y} width={b.w} height={b.h} rx={8} />
            <text className="box-title" x={b.x + geo.titleX} y={b.y + (narrow ? 19 : 20)}>
              {narrow && compact ? name : `Server ${name}`}
            </text>
            {local && (
              <g
                transform={
                  narrow
                    ? `translate(${b.x + 2},${b.y + 28})`
                    : `translate(${b.x + geo.glyphX},${b.y + 3})`
                }
              >
                {views[0] ? (
                  <StateGlyph
                    view={views[0]}
                    now={now}
                    w={narrow ? b.w - 4 : b.w - geo.glyphX - 4}
                    h={narrow ? b.h - 32 : b.h - 6}
                  />
                ) : (
                  <text className="sv-sub" x={narrow ? 6 : 4} y={narrow ? 20 : b.h / 2}>
                    {compact ? 'empty' : 'own counter: empty'}
                  </text>
                )}
              </g>
            )}
            {!local && !badges && (
              <text className="box-sub" x={b.x + geo.titleX} y={b.y + 38}>
                {read ??
                  (fb
                    ? fitText(
                        b.w - geo.titleX - 6,
                        5.8,
                        'asks the store · has fallback',
                        'store + fallback',
                        '+ fallback',
                      )
                    : fitText(b.w - geo.titleX - 6, 5.8, 'asks the store', 'asks store'))}
              </text>
            )}
          </g>
        );
      })}
    </>
  );
}
