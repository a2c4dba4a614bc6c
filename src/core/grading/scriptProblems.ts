// The fix/write problems graded against a built-in limiter (the two atomicity problems are
// race-graded: raceProblems.ts). Each names its reference, its starter's calling convention, a
// few named examples (N and N+1, exact boundaries, a cost above the limit, two clients) and the
// shape of its generated traffic; structure checks look at the Redis state the script leaves.
import fc from 'fast-check';
import type { LuaRuntime } from '../lua';
import { keySlot, type KeySnapshot } from '../redis';
import type { HiddenCase } from './harness';
import type { ScriptSpec } from './lua';
import type { RefPolicy } from './reference';
import { runCase, type RunRecord } from './scriptCase';
import { propertyCase } from './property';
import { scriptGrader, type ExampleCase } from './scriptGrader';
import { trafficArb, us, type GenRequest, type TrafficShape } from './traffic';

type R = Partial<GenRequest> & { at: number };
/** Requests with defaults (key "client", server A, cost 1), in time order. */
export const reqs = (rs: R[]): GenRequest[] =>
  rs
    .map((r) => ({ key: 'client', server: 'A', cost: 1, ...r }))
    .map((r, i) => ({ r, i }))
    .sort((a, b) => a.r.at - b.r.at || a.i - b.i)
    .map((x) => x.r);
const times = (n: number, at: number, extra: Partial<GenRequest> = {}): R[] =>
  Array.from({ length: n }, () => ({ at, ...extra }));
const ex = (name: string, rs: R[]): ExampleCase => ({ name, requests: reqs(rs) });

/** A sorted set's members, or [] when the key is absent or of another type. */
const members = (k: KeySnapshot | undefined): string[] =>
  k && k.type === 'zset' ? (k.value as [string, number][]).map((m) => m[0]) : [];

/** A refused request may prune a log, never add to it. */
function addedMembers(
  before: Map<string, KeySnapshot>,
  after: Map<string, KeySnapshot>,
  keys: string[],
): string | null {
  for (const key of keys) {
    const was = new Set(members(before.get(key)));
    const added = members(after.get(key)).filter((m) => !was.has(m));
    if (added.length) return `it added "${added[0]}" to ${key}.`;
  }
  return null;
}

/** A sliding log holds state until its newest admitted entry leaves the window. */
const logUntil =
  (window: number) =>
  (rec: RunRecord, k: number): { until: number; what: string } | null => {
    const c = rec.calls[k]!;
    let newest = -Infinity;
    for (let j = 0; j <= k; j++)
      if (rec.calls[j]!.key === c.key && rec.decisions[j]!.allowed)
        newest = Math.max(newest, rec.calls[j]!.now);
    const until = newest + window;
    return until > c.now
      ? { until, what: `the log of ${c.key}, whose newest entry leaves then` }
      : null;
  };

/** Leases hold state until the last running job's lease ends (released jobs no longer count). */
const leaseUntil =
  (lease: number) =>
  (rec: RunRecord, k: number): { until: number; what: string } | null => {
    const c = rec.calls[k]!;
    const released = new Set<string>();
    for (let j = 0; j <= k; j++) if (rec.calls[j]!.op === 'release') released.add(rec.calls[j]!.id);
    let until = -Infinity;
    for (let j = 0; j <= k; j++) {
      const e = rec.calls[j]!;
      if (e.op === 'acquire' && e.key === c.key && rec.decisions[j]!.allowed && !released.has(e.id))
        until = Math.max(until, e.now + lease);
    }
    return until > c.now
      ? { until, what: `the running jobs of ${c.key}, whose last lease ends then` }
      : null;
  };

// ---- write-gcra ------------------------------------------------------------------------

/** GCRA's state matters until the client's theoretical arrival time. */
function gcraUntil(rec: RunRecord, k: number): { until: number; what: string } | null {
  const c = rec.calls[k]!;
  const view = rec.reference.views(c.key, c.now).find((x) => x.kind === 'gcra');
  if (!view || view.kind !== 'gcra' || view.tat <= c.now) return null;
  return { until: view.tat, what: `the theoretical arrival time of ${c.key}` };
}

const GCRA = { ratePerSecond: 2, burst: 4 };

