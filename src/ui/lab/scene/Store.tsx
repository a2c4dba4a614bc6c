// The shared store (Redis): its box, its latency, whether it is down now, and the limiter
// state of the busiest key.
import type { LabRun } from '../../../core/lab/labRun';
import { laneNow, type Lane } from '../../../store/labStore';
import { StateGlyph } from '../StateView';
import { useLab, useStage } from '../useLab';
import { fitText } from '../glyphs/types';
import type { Geometry } from './geometry';

function isDown(run: LabRun, t: number): boolean {
  return run.scenario.store.outages.some((o) => t >= o.from && t < o.to);
}

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
  const v = run.views(target.id, now, 1)[0];
  const lua = run.scenario.policies[0]?.algorithm === 'lua';
  // Bold titles are about 8.2 units a character, the small print about 6.2: a narrow box (the
  // compact and room layouts) says it shorter rather than cutting a word at its edge.
  const room = box.w - 16;
  const wideTitle = lua ? 'Redis · Lua' : 'Shared counter';
  const fits = wideTitle.length * 8.2 <= room;
  const title = fits ? wideTitle : 'Redis';
  const what = fits
    ? lua
      ? 'the script’s keys'
      : 'Redis'
    : lua
      ? 'Lua: script keys'
      : 'shared counter';
  const ms = run.scenario.store.latencySeconds;
  const away = ms > 0 ? `${+(ms * 1000).toFixed(1)} ms away` : '';
  const sub = away ? fitText(room, 6.2, `${what} · ${away}`, away) : what;
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
      <text className="box-title" x={box.x + 10} y={box.y + 20}>
        {title}
      </text>
      <text className="box-sub" x={box.x + 10} y={box.y + 36}>
        {sub}
      </text>
      {isDown(run, now) && (
        <text className="box-down" x={box.x + 10} y={box.y + 52}>
          unreachable
        </text>
      )}
      <g transform={`translate(${box.x + 2},${box.y + 56})`}>
        {v ? (
          <StateGlyph view={v} now={now} w={box.w - 4} h={64} />
        ) : (
          <text className="sv-sub" x={8} y={30}>
            empty
          </text>
        )}
      </g>
    </g>
  );
}
