// Derived reads of a lab store's state: a lane's clock, the end of the run, the comparison
// lane's scenario and the lanes' titles. Pure functions of the state (no store here).
import { laneLabels } from '../core/content/directives';
import type { LabRun } from '../core/lab/labRun';
import { placementLabel, placementName } from '../core/production/labels';
import type { Lane, LabState, ScenarioInput } from './labState';

export const LANE_LABEL: Record<string, string> = Object.fromEntries(
  ['local', 'shared', 'shared-nonatomic', 'shared-fallback', 'sharded', 'leased'].map((p) => [
    p,
    placementName(p),
  ]),
);

/** The coarse clock a lane renders from. */
export const laneNow = (s: Pick<LabState, 'sceneNow' | 'compareNow'>, lane: Lane): number =>
  lane === 'compare' ? s.compareNow : s.sceneNow;

/** When the lane's last event is over (with room for the last dot to travel home). */
export function endOf(s: Pick<LabState, 'run' | 'compare'>): number {
  const e = Math.max(s.run.end, s.compare?.end ?? 0);
  return e + hopOf(s.run) * 1.2;
}

/** Display-only travel time of a dot between client and server (model seconds). */
export function hopOf(run: LabRun): number {
  return Math.min(1.5, Math.max(0.3, run.end / 12));
}

/** What the comparison lane shows, in words (the controls' checkbox). */
export function compareLabel(input: ScenarioInput): string {
  const p = String(input.placement ?? 'shared');
  const st = input.store as Record<string, unknown> | undefined;
  if (p !== 'local' && st?.failover !== undefined) return 'the same store without the failover';
  if (p === 'sharded') return 'one shared counter, no shards';
  if (p === 'leased') return 'one shared counter, no leases';
  return p === 'local' ? 'one shared counter' : 'a counter in each server';
}

/**
 * The comparison lane: a counter in each server against one shared counter; shards and leases
 * against one shared counter without them. Fields the other placement cannot have go.
 */
export function otherPlacement(input: ScenarioInput): ScenarioInput {
  const p = input.placement ?? 'shared';
  const st = input.store as Record<string, unknown> | undefined;
  if (p !== 'local' && st?.failover !== undefined) {
    // A failover is compared with the same store that never fails over.
    const store = { ...st };
    delete store.failover;
    return { ...input, store };
  }
  const to = p === 'local' || p === 'sharded' || p === 'leased' ? 'shared' : 'local';
  const out: ScenarioInput = { ...input, placement: to };
  delete out.shards;
  delete out.shardBudget;
  delete out.shardBy;
  delete out.lease;
  if (to === 'local' && typeof out.store === 'object' && out.store !== null) {
    const store = { ...(out.store as Record<string, unknown>) };
    for (const f of ['replica', 'failover', 'clockSteps', 'cluster']) delete store[f];
    out.store = store;
  }
  return out;
}

/** The comparison lane's input: the override merged over the input (as a lesson's `compare`). */
export function compareInputOf(
  input: ScenarioInput,
  override: ScenarioInput | null,
): ScenarioInput {
  return override ? { ...input, ...override } : otherPlacement(input);
}

/**
 * The two lanes' titles. The lab's own comparison names the placements ("Counter in each
 * server" / "One shared counter"); an override names what it changes ("algorithm:
 * fixed-window" / "algorithm: sliding-log"), unless the scenario gave titles.
 */
export function laneTitles(
  s: Pick<LabState, 'run' | 'compare' | 'input' | 'compareInput' | 'compareOverride' | 'titles'>,
): { main: string; compare: string | null } {
  const placementTitle = (r: LabRun) => placementLabel(r.scenario);
  let main = placementTitle(s.run);
  let compare = s.compare ? placementTitle(s.compare) : null;
  const override = s.compareOverride;
  const onlyPlacement = override !== null && Object.keys(override).every((k) => k === 'placement');
  if (s.compare && s.compareInput && override && !onlyPlacement) {
    [main, compare] = laneLabels(s.input, s.compareInput);
  }
  return {
    main: s.titles?.[0] ?? main,
    compare: s.compare ? (s.titles?.[1] ?? compare) : null,
  };
}
