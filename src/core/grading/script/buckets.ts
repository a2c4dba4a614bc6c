// Two token buckets in one script: write-all-or-nothing, and fix-crossslot on a cluster.
import { keySlot } from '../../redis';
import type { RefPolicy } from '../reference';
import type { RunRecord } from '../scriptCaseTypes';
import { scriptGrader, type ExampleCase } from '../scriptGrader';
import { DYADIC, ex, times, type R } from './shared';

const BUCKETS: RefPolicy[] = [
  {
    id: 'credential',
    algorithm: 'token-bucket',
    params: { capacity: 4, refillPerSecond: 1 },
    scope: 'key',
  },
  {
    id: 'tenant',
    algorithm: 'token-bucket',
    params: { capacity: 6, refillPerSecond: 2 },
    scope: 'tenant',
  },
];
const BUCKET_ARGS = ['4', '1', '6', '2', '{cost}'];
const acme = (rs: R[]): R[] => rs.map((r) => ({ key: 'k1', ...r, tenant: 'acme' }));

const bucketExamples: ExampleCase[] = [
  ex('one credential: 4 at once (N)', acme(times(4, 1.2))),
  ex('one credential: 5 at once (N+1)', acme(times(5, 1.2))),
  ex('the tenant runs out while a credential still has tokens', [
    ...acme(times(4, 1.1, { key: 'k1' })),
    ...acme(times(2, 1.1, { key: 'k2' })),
    ...acme(times(3, 1.35, { key: 'k2' })),
    ...acme(times(3, 2.35, { key: 'k2' })),
    ...acme(times(3, 4.1, { key: 'k2' })),
  ]),
  ex('both buckets short: the longer wait wins', [
    ...acme(times(4, 1.1, { key: 'k1' })),
    ...acme(times(2, 1.1, { key: 'k2' })),
    ...acme([{ at: 1.1, key: 'k2', cost: 3 }]),
    ...acme([{ at: 1.1, key: 'k1', cost: 3 }]),
    ...acme([{ at: 1.1, key: 'k3', cost: 2 }]),
  ]),
  ex(
    'costs above a capacity',
    acme([
      { at: 1.3, cost: 5 },
      { at: 1.3, cost: 7 },
      { at: 1.3, cost: 4 },
      { at: 1.3, key: 'k2', cost: 4 },
    ]),
  ),
];

export const writeAllOrNothing = scriptGrader({
  id: 'write-all-or-nothing',
  reference: { policies: BUCKETS },
  referenceName: 'the built-in credential and tenant buckets (all-or-nothing)',
  spec: { keys: ['rl:cred:{key}', 'rl:tenant:acme'], args: BUCKET_ARGS },
  maxCost: 4,
  examples: bucketExamples,
  traffic: {
    spans: [0.5, 1, 3, 4],
    ...DYADIC,
    maxGap: 2.5,
    keys: ['k1', 'k2', 'k3'],
    tenantOf: () => 'acme',
    costs: [1, 1, 2, 3],
    bigCost: 5,
    exactCost: 4,
    maxRequests: 24,
  },
  stepped: {
    maxOffset: 4,
    check: { kind: 'bucket', capacity: 4, rate: 1 },
    recovery: 6,
    probe: 5,
    traffic: {
      spans: [0.5, 1, 3, 4],
      ...DYADIC,
      maxGap: 2,
      keys: ['k1'],
      tenantOf: () => 'acme',
      costs: [1],
      maxRequests: 20,
    },
  },
  passSummary: 'Both buckets are charged together or not at all, on every hidden case.',
});

const TENANTS: Record<string, string> = {
  a1: 'acme',
  a2: 'acme',
  g1: 'globex',
  g2: 'globex',
  i1: 'initech',
};

/** Different tenants must land in different hash slots (one tag for all is one hot shard). */
function tenantsApart(rec: RunRecord): string | null {
  const slots = new Map<string, Set<number>>();
  rec.calls.forEach((c, i) => {
    const t = c.tenant ?? c.key;
    const s = slots.get(t) ?? new Set<number>();
    for (const k of rec.keysOf[i]!) s.add(keySlot(k));
    slots.set(t, s);
  });
  const owner = new Map<number, string>();
  for (const [t, s] of slots)
    for (const slot of s) {
      const other = owner.get(slot);
      if (other && other !== t)
        return `Every decision matched, but tenants ${other} and ${t} both land in hash slot ${slot}. One hash tag shared by every tenant puts all of their limiter keys on one shard: the hot spot the lesson warns about. Tag each tenant's keys with that tenant.`;
      owner.set(slot, t);
    }
  return null;
}

export const fixCrossslot = scriptGrader({
  id: 'fix-crossslot',
  reference: { policies: BUCKETS },
  referenceName: 'the built-in credential and tenant buckets (all-or-nothing)',
  spec: { keys: ['rl:cred:{key}', 'rl:tenant:{tenant}'], args: BUCKET_ARGS },
  clusterMode: true,
  maxCost: 4,
  afterRun: tenantsApart,
  examples: [
    ...bucketExamples,
    ex(
      'two tenants at once',
      Object.entries(TENANTS).flatMap(([key, tenant]) => times(3, 1.4, { key, tenant })),
    ),
  ],
  traffic: {
    spans: [0.5, 1, 3, 4],
    ...DYADIC,
    maxGap: 2.5,
    keys: Object.keys(TENANTS),
    tenantOf: (k) => TENANTS[k] ?? k,
    costs: [1, 1, 2, 3],
    bigCost: 5,
    exactCost: 4,
    maxRequests: 24,
  },
  passSummary:
    'Each tenant’s keys share one slot, different tenants land in different slots, and the decisions match on a cluster.',
});