/** GCRA keeps one number per key: the TAT, in seconds, milliseconds or microseconds. */
function oneTat(rec: RunRecord): string | null {
  const snap = new Map(rec.model.snapshot().map((k) => [k.key, k]));
  const seen = new Map<string, Set<string>>();
  rec.calls.forEach((c, i) => {
    const s = seen.get(c.key) ?? new Set<string>();
    for (const k of rec.keysOf[i]!) s.add(k);
    seen.set(c.key, s);
  });
  const last = rec.calls[rec.calls.length - 1];
  for (const [client, keys] of seen) {
    const live = [...keys].map((k) => snap.get(k)).filter((k): k is KeySnapshot => !!k);
    if (live.length > 1)
      return `GCRA keeps one number per client, but your script keeps ${live.length} keys for ${client} (${live.map((k) => k.key).join(', ')}).`;
    const k = live[0];
    if (!k) continue;
    if (k.type !== 'string')
      return `GCRA keeps one number per client, the theoretical arrival time; your script keeps a ${k.type} at ${k.key}${k.type === 'hash' ? ` with the fields ${(k.value as [string, string][]).map((f) => f[0]).join(', ')}` : ''}. That is another algorithm's state (a token bucket keeps a balance and a time).`;
    const v = Number(k.value);
    const view = rec.reference.views(client, last?.now ?? 0).find((x) => x.kind === 'gcra');
    if (!Number.isFinite(v))
      return `GCRA keeps one number per client, the theoretical arrival time; ${k.key} holds "${String(k.value)}", which is not a number.`;
    if (view && view.kind === 'gcra') {
      const tat = rec.epoch + view.tat;
      const close = [1, 1e3, 1e6].some((u) => Math.abs(v - tat * u) <= 1e-3 * u);
      if (!close)
        return `${k.key} holds ${String(k.value)}, which is not ${client}'s theoretical arrival time (Unix ${tat.toFixed(6)} s, in seconds, milliseconds or microseconds). GCRA stores the TAT itself: the time the client's budget is spent up to.`;
    }
  }
  return null;
}

/** A refused GCRA request stores nothing. */
function unchanged(
  before: Map<string, KeySnapshot>,
  after: Map<string, KeySnapshot>,
  keys: string[],
): string | null {
  for (const key of keys) {
    const a = before.get(key);
    const b = after.get(key);
    if (JSON.stringify(a?.value) !== JSON.stringify(b?.value))
      return `${key} went from ${a ? JSON.stringify(a.value) : '(absent)'} to ${b ? JSON.stringify(b.value) : '(absent)'}.`;
  }
  return null;
}

export const writeGcra = scriptGrader({
  id: 'write-gcra',
  reference: { algorithm: 'gcra', params: GCRA },
  referenceName: 'the built-in GCRA (2 per second, burst 4)',
  spec: { keys: ['rl:gcra:{key}'], args: ['2', '4', '{cost}'] },
  maxCost: 4,
  spans: [
    { seconds: 0.5, name: 'one emission interval (0.5 s)' },
    { seconds: 2, name: 'a full burst’s worth of time (2 s)' },
  ],
  afterRefusal: unchanged,
  afterRun: oneTat,
  stateUntil: gcraUntil,
  examples: [
    ex('4 requests at once (N)', times(4, 1.234567)),
    ex('5 requests at once (N+1)', times(5, 1.234567)),
    ex('a burst, then one request exactly each emission interval', [
      ...times(4, 3.000001),
      ...[3.500001, 4.000001, 4.500001, 4.500002, 5.000001].map((at) => ({ at })),
    ]),
    ex('weighted costs, one above the burst', [
      { at: 2.718281, cost: 3 },
      { at: 2.718281, cost: 2 },
      { at: 3.2, cost: 5 },
      { at: 3.218281, cost: 1 },
      { at: 3.718282, cost: 2 },
    ]),
    ex('two clients do not share a budget', [
      ...times(4, 1.1, { key: 'alice' }),
      ...times(5, 1.2, { key: 'bob' }),
      { at: 1.3, key: 'alice' },
    ]),
  ],
  traffic: {
    spans: [0.5, 1, 2],
    maxGap: 3,
    keys: ['alice', 'bob'],
    costs: [1, 1, 2, 3, 4],
    bigCost: 5,
    exactCost: 4,
    maxRequests: 24,
  },
  stepped: {
    maxOffset: 6,
    // Not decision for decision: the built-in remembers when it first saw a key even if it
    // refused it, which a script that stores nothing on refusal rightly does not.
    check: { kind: 'bucket', capacity: 4, rate: 2 },
    recovery: 3,
    probe: 5,
  },
  passSummary:
    'Your GCRA agrees with the built-in on every hidden case, Retry-After included, and keeps one TAT per client.',
});

