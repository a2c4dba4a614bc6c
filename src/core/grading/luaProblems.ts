// The fix/write problems' graders: each names the built-in its script must agree with, the
// calling convention of its starter, and hidden cases written for the skill it teaches (N and
// N+1, exact window boundaries, costs above the limit, generated traffic, crashes, clocks that
// go backwards, cluster slots). Every time is on the 0.25 s grid: the worked solutions count in
// whole microseconds, the built-ins in floats, and both are exact there.
import { burst, byTime, gridPoisson, type HiddenCase, type Req } from './harness';
import { luaGrader, runScriptCalls, type LuaCase, type ScriptCall, type ScriptSpec } from './lua';
import type { FailingCase, Grader } from './types';

const reqs = (rs: Req[]): { requests: Req[] } => ({ requests: byTime(rs) });
const c = (name: string, rs: Req[], extra: Partial<LuaCase> = {}): LuaCase => ({
  name,
  body: reqs(rs),
  ...extra,
});
const at = (...times: number[]): Req[] => times.map((t) => ({ at: t }));

// ---- write-gcra ------------------------------------------------------------------------

export const writeGcra = luaGrader({
  id: 'write-gcra',
  reference: { algorithm: 'gcra', params: { ratePerSecond: 2, burst: 4 } },
  referenceName: 'the built-in GCRA (2 per second, burst 4)',
  spec: { keys: ['rl:gcra:{key}'], args: ['2', '4', '{cost}'] },
  cases: [
    c('4 requests at once (N)', burst(1, 4)),
    c('5 requests at once (N+1)', burst(1, 5)),
    c('a burst, then exactly one request per emission interval', [
      ...burst(1, 4),
      ...at(1.5, 2, 2.5, 3, 3.5, 4),
    ]),
    c(
      'one request every 0.25 s (twice the rate)',
      Array.from({ length: 24 }, (_, i) => ({ at: 1 + i * 0.25 })),
    ),
    c('weighted costs, one above the burst', [
      { at: 1, cost: 2 },
      { at: 1, cost: 3 },
      { at: 1.25, cost: 5 },
      { at: 1.5, cost: 2 },
      { at: 3, cost: 4 },
      { at: 5.5, cost: 4 },
    ]),
    c('idle time refills the burst, and no more', [
      ...burst(1, 4),
      ...burst(4, 4),
      ...burst(4, 1),
      ...burst(20, 5),
    ]),
    c('two clients do not share a budget', [
      ...burst(1, 4, { key: 'alice' }),
      ...burst(1.25, 5, { key: 'bob' }),
      { at: 1.5, key: 'alice' },
    ]),
    c(
      'generated traffic: Poisson, mixed costs',
      gridPoisson(11, 3, 0, 30, { costs: [1, 1, 1, 2, 3], keys: ['alice', 'bob'] }),
    ),
  ],
  passSummary: 'Your GCRA agrees with the built-in on every hidden case, Retry-After included.',
});

// ---- write-sliding-log-weighted -------------------------------------------------------

export const writeSlidingLogWeighted = luaGrader({
  id: 'write-sliding-log-weighted',
  reference: { algorithm: 'sliding-log', params: { limit: 10, windowSeconds: 60 } },
  referenceName: 'the built-in sliding log (10 units per 60 s)',
  spec: { keys: ['rl:log:{key}'], args: ['10', '60', '{cost}'] },
  cases: [
    c('10 requests at once (N)', burst(1, 10)),
    c('11 requests at once (N+1)', burst(1, 11)),
    c('a request exactly one window after a full log', [...burst(1, 10), ...at(60.75, 61, 61)]),
    c('costs 4, 4, 4, then 4 exactly when the first leaves', [
      { at: 0, cost: 4 },
      { at: 5, cost: 4 },
      { at: 10, cost: 4 },
      { at: 60, cost: 4 },
      { at: 60, cost: 4 },
    ]),
    c('the retry needs several entries to leave', [
      { at: 0, cost: 3 },
      { at: 10, cost: 3 },
      { at: 20, cost: 3 },
      { at: 30, cost: 5 },
      { at: 30, cost: 1 },
      { at: 70, cost: 5 },
    ]),
    c('fractional costs and a cost above the limit', [
      { at: 1, cost: 0.5 },
      { at: 1, cost: 2.5 },
      { at: 2, cost: 11 },
      { at: 2, cost: 7 },
      { at: 2.25, cost: 0.5 },
      { at: 2.5, cost: 0.5 },
      { at: 61, cost: 10 },
    ]),
    c('two clients do not share a budget', [
      ...burst(1, 10, { key: 'alice' }),
      ...burst(2, 10, { key: 'bob' }),
      { at: 3, key: 'alice' },
    ]),
    c(
      'generated traffic: Poisson, mixed costs, five minutes',
      gridPoisson(12, 0.4, 0, 300, { costs: [1, 1, 2, 4, 0.5] }),
    ),
  ],
  passSummary:
    'Your sliding log agrees with the built-in on every hidden case, Retry-After included.',
});

