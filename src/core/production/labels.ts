// What the lab calls a scenario: which production features it uses, its title and the label
// of its placement. Pure (the lab page, the lane heading and the lesson widgets read it), so
// that a scenario about a failover is never titled "Two servers, one budget".
import type { Scenario } from '../scenario/types';

export type ProductionFeature = 'replica' | 'failover' | 'clocks' | 'sharded' | 'leased' | 'shadow';

/** The production features a scenario uses, in the order the lab shows their views. */
export function featuresOf(sc: Scenario): ProductionFeature[] {
  const out: ProductionFeature[] = [];
  if (sc.store.replica) out.push('replica');
  if (sc.store.failover) out.push('failover');
  const skewed = sc.serverClocks?.some((c) => c.offsetSeconds !== 0 || c.driftPpm !== 0);
  if (skewed || sc.timeSource === 'app' || (sc.store.clockSteps?.length ?? 0) > 0)
    out.push('clocks');
  if (sc.placement === 'sharded') out.push('sharded');
  if (sc.placement === 'leased') out.push('leased');
  if (sc.enforce === false || sc.policies.some((p) => p.enforce === false)) out.push('shadow');
  return out;
}

const BASE_LABEL: Record<string, string> = {
  local: 'Counter in each server',
  shared: 'One shared counter',
  'shared-nonatomic': 'One shared counter, read then write',
  'shared-fallback': 'Shared counter, local fallback',
  sharded: 'Sharded counter',
  leased: 'Token leases from a shared bucket',
};

/** A placement's name in words (for the controls): never the raw field value. */
export function placementName(placement: string): string {
  return BASE_LABEL[placement] ?? placement;
}

/** The lane heading: the placement in words, with its numbers (shards, lease size). */
export function placementLabel(sc: Scenario): string {
  let base = placementName(sc.placement);
  if (sc.placement === 'sharded' && sc.shards) {
    const how = sc.shards.budget === 'split' ? 'budget split' : 'budget copied';
    base = `${sc.shards.count} shard${sc.shards.count === 1 ? '' : 's'}, ${how}`;
  } else if (sc.placement === 'leased' && sc.lease)
    base = `Leases of ${sc.lease.size} token${sc.lease.size === 1 ? '' : 's'}`;
  if (sc.placement === 'local') return base;
  if (sc.store.failover) return `${base}, with a failover`;
  if (sc.store.replica) return `${base}, with a replica`;
  return base;
}

const count = (n: number): string =>
  ['One', 'Two', 'Three', 'Four', 'Five', 'Six', 'Seven', 'Eight'][n - 1] ?? String(n);

/** The lab page's title for a scenario: what it is about. */
export function labTitle(sc: Scenario): string {
  const f = featuresOf(sc);
  if (f.includes('failover')) return 'A failover forgets recent counts';
  if (f.includes('leased')) return 'Token leases: fewer store calls, stranded tokens';
  if (f.includes('sharded')) return 'A hot key split into shards';
  if (f.includes('clocks')) return 'Whose clock does the limiter read?';
  if (f.includes('shadow')) return 'Shadow mode: what would have been denied';
  if (f.includes('replica')) return 'A replica a little behind';
  const n = sc.servers.length;
  return `${count(n)} server${n === 1 ? '' : 's'}, one budget`;
}