// ---- write-sliding-log-weighted -------------------------------------------------------

export const writeSlidingLogWeighted = scriptGrader({
  id: 'write-sliding-log-weighted',
  reference: { algorithm: 'sliding-log', params: { limit: 10, windowSeconds: 60 } },
  referenceName: 'the built-in sliding log (10 units per 60 s)',
  spec: { keys: ['rl:log:{key}'], args: ['10', '60', '{cost}'] },
  maxCost: 10,
  spans: [{ seconds: 60, name: 'one window (60 s)' }],
  afterRefusal: addedMembers,
  stateUntil: logUntil(60),
  examples: [
    ex('10 units at once (N)', times(10, 0.731)),
    ex('11 units at once (N+1)', times(11, 0.731)),
    ex('a full log, then requests 1 ms before, at, and after one window', [
      ...times(10, 5.123456),
      { at: 65.122456 },
      { at: 65.123456 },
      { at: 65.123456 },
      { at: 65.124456 },
    ]),
    ex('costs 4, 4, 4, then 4 exactly when the first entry leaves', [
      { at: 0.5, cost: 4 },
      { at: 5.25, cost: 4 },
      { at: 10.125, cost: 4 },
      { at: 60.5, cost: 4 },
      { at: 60.5, cost: 4 },
    ]),
    ex('fractional costs and a cost above the limit', [
      { at: 1.1, cost: 0.5 },
      { at: 1.1, cost: 2.5 },
      { at: 2.2, cost: 11 },
      { at: 2.2, cost: 7 },
      { at: 2.3, cost: 0.5 },
      { at: 2.4, cost: 0.5 },
    ]),
    ex('two clients do not share a log', [
      ...times(10, 1.01, { key: 'alice' }),
      ...times(10, 2.02, { key: 'bob' }),
      { at: 3.03, key: 'alice' },
    ]),
  ],
  traffic: {
    spans: [60],
    maxGap: 40,
    keys: ['alice', 'bob'],
    costs: [1, 1, 2, 4, 0.5],
    bigCost: 11,
    exactCost: 10,
    maxRequests: 26,
  },
  stepped: {
    maxOffset: 30,
    check: { kind: 'window', limit: 10, window: 60 },
    recovery: 61,
    probe: 11,
  },
  passSummary:
    'Your sliding log agrees with the built-in on every hidden case, Retry-After included.',
});

// ---- fix-sliding-log-bound -------------------------------------------------------------

export const fixSlidingLogBound = scriptGrader({
  id: 'fix-sliding-log-bound',
  reference: { algorithm: 'sliding-log', params: { limit: 4, windowSeconds: 10 } },
  referenceName: 'the built-in sliding log (4 per 10 s)',
  spec: { keys: ['rl:log:{key}'], args: ['4', '10'] },
  // Unit costs and one small log: cheap runs, so many of them (a bound 1 us off shows only when
  // the log is full exactly one window minus 1 us after an entry).
  runs: 120,
  spans: [{ seconds: 10, name: 'one window (10 s)' }],
  afterRefusal: addedMembers,
  stateUntil: logUntil(10),
  examples: [
    ex('4 requests at once (N)', times(4, 1.000001)),
    ex('5 requests at once (N+1)', times(5, 1.000001)),
    ex('a request exactly one window after the oldest entry', [
      ...[1.1, 1.2, 1.3, 1.4].map((at) => ({ at })),
      { at: 11.1 },
      { at: 11.2 },
      { at: 11.25 },
    ]),
    ex('1 ms before and 1 ms after one window', [
      ...[2.5, 3.5, 4.5, 5.5].map((at) => ({ at })),
      { at: 12.499 },
      { at: 12.501 },
      { at: 13.5 },
    ]),
    ex('two clients do not share a log', [
      ...times(4, 1.5, { key: 'alice' }),
      ...times(5, 1.5, { key: 'bob' }),
      { at: 11.5, key: 'alice' },
    ]),
  ],
  traffic: {
    spans: [10],
    maxGap: 7,
    keys: ['alice', 'bob'],
    costs: [1],
    maxRequests: 26,
  },
  stepped: {
    maxOffset: 6,
    check: { kind: 'window', limit: 4, window: 10 },
    recovery: 11,
    probe: 5,
  },
  passSummary:
    'An entry exactly one window old is gone, as the contract says, on every hidden case.',
});