// ---- write-concurrency-lease ----------------------------------------------------------

const lease = (rs: Req[]): Req[] => rs.map((r) => ({ ...r, duration: 2 }));

export const writeConcurrencyLease = luaGrader({
  id: 'write-concurrency-lease',
  reference: { algorithm: 'concurrency', params: { maxInFlight: 3 } },
  referenceName: 'the built-in concurrency limiter (3 in flight, 2-second leases)',
  spec: { keys: ['rl:inflight:{key}'], args: ['3', '2', '{cost}'] },
  cases: [
    c('3 jobs at once (N)', lease(burst(1, 3))),
    c('4 jobs at once (N+1)', lease(burst(1, 4))),
    c('a slot is free exactly at its deadline', lease([...burst(1, 3), ...at(2.75, 3, 3)])),
    c(
      'weighted jobs, one above the cap',
      lease([
        { at: 1, cost: 2 },
        { at: 1.5, cost: 2 },
        { at: 1.5, cost: 1 },
        { at: 2, cost: 3 },
        { at: 2, cost: 4 },
        { at: 3.5, cost: 3 },
      ]),
    ),
    c(
      'a job every 0.5 s (one more than fits)',
      lease(Array.from({ length: 16 }, (_, i) => ({ at: 1 + i * 0.5 }))),
    ),
    c(
      'two tenants do not share slots',
      lease([...burst(1, 3, { key: 'acme' }), ...burst(1, 4, { key: 'globex' })]),
    ),
    c(
      'generated traffic: Poisson, mixed costs',
      lease(gridPoisson(13, 2, 0, 30, { costs: [1, 1, 2] })),
    ),
  ],
  passSummary: 'Your limiter agrees with the built-in on every hidden case, Retry-After included.',
});

// ---- write-all-or-nothing and fix-crossslot --------------------------------------------

const TWO_BUCKETS = {
  policies: [
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
  ],
  multiPolicy: 'all-or-nothing',
};
const acme = (rs: Req[]): Req[] => rs.map((r) => ({ key: 'k1', ...r, tenant: 'acme' }));

const twoBucketCases: LuaCase[] = [
  c('one credential: 4 at once (N)', acme(burst(1, 4))),
  c('one credential: 5 at once (N+1)', acme(burst(1, 5))),
  c(
    'the tenant runs out while a credential still has tokens',
    acme([
      ...burst(1, 4, { key: 'k1' }),
      ...burst(1, 2, { key: 'k2' }),
      ...burst(1.25, 3, { key: 'k2' }),
      ...burst(2.25, 3, { key: 'k2' }),
      ...burst(4, 3, { key: 'k2' }),
    ]),
  ),
  c(
    'both buckets short: the longer wait wins',
    acme([
      ...burst(1, 4, { key: 'k1' }),
      ...burst(1, 2, { key: 'k2' }),
      { at: 1, key: 'k2', cost: 3 },
      { at: 1, key: 'k1', cost: 3 },
      { at: 1, key: 'k3', cost: 2 },
    ]),
  ),
  c(
    'a cost above a capacity',
    acme([
      { at: 1, cost: 5 },
      { at: 1, cost: 7 },
      { at: 1, cost: 4 },
      { at: 1, key: 'k2', cost: 4 },
    ]),
  ),
  c(
    'generated traffic: three credentials, mixed costs',
    acme(gridPoisson(14, 3, 0, 20, { costs: [1, 1, 2], keys: ['k1', 'k2', 'k3'] })),
  ),
];

