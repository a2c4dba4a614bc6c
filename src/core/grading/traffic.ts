// Generated traffic for hidden cases (fast-check arbitraries). Times are whole microseconds,
// the finest a Redis TIME reply gives, drawn anywhere (never on a grid), plus requests placed
// exactly at an earlier request's time + a span of the policy (a window, a lease, the time a
// refill takes) and 1 us or 1 ms either side of it: the boundary straddles where an off-by-one
// or a window a little short shows. Several keys, weighted costs, costs above the limit.
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
  kind: 'gap' | 'burst' | 'straddle';
  gapUs: number;
  back: number;
  span: number;
  off: number;
  key: number;
  cost: number;
  big: boolean;
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
  const times: number[] = [];
  let prev = startUs;
  for (let i = 0; i < ops.length; i++) {
    const o = ops[i]!;
    let t: number;
    if (o.kind === 'gap' || i === 0) t = prev + (i === 0 ? 0 : o.gapUs);
    else if (o.kind === 'burst') t = prev;
    else {
      const base = times[Math.max(0, i - 1 - o.back)]!;
      t = Math.max(0, base + us(shape.spans[o.span]!) + o.off);
    }
    times.push(t);
    prev = Math.max(prev, t);
  }
  const servers = shape.servers ?? ['A'];
  const reqs = ops.map((o, i): GenRequest => {
    const key = shape.keys[o.key]!;
    const r: GenRequest = {
      at: sec(times[i]!),
      key,
      server: servers[o.server] ?? 'A',
      cost: o.big && shape.bigCost !== undefined ? shape.bigCost : shape.costs[o.cost]!,
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