// ---- write-concurrency-lease ----------------------------------------------------------

export const writeConcurrencyLease = scriptGrader({
  id: 'write-concurrency-lease',
  reference: { algorithm: 'concurrency', params: { maxInFlight: 3 } },
  referenceName: 'the built-in concurrency limiter (3 slots, 2-second leases)',
  spec: { keys: ['rl:jobs:{key}'], args: ['3', '2', '{cost}', '{op}', '{id}'] },
  lease: 2,
  maxCost: 3,
  spans: [{ seconds: 2, name: 'one lease (2 s)' }],
  afterRefusal: addedMembers,
  stateUntil: leaseUntil(2),
  examples: [
    ex('3 jobs at once (N)', times(3, 1.234567, { duration: 5 })),
    ex('4 jobs at once (N+1)', times(4, 1.234567, { duration: 5 })),
    ex('a lease ends exactly when the next job arrives', [
      ...times(3, 1.5, { duration: 9 }),
      { at: 3.499999, duration: 9 },
      { at: 3.5, duration: 9 },
      { at: 3.5, duration: 9 },
    ]),
    ex('a job that finishes early gives its slot back', [
      { at: 1.1, duration: 0.3 },
      { at: 1.1, duration: 9 },
      { at: 1.1, duration: 9 },
      { at: 1.2 },
      { at: 1.4, duration: 9 },
      { at: 1.41, duration: 9 },
    ]),
    ex('weighted jobs, one above the cap', [
      { at: 1.01, cost: 2, duration: 0.5 },
      { at: 1.02, cost: 2, duration: 9 },
      { at: 1.53, cost: 2, duration: 9 },
      { at: 1.53, cost: 4, duration: 9 },
      { at: 1.6, cost: 1, duration: 9 },
    ]),
    ex('two tenants do not share slots', [
      ...times(3, 1.7, { key: 'acme', duration: 9 }),
      ...times(4, 1.7, { key: 'globex', duration: 9 }),
    ]),
  ],
  traffic: {
    spans: [2],
    maxGap: 1.5,
    keys: ['acme', 'globex'],
    costs: [1, 1, 2],
    bigCost: 4,
    exactCost: 3,
    maxRequests: 24,
    lease: 2,
  },
  stepped: {
    maxOffset: 1,
    check: { kind: 'window', limit: 3, window: 2 },
    recovery: 3,
    probe: 4,
    traffic: {
      spans: [2],
      maxGap: 1.5,
      keys: ['acme'],
      costs: [1],
      maxRequests: 20,
    },
  },
  passSummary:
    'Slots come back when a job releases them or its lease ends, exactly as the built-in decides, Retry-After included.',
});

// ---- write-all-or-nothing and fix-crossslot --------------------------------------------

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
/**
 * Token-bucket scripts count in floating-point seconds, exact only on binary fractions: their
 * traffic is on 1/64 s (15625 us, a whole number of microseconds too), and the straddles are one
 * such step either side of the moment a token comes back.
 */
const DYADIC = { quantumUs: 15625, straddle: [-15625, 0, 15625] };
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

// ---- fix-clock-backwards ----------------------------------------------------------------

const TB = { capacity: 5, refillPerSecond: 1 };

/** Server B's clock, as the starter's "simulated clock skew" line makes it: 30 s slow. */
const SIMULATED_B = 30;

/**
 * Skewed servers: B (the script subtracts 30 s itself), C (the grader sends a clock 12 s slow),
 * and A, whose own clock steps back for a while. Unit costs, one client. Checked in true time:
 * from any moment the clock read true, no more than capacity + rate x t in t seconds; and after
 * a quiet spell longer than a refill, a burst from every server at one instant gets exactly the
 * capacity, whichever clock the script trusts (refusing a slow server is not a fix).
 */
