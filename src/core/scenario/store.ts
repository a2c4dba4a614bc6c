// A scenario's shared store: latency, a timeout, outages and latency spikes, and its
// production fields (a replica, a failover, a cluster). Clock steps are in clocks.ts.
import { BOUNDS } from './bounds';
import { clockSteps } from './clocks';
import { Ctx, isObj, type Obj } from './ctx';
import type { StoreSpec, Window } from './types';

function windows(
  c: Ctx,
  v: unknown,
  path: string,
  withLatency: boolean,
): (Window & { latencySeconds: number })[] {
  if (v === undefined) return [];
  if (!Array.isArray(v)) {
    c.err(`${path} must be an array`);
    return [];
  }
  const out: (Window & { latencySeconds: number })[] = [];
  if (v.length > BOUNDS.windows) c.err(`${path} may have at most ${BOUNDS.windows} windows`);
  v.slice(0, BOUNDS.windows).forEach((w: unknown, i) => {
    const p = `${path}[${i}]`;
    if (!isObj(w)) return c.err(`${p} must be an object`);
    c.unknown(w, p, withLatency ? ['from', 'to', 'latencySeconds'] : ['from', 'to']);
    const from = c.num(w, 'from', p, 'ge0', undefined, BOUNDS.time);
    const to = c.num(w, 'to', p, 'ge0', undefined, BOUNDS.time);
    const lat = withLatency
      ? c.num(w, 'latencySeconds', p, 'ge0', undefined, BOUNDS.latencySeconds)
      : 0;
    if (from !== undefined && to !== undefined && to <= from)
      c.err(`${p}.to must be greater than ${p}.from`);
    if (from !== undefined && to !== undefined && lat !== undefined)
      out.push({ from, to, latencySeconds: lat });
  });
  return out;
}

export function store(c: Ctx, v: unknown): StoreSpec {
  const s: StoreSpec = { latencySeconds: 0, timeoutSeconds: null, outages: [], latencySpikes: [] };
  if (v === undefined) return s;
  if (!isObj(v)) {
    c.err('store must be an object');
    return s;
  }
  c.unknown(v, 'store', [
    'latencySeconds',
    'timeoutSeconds',
    'outages',
    'latencySpikes',
    'replica',
    'failover',
    'clockSteps',
    'cluster',
  ]);
  s.latencySeconds = c.num(v, 'latencySeconds', 'store', 'ge0', 0, BOUNDS.latencySeconds) ?? 0;
  if (v.timeoutSeconds !== undefined && v.timeoutSeconds !== null)
    s.timeoutSeconds =
      c.num(v, 'timeoutSeconds', 'store', 'gt0', undefined, BOUNDS.timeoutSeconds) ?? null;
  s.outages = windows(c, v.outages, 'store.outages', false).map(({ from, to }) => ({ from, to }));
  s.latencySpikes = windows(c, v.latencySpikes, 'store.latencySpikes', true);
  storeExtras(c, v, s);
  clockSteps(c, v, s);
  return s;
}

/** store.replica, store.failover and store.cluster (into `s`). */
function storeExtras(c: Ctx, v: Obj, s: StoreSpec): void {
  if (v.replica !== undefined) {
    if (!isObj(v.replica)) c.err('store.replica must be an object');
    else {
      c.unknown(v.replica, 'store.replica', ['lagSeconds']);
      const lag = c.num(v.replica, 'lagSeconds', 'store.replica', 'ge0', 0, BOUNDS.lagSeconds);
      if (lag !== undefined) s.replica = { lagSeconds: lag };
    }
  }
  if (v.failover !== undefined) {
    if (!isObj(v.failover)) c.err('store.failover must be an object');
    else {
      const p = 'store.failover';
      c.unknown(v.failover, p, ['at', 'downSeconds']);
      const at = c.num(v.failover, 'at', p, 'ge0', undefined, BOUNDS.time);
      const down = c.num(v.failover, 'downSeconds', p, 'ge0', 0, BOUNDS.downSeconds);
      if (at !== undefined && down !== undefined) s.failover = { at, downSeconds: down };
    }
  }
  if (v.cluster !== undefined) {
    if (!isObj(v.cluster)) c.err('store.cluster must be an object');
    else {
      c.unknown(v.cluster, 'store.cluster', ['nodes', 'hashTags']);
      const nodes = c.int(v.cluster, 'nodes', 'store.cluster', 1, BOUNDS.clusterNodes, 3);
      const hashTags = c.bool(v.cluster, 'hashTags', 'store.cluster', false);
      if (nodes !== undefined) s.cluster = { nodes, hashTags };
    }
  }
}
