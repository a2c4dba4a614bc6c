// Generated traffic for hidden cases (fast-check arbitraries). Times are whole microseconds,
// the finest a Redis TIME reply gives, drawn anywhere (never on a grid), plus requests placed
// exactly at an earlier request's time + a span of the policy (a window, a lease, the time a
// refill takes) and 1 us or 1 ms either side of it: the boundary straddles where an off-by-one
// or a window a little short shows. Several keys, weighted costs, costs above the limit.
// Beside the random operations, adversarial ones (shrinkable like the rest): a cost exactly equal
// to the limit, a cost above the limit followed at once by a small one (a refusal that is
// wrongly charged, or wrongly not counted, shows on the next request), and tight runs that fill
// a window so a refusal has to say which entry frees enough.
import fc from 'fast-check';

/** One generated request (times in lab seconds, exact whole microseconds). */
export interface GenRequest {
  at: number;
  key: string;
  tenant?: string;
  server: string;
  cost: number;
  /** Lease problems: how long the job really runs (it may finish before its lease ends). */
  duration?: number;
}

export interface TrafficShape {
  /** Spans of the policy, seconds: a straddle lands at an earlier request + one of them. */
  spans: number[];
  /** Offsets around a straddle, microseconds (default -1000, -1, 0, 1, 1000). */
  straddle?: number[];
  /** The longest gap between two requests, seconds. */
  maxGap: number;
  keys: string[];
  /** The tenant of each key (default: none). */
  tenantOf?: (key: string) => string;
  /** Costs to draw from; the first is the most common. */
  costs: number[];
  /** A cost above the limit, drawn now and then. */
  bigCost?: number;
  /** A cost exactly equal to the limit (the largest that can ever fit), drawn now and then. */
  exactCost?: number;
  servers?: string[];
  /** Most requests in one case. */
  maxRequests: number;
  /** Lease problems: the lease, seconds; jobs run for part of it, all of it, or longer. */
  lease?: number;
  /**
   * Every time a multiple of this many microseconds (default 1: any microsecond). Scripts that
   * count in floating-point seconds are only exact on binary fractions of a second: 15625 us
   * (1/64 s) is the finest that is also a whole number of microseconds.
   */
  quantumUs?: number;
}

interface Op {
  /** pair: a large cost (exact or above the limit), then a small one right after it. */
  kind: 'gap' | 'burst' | 'straddle' | 'tight' | 'pair';
  gapUs: number;
  back: number;
  span: number;
  off: number;
  key: number;
  cost: number;
  big: boolean;
  exact: boolean;
  /** A pair's second request: this many microseconds after the first (0, 1 or 1000). */
  chase: number;
  server: number;
  runUs: number;
}

const US = 1e6;
export const us = (seconds: number): number => Math.round(seconds * US);
export const sec = (micros: number): number => micros / US;

function opArb(shape: TrafficShape): fc.Arbitrary<Op> {
  const offsets = shape.straddle ?? [-1000, -1, 0, 1, 1000];
  const leaseUs = shape.lease ? us(shape.lease) : 0;
  return fc.record({
    kind: fc.oneof(
      { weight: 3, arbitrary: fc.constant('gap' as const) },
      { weight: 3, arbitrary: fc.constant('burst' as const) },
      { weight: 3, arbitrary: fc.constant('straddle' as const) },
      { weight: 2, arbitrary: fc.constant('tight' as const) },
      {
        weight: shape.bigCost !== undefined || shape.exactCost !== undefined ? 1 : 0,
        arbitrary: fc.constant('pair' as const),
      },
    ),
    gapUs: fc
      .integer({ min: 1, max: Math.max(1, Math.floor(us(shape.maxGap) / (shape.quantumUs ?? 1))) })
      .map((n) => n * (shape.quantumUs ?? 1)),
    back: fc.nat({ max: 5 }),
    span: fc.nat({ max: shape.spans.length - 1 }),
    off: fc.constantFrom(...offsets),
    key: fc.nat({ max: shape.keys.length - 1 }),
    cost: fc.nat({ max: shape.costs.length - 1 }),
    big:
      shape.bigCost === undefined
        ? fc.constant(false)
        : fc.integer({ min: 0, max: 11 }).map((n) => n === 0),
    exact:
      shape.exactCost === undefined
        ? fc.constant(false)
        : fc.integer({ min: 0, max: 7 }).map((n) => n === 0),
    chase: fc.constantFrom(0, 1, 1000),
    server: fc.nat({ max: Math.max(0, (shape.servers?.length ?? 1) - 1) }),
    // A job's run: well inside its lease, a straddle of the lease's end, or past it.
    runUs: leaseUs
      ? fc.oneof(
          fc.integer({ min: 1000, max: leaseUs - 1000 }),
          fc.constantFrom(leaseUs - 1000, leaseUs - 1, leaseUs, leaseUs + 1, leaseUs + 1000),
          fc.integer({ min: leaseUs, max: 2 * leaseUs }),
        )
      : fc.constant(0),
  });
}