function skewCases(
  engine: () => Promise<LuaRuntime>,
  code: string,
  spec: ScriptSpec,
  seed: number,
): HiddenCase[] {
  const shape: TrafficShape = {
    spans: [1, 5],
    ...DYADIC,
    maxGap: 1.2,
    keys: ['client'],
    costs: [1],
    servers: ['A', 'B', 'C'],
    maxRequests: 24,
  };
  const name = 'servers whose clocks disagree (B 30 s slow, C 12 s slow, A steps back)';
  const problem = {
    reference: { algorithm: 'token-bucket', params: TB },
    referenceName: 'the built-in token bucket',
    clock: 'app' as const,
  };
  return [
    {
      name,
      check: async () => {
        const lua = await engine();
        return propertyCase(
          name,
          fc.tuple(
            trafficArb(shape).chain((requests) =>
              withBackStep(requests, us(requests[requests.length - 1]!.at)),
            ),
            // A second client that only one server other than A ever serves, and how long it
            // waits (whole 1/64 s, 1 to 5 s: some tokens back, its key still there).
            fc.constantFrom('B', 'C'),
            fc.integer({ min: 64, max: 319 }).map((n) => n / 64),
          ),
          ([{ requests, back }, soloServer, wait]) => {
            const sent = (server: string, at: number) =>
              server === 'C'
                ? at - 12
                : server === 'A' && us(at) >= back.from && us(at) < back.to
                  ? at - back.by
                  : at;
            // After the trace, a quiet spell longer than a refill, then a burst from every server
            // at one instant (A, whose clock is right, first): an honest bucket is full by then,
            // whatever clock it trusts, and gives exactly its capacity. Then a client served only
            // by B or C: a burst, a wait, a burst. Its one server's clock agrees with itself, so
            // the second burst gets what refilled during the wait (whole tokens, 1 per second).
            const quietAt = Math.round((requests[requests.length - 1]!.at + 8) * 1e6) / 1e6;
            const burstOf = (at: number, key: string, servers: string[]): GenRequest[] =>
              servers.map((server) => ({ at, key, server, cost: 1 }));
            const soloAt = Math.round((quietAt + 20) * 1e6) / 1e6;
            const groups = [
              burstOf(quietAt, 'client', ['A', 'B', 'C', 'B', 'C', 'A']),
              burstOf(soloAt, 'solo', Array<string>(6).fill(soloServer)),
              burstOf(soloAt + wait, 'solo', Array<string>(6).fill(soloServer)),
            ];
            const expected = [TB.capacity, TB.capacity, Math.floor(wait * TB.refillPerSecond)];
            const probe = groups.flat();
            const all = [...requests, ...probe];
            const input = {
              requests: all,
              appClock: (s: string, at: number) => Math.max(0, sent(s, at)),
            };
            const r = runCase(lua, problem, code, spec, input, { compare: false });
            if (r.failure) return { ...r.failure, ...(r.fatal ? { fatal: true } : {}) };
            const rec = r.record;
            const n = requests.length;
            for (let k = n, g = 0; g < groups.length; g++) {
              const size = groups[g]!.length;
              const only = g > 0 ? ` (a client only server ${soloServer} serves)` : '';
              const lead =
                g === 0
                  ? 'After client had been quiet for 8 s'
                  : g === 1
                    ? `solo${only} sent its first burst`
                    : `solo${only} waited ${wait} s after its first burst`;
              const most = expected[g]!;
              const rule =
                g === 2
                  ? `A bucket refilling ${TB.refillPerSecond} per second has ${most} token${most === 1 ? '' : 's'} back after ${wait} s, whichever server asks: a client served only by a server whose clock is behind still refills on that clock.`
                  : `A bucket of ${TB.capacity} is full again after ${TB.capacity / TB.refillPerSecond} s of quiet, whichever server asks: a server whose clock is behind must still be admitted while there are tokens.`;
              for (let i = 0; i < size; i++, k++) {
                const want = i < most;
                const c = rec.calls[k]!;
                if (rec.decisions[k]!.allowed === want) continue;
                return {
                  name,
                  message: want
                    ? `${lead}; your script refused request ${i + 1} of the burst of ${size} at ${c.at} s (server ${c.server}). ${rule}`
                    : `${lead}; your script admitted request ${i + 1} of the burst of ${size} at ${c.at} s; the bucket had only ${most} token${most === 1 ? '' : 's'} for it. The servers' clocks disagreeing minted tokens.`,
                  ...view(rec, input),
                };
              }
            }
            // The clock the script reads (B subtracts 30 s itself).
            const reads = rec.calls.map((c) => (c.server === 'B' ? c.now - SIMULATED_B : c.now));
            for (let i = 0; i < n; i++) {
              if (reads[i] !== rec.calls[i]!.at) continue; // start only where the clock reads true
              let got = 0;
              for (let j = i; j < n; j++) {
                if (rec.decisions[j]!.allowed) got++;
                const span = rec.calls[j]!.at - rec.calls[i]!.at;
                const most = TB.capacity + TB.refillPerSecond * span;
                if (got > most + 1e-9)
                  return {
                    name,
                    message: `Between t = ${rec.calls[i]!.at} s and t = ${rec.calls[j]!.at} s of true time your script admitted ${got} requests; a bucket of ${TB.capacity} refilling ${TB.refillPerSecond} per second can admit at most ${Number(most.toFixed(6))} in that time. A clock that runs behind must never refill the bucket: the stored time must not move backwards.`,
                    ...view(rec, input),
                  };
              }
            }
            return null;
          },
          seed,
          14,
          2,
        );
        function view(rec: RunRecord, input: { requests: GenRequest[] }) {
          const trace = rec.calls.map((c, k) => {
            const d = rec.decisions[k]!;
            const clock = c.now !== c.at ? ` (its clock says ${Number(c.now.toFixed(6))} s)` : '';
            return `t = ${c.at} s, server ${c.server}${clock} → ${d.allowed ? 'admitted' : 'refused'}`;
          });
          return { trace, requests: input.requests.map((x) => ({ ...x })) };
        }
      },
    },
  ];
}