const TWO_BUCKET_ARGS = ['4', '1', '6', '2', '{cost}'];

export const writeAllOrNothing = luaGrader({
  id: 'write-all-or-nothing',
  reference: TWO_BUCKETS,
  referenceName: 'the built-in credential and tenant buckets (all-or-nothing)',
  spec: { keys: ['rl:cred:{key}', 'rl:tenant:acme'], args: TWO_BUCKET_ARGS },
  cases: twoBucketCases,
  passSummary: 'Both buckets are charged together or not at all, on every hidden case.',
});

export const fixCrossslot = luaGrader({
  id: 'fix-crossslot',
  reference: TWO_BUCKETS,
  referenceName: 'the built-in credential and tenant buckets (all-or-nothing)',
  spec: { keys: ['rl:cred:{key}', 'rl:tenant:acme'], args: TWO_BUCKET_ARGS },
  clusterMode: true,
  cases: twoBucketCases,
  passSummary:
    'Every credential key shares its tenant’s slot, and the decisions still match on a cluster.',
});

// ---- fix-sliding-log-bound -------------------------------------------------------------

export const fixSlidingLogBound = luaGrader({
  id: 'fix-sliding-log-bound',
  reference: { algorithm: 'sliding-log', params: { limit: 4, windowSeconds: 10 } },
  referenceName: 'the built-in sliding log (4 per 10 s)',
  spec: { keys: ['rl:log:{key}'], args: ['4', '10'] },
  cases: [
    c('4 requests at once (N)', burst(1, 4)),
    c('5 requests at once (N+1)', burst(1, 5)),
    c('requests exactly one window after the first four', [
      ...at(1, 1.25, 1.5, 1.75),
      ...at(10.75, 11, 11.25, 11.5, 11.75, 12),
    ]),
    c(
      'one request every 2.5 s: always exactly at the limit',
      Array.from({ length: 24 }, (_, i) => ({ at: 1 + i * 2.5 })),
    ),
    c(
      'one request every 0.25 s',
      Array.from({ length: 60 }, (_, i) => ({ at: 1 + i * 0.25 })),
    ),
    c('two clients do not share a log', [
      ...burst(1, 4, { key: 'alice' }),
      ...burst(1, 5, { key: 'bob' }),
      { at: 11, key: 'alice' },
    ]),
    c('generated traffic: Poisson for a minute', gridPoisson(15, 0.8, 0, 60)),
  ],
  passSummary:
    'An entry exactly one window old is gone, as the contract says, on every hidden case.',
});

// fix-get-then-set and fix-incr-then-expire are graded as app-server code under every
// interleaving: src/core/grading/raceProblems.ts.

// ---- fix-clock-backwards ----------------------------------------------------------------

const TB_CAPACITY = 5;
const TB_RATE = 1;

/** A call whose clocks may lie: `now` is what the app server sends, `redis` the store's clock. */
interface SkewedCall {
  at: number;
  server: string;
  now?: number;
  redis?: number;
}

/**
 * Runs skewed calls and checks the token bucket's promise in true time: over any stretch from
 * t1 to t2, at most capacity + rate x (t2 - t1) admitted.
 */
async function boundedInTrueTime(
  name: string,
  code: string,
  spec: ScriptSpec,
  skewed: SkewedCall[],
  why: string,
): Promise<FailingCase | null> {
  const calls: ScriptCall[] = skewed.map((s) => ({
    at: s.at,
    key: 'client',
    server: s.server,
    cost: 1,
    now: s.now ?? s.at,
    redisAt: s.redis ?? s.at,
  }));
  const run = await runScriptCalls(code, spec, calls);
  const line = (k: number) => {
    const s = calls[k]!;
    const d = run.decisions[k]!;
    const clock = s.now !== s.at ? ` (its clock says ${s.now} s)` : '';
    return `t = ${s.at} s, server ${s.server}${clock} → ${d.error ? `error: ${d.error}` : d.outcome === 'allowed' ? 'admitted' : 'refused'}`;
  };
  const bad = run.decisions.findIndex((d) => d.error);
  if (bad >= 0)
    return {
      name,
      message: `The script failed: ${run.decisions[bad]!.error}`,
      trace: calls.slice(0, bad + 1).map((_, k) => line(k)),
    };
  for (let i = 0; i < calls.length; i++) {
    let n = 0;
    for (let j = i; j < calls.length; j++) {
      if (run.decisions[j]!.outcome === 'allowed') n++;
      const span = calls[j]!.at - calls[i]!.at;
      const most = TB_CAPACITY + TB_RATE * span;
      if (n > most + 1e-9)
        return {
          name,
          message: `${why} Between t = ${calls[i]!.at} s and t = ${calls[j]!.at} s your script admitted ${n} requests; a bucket of ${TB_CAPACITY} refilling ${TB_RATE} per second can admit at most ${TB_CAPACITY} + ${TB_RATE} × ${span} = ${most} in that time.`,
          trace: calls.slice(i, j + 1).map((_, k) => line(i + k)),
        };
    }
  }
  return null;
}

