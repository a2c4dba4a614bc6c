// The shared store (Redis): its box, its latency, whether it is down now, and the limiter
// state of the busiest key (per-shard load when sharded; with a replica it is the primary, lost
// at a failover and replaced by the promoted replica).
import type { LabRun } from '../../../core/lab/labRun';
import { laneNow, type Lane } from '../../../store/labStore';
import { StateGlyph } from '../StateView';
import { useLab, useStage } from '../useLab';
import { fitText } from '../glyphs/types';
import type { Geometry } from './geometry';
import { ShardBars } from './ShardBars';
import { StoreClock, storeClockLine } from './StoreClock';

function isDown(run: LabRun, t: number): boolean {
  return run.scenario.store.outages.some((o) => t >= o.from && t < o.to);
}

/** The store's role at t: the primary, lost (the failover's gap), or the promoted replica. */
function role(run: LabRun, t: number): 'store' | 'primary' | 'lost' | 'promoted' {
  const f = run.production.failover;
  if (f && t >= f.at) return Number.isNaN(f.promotedAt) || t < f.promotedAt ? 'lost' : 'promoted';
  return run.scenario.store.replica ? 'primary' : 'store';
}

const TITLE = {
  store: 'Shared counter',
  primary: 'Primary',
  lost: 'Primary: lost',
  promoted: 'Promoted replica',
};
/** The same roles in a narrow box. */
const SHORT_TITLE = { store: 'Redis', primary: 'Primary', lost: 'Lost', promoted: 'Promoted' };

export function Store({
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
  const selected = useLab((s) => s.selectedTarget);
  const target = run.targets.find((t) => t.kind === 'store');
  const box = geo.store;
  if (!box || !target) return null;
  const pick = () => stage.store.getState().selectTarget(target.id);
  const r = role(run, now);
  const v = r === 'lost' ? undefined : run.views(target.id, now, 1)[0];
  const lua = run.scenario.policies[0]?.algorithm === 'lua';
  const sharded = run.scenario.placement === 'sharded';
  const down = r === 'lost' || isDown(run, now);
  const clockLine = storeClockLine(run, now) !== null;
  // Bold titles are about 8.2 units a character, the small print about 6.2: a narrow box (the
  // compact and room layouts) says it shorter rather than cutting a word at its edge.
  const room = box.w - 16;
  const wideTitle = r === 'store' && lua ? 'Redis · Lua' : TITLE[r];
  const fits = wideTitle.length * 8.2 <= room;
  // A primary's or replica's role is the point of the box: it keeps its full name while a
  // closer estimate (7.4 a character) says it fits.
  const title = fits
    ? wideTitle
    : r === 'store'
      ? 'Redis'
      : fitText(room, 7.4, wideTitle, SHORT_TITLE[r]);
  const what = fits
    ? lua
      ? 'the script’s keys'
      : 'Redis'
    : lua
      ? 'Lua: script keys'
      : 'shared counter';
  const ms = run.scenario.store.latencySeconds;
  const away = ms > 0 ? `${+(ms * 1000).toFixed(1)} ms away` : '';
  const shardNote = sharded && run.scenario.shards ? `${run.scenario.shards.count} shard keys` : '';
  const tail = [away, shardNote].filter(Boolean).join(' · ');
  const sub = tail ? fitText(room, 6.2, `${what} · ${tail}`, tail) : what;
  return (
    <g
      className={`store${selected === target.id ? ' selected' : ''}`}
      data-testid={testids ? 'shared-store' : undefined}
      role="button"
      tabIndex={0}
      aria-description="The shared store (Redis): shows its limiter state"
      aria-pressed={selected === target.id}
      onClick={pick}
      onKeyDown={(e) => {
        if (e.key === 'Enter' || e.key === ' ') {
          e.preventDefault();
          e.stopPropagation();
          pick();
        }
      }}
    >
      <rect className="box store-box" x={box.x} y={box.y} width={box.w} height={box.h} rx={10} />
      <text
        className="box-title"
        x={box.x + 10}
        y={box.y + 20}
        data-testid={testids ? 'store-title' : undefined}
      >
        {title}
      </text>
      <text className="box-sub" x={box.x + 10} y={box.y + 36}>
        {sub}
      </text>
      {down ? (
        <text className="box-down" x={box.x + 10} y={box.y + 52}>
          unreachable
        </text>
      ) : (
        <StoreClock run={run} now={now} x={box.x + 10} y={box.y + 52} testids={testids} />
      )}
      {sharded ? (
        <g transform={`translate(${box.x + 2},${box.y + (clockLine || down ? 56 : 42)})`}>
          <ShardBars
            run={run}
            now={now}
            w={box.w - 4}
            h={box.h - (clockLine || down ? 60 : 46)}
            testids={testids}
          />
        </g>
      ) : (
        r !== 'lost' && (
          <g transform={`translate(${box.x + 2},${box.y + 56})`}>
            {v ? (
              <StateGlyph view={v} now={now} w={box.w - 4} h={64} />
            ) : (
              <text className="sv-sub" x={8} y={30}>
                empty
              </text>
            )}
          </g>
        )
      )}
    </g>
  );
}