/** The requests a list of operations describes, in time order (equal times keep their order). */
export function buildRequests(shape: TrafficShape, startUs: number, ops: Op[]): GenRequest[] {
  const q = shape.quantumUs ?? 1;
  const maxGapUs = Math.max(1, Math.floor(us(shape.maxGap) / q)) * q;
  // Each entry: its time, its op, and whether it is a pair's small second request.
  const out: { t: number; o: Op; second: boolean }[] = [];
  let prev = startUs;
  for (let i = 0; i < ops.length; i++) {
    const o = ops[i]!;
    let t: number;
    if (o.kind === 'gap' || o.kind === 'pair' || i === 0) t = prev + (i === 0 ? 0 : o.gapUs);
    else if (o.kind === 'burst') t = prev;
    else if (o.kind === 'tight')
      // A short gap (a twentieth of the longest), on the quantum: runs that fill a window.
      t = prev + Math.max(q, Math.floor((o.gapUs % Math.max(q, maxGapUs / 20)) / q) * q);
    else {
      const base = out[Math.max(0, out.length - 1 - o.back)]!.t;
      t = Math.max(0, base + us(shape.spans[o.span]!) + o.off);
    }
    out.push({ t, o, second: false });
    prev = Math.max(prev, t);
    if (o.kind === 'pair') {
      const chase = q === 1 ? o.chase : o.chase === 0 ? 0 : q;
      out.push({ t: t + chase, o, second: true });
      prev = Math.max(prev, t + chase);
    }
  }
  const servers = shape.servers ?? ['A'];
  const costOf = (o: Op, second: boolean): number => {
    if (second) return shape.costs[0]!;
    if (o.kind === 'pair')
      return o.exact || shape.bigCost === undefined
        ? (shape.exactCost ?? shape.bigCost!)
        : shape.bigCost;
    if (o.big && shape.bigCost !== undefined) return shape.bigCost;
    if (o.exact && shape.exactCost !== undefined) return shape.exactCost;
    return shape.costs[o.cost]!;
  };
  const reqs = out.map(({ t, o, second }): GenRequest => {
    const key = shape.keys[o.key]!;
    const r: GenRequest = {
      at: sec(t),
      key,
      server: servers[o.server] ?? 'A',
      cost: costOf(o, second),
    };
    if (shape.tenantOf) r.tenant = shape.tenantOf(key);
    if (shape.lease) r.duration = sec(o.runUs);
    return r;
  });
  return reqs
    .map((r, i) => ({ r, i }))
    .sort((a, b) => a.r.at - b.r.at || a.i - b.i)
    .map((x) => x.r);
}

/** Generated traffic of one case: a start time, then up to `maxRequests` requests. */
export function trafficArb(shape: TrafficShape): fc.Arbitrary<GenRequest[]> {
  return fc
    .tuple(
      fc
        .integer({ min: 0, max: Math.floor(us(Math.max(...shape.spans)) / (shape.quantumUs ?? 1)) })
        .map((n) => n * (shape.quantumUs ?? 1)),
      fc.array(opArb(shape), { minLength: 1, maxLength: shape.maxRequests, size: 'medium' }),
    )
    .map(([start, ops]) => buildRequests(shape, start, ops));
}

/**
 * A clock that lies for a while: from `fromUs` to `toUs` of true time it reads `offsetUs` off
 * (negative: it stepped back, then jumps forward again; positive: it jumped ahead, then steps
 * back). Outside that stretch it reads true time.
 */
export interface ClockStep {
  fromUs: number;
  toUs: number;
  offsetUs: number;
}

export const readClock = (step: ClockStep | null, at: number): number => {
  if (!step) return at;
  const t = us(at);
  return t >= step.fromUs && t < step.toUs ? sec(Math.max(0, t + step.offsetUs)) : at;
};

/** Traffic with one clock step inside it (the step starts after the first request). */
export function steppedTrafficArb(
  shape: TrafficShape,
  maxOffset: number,
): fc.Arbitrary<{ requests: GenRequest[]; step: ClockStep }> {
  return fc
    .tuple(
      trafficArb(shape),
      fc.integer({ min: 1, max: us(maxOffset) }),
      fc.boolean(),
      fc.double({ min: 0, max: 1, noNaN: true }),
      fc.double({ min: 0, max: 1, noNaN: true }),
    )
    .map(([requests, size, back, a, b]) => {
      const first = us(requests[0]!.at);
      const last = us(requests[requests.length - 1]!.at) + 1;
      const from = first + 1 + Math.floor(Math.min(a, b) * (last - first));
      const to = from + Math.max(1, Math.floor(Math.abs(a - b) * (last - first + us(maxOffset))));
      return { requests, step: { fromUs: from, toUs: to, offsetUs: back ? -size : size } };
    });
}