const onA = (rs: Req[]): Req[] => rs.map((r) => ({ ...r, server: 'A' }));

export const fixClockBackwards: Grader = (() => {
  const spec: ScriptSpec = {
    keys: ['rl:tb:{key}'],
    args: [String(TB_CAPACITY), String(TB_RATE), '{cost}', '{now}', '{server}'],
  };
  const skewCases = (code: string, sp: ScriptSpec): HiddenCase[] => {
    const prop = (name: string, calls: SkewedCall[], why: string): HiddenCase => ({
      name,
      check: () => boundedInTrueTime(name, code, sp, calls, why),
    });
    const alternate = (n: number, step: number, other: string, skew: number): SkewedCall[] =>
      Array.from({ length: n }, (_, i) => {
        const t = i * step;
        const server = i % 2 ? other : 'A';
        return server === 'A' ? { at: t, server } : { at: t, server, now: t - skew };
      });
    return [
      prop(
        '20 requests at t = 0, alternating A and B',
        alternate(20, 0, 'B', 0),
        'Server B’s clock runs 30 s slow.',
      ),
      prop(
        'alternating A and B, one request every 0.25 s',
        alternate(80, 0.25, 'B', 0),
        'Server B’s clock runs 30 s slow.',
      ),
      prop(
        'a server C whose clock is 12 s slow, alternating with A',
        alternate(30, 0.25, 'C', 12),
        'This time the grader itself sends server C’s clock, 12 s slow, as {now}.',
      ),
      prop(
        'the app server’s clock steps back 20 s and is corrected, three times',
        Array.from({ length: 60 }, (_, i) => {
          const t = i * 0.25;
          const back = Math.floor(t / 2.5) % 2 === 1;
          const clock = back ? t - 20 : t;
          return { at: t, server: 'A', now: clock };
        }),
        'Here server A’s own clock steps back 20 s, then is corrected forward.',
      ),
    ];
  };
  return luaGrader({
    id: 'fix-clock-backwards',
    reference: {
      algorithm: 'token-bucket',
      params: { capacity: TB_CAPACITY, refillPerSecond: TB_RATE },
    },
    referenceName: 'the built-in token bucket (capacity 5, 1 per second)',
    spec,
    cases: [
      c('server A only: 5 requests at once (N)', onA(burst(1, 5))),
      c('server A only: 6 requests at once (N+1)', onA(burst(1, 6))),
      c(
        'server A only: weighted costs, one above the capacity',
        onA([
          { at: 1, cost: 3 },
          { at: 1, cost: 3 },
          { at: 1.25, cost: 6 },
          { at: 1.5, cost: 2 },
          { at: 4, cost: 5 },
        ]),
      ),
      c(
        'server A only: idle time refills to the capacity, no further',
        onA([...burst(1, 5), ...burst(6, 5), ...burst(6, 1), ...burst(30, 6)]),
      ),
      c(
        'server A only: one request every 0.75 s',
        onA(Array.from({ length: 30 }, (_, i) => ({ at: i * 0.75 }))),
      ),
      c('server A only: generated traffic', onA(gridPoisson(18, 1.5, 0, 30, { costs: [1, 1, 2] }))),
    ],
    extra: skewCases,
    passSummary:
      'The bucket matches the built-in on one clock and mints nothing when clocks disagree.',
  });
})();