/** A stretch in which server A's own clock reads `by` seconds behind. */
function withBackStep(requests: GenRequest[], lastUs: number) {
  return (
    fc
      .record({
        a: fc.integer({ min: 0, max: Math.max(1, lastUs) }),
        len: fc.integer({ min: 1, max: Math.max(2, lastUs) }),
        // Whole 1/64 s, like the traffic: the script's float arithmetic stays exact.
        by: fc.integer({ min: 1, max: 1280 }).map((n) => n * 15625),
      })
      // The step is over by the last request, so A reads true again for the burst that follows.
      .map(({ a, len, by }) => ({
        requests,
        back: { from: a, to: Math.min(a + len, lastUs), by: by / 1e6 },
      }))
  );
}

export const fixClockBackwards = scriptGrader({
  id: 'fix-clock-backwards',
  reference: { algorithm: 'token-bucket', params: TB },
  referenceName: 'the built-in token bucket (capacity 5, 1 per second)',
  spec: { keys: ['rl:tb:{key}'], args: ['5', '1', '{cost}', '{now}', '{server}'] },
  clock: 'app',
  maxCost: 5,
  examples: [
    ex('server A only: 5 at once (N)', times(5, 1.1)),
    ex('server A only: 6 at once (N+1)', times(6, 1.1)),
    ex('server A only: weighted costs, one above the capacity', [
      { at: 1.1, cost: 3 },
      { at: 1.1, cost: 3 },
      { at: 1.35, cost: 6 },
      { at: 1.6, cost: 2 },
      { at: 4.2, cost: 5 },
    ]),
    ex('server A only: idle time refills to the capacity, no further', [
      ...times(5, 1.1),
      ...times(6, 9.9),
      ...times(2, 11.001),
    ]),
  ],
  traffic: {
    spans: [1, 5],
    ...DYADIC,
    maxGap: 2,
    keys: ['client', 'other'],
    costs: [1, 1, 2, 3],
    bigCost: 6,
    exactCost: 5,
    maxRequests: 24,
  },
  extra: skewCases,
  passSummary:
    'The bucket matches the built-in on one clock, and mints nothing when clocks disagree while still admitting what it has tokens for.',
});
