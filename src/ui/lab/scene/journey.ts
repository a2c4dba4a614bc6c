// The dot's journey: where request i's dot is at time `now`, as a pure function of the run,
// the request and the time (plus the layout it is drawn in). Its legs come from the run's
// event times: the display-only hops client -> balancer -> server end exactly at the
// engine's arrival time and start again at its response time (`hopOf`, docs/ui-notes.md);
// everything between (store round trips, the decision, a non-atomic write) sits at the
// engine's own times. No DOM: the canvas painter and the tests call the same code.
import { OUTCOME } from '../../../core/lab/columns';
import type { LabRun } from '../../../core/lab/labRun';
import type { Geometry, Pt } from './geometry';

export type Leg =
  /** Client to load balancer (first half of the display hop before `at`). */
  | 'to-balancer'
  /** Load balancer to the server, arriving at `at`. */
  | 'to-server'
  /** Server to store (the request or the non-atomic read). */
  | 'to-store'
  /** The store's reply travelling back to the server. */
  | 'from-store'
  /** Held at the server: deciding locally, waiting for a timeout, or the leaky bucket's delay. */
  | 'at-server'
  /** The response: server to load balancer, then load balancer to the client. */
  | 'to-balancer-back'
  | 'to-client';

/** Where a dot is and what it looks like. */
export interface DotPlace {
  x: number;
  y: number;
  leg: Leg;
  /** The outcome code (OUTCOME) the dot shows, or -1 while it is still an outbound request. */
  shows: number;
}

/** The run's per-request fields a journey reads (a LabRun has them all). */
export type JourneyRun = Pick<
  LabRun,
  | 'n'
  | 'at'
  | 'byArrival'
  | 'respondedAt'
  | 'serverIx'
  | 'keyIx'
  | 'outcome'
  | 'storeArrive'
  | 'storeReply'
  | 'decidedAt'
  | 'writeArrive'
  | 'scenario'
>;

function lerp(out: DotPlace, a: Pt, b: Pt, f: number): void {
  const k = f < 0 ? 0 : f > 1 ? 1 : f;
  out.x = a.x + (b.x - a.x) * k;
  out.y = a.y + (b.y - a.y) * k;
}

/**
 * Place request i's dot at `now` into `out` (no allocation, called per dot per frame).
 * Returns false when the dot is not on screen (not sent yet, home already, or its server is
 * not drawn). `hop` is the display-only travel time between client and server.
 */
export function placeDot(
  run: JourneyRun,
  geo: Geometry,
  i: number,
  now: number,
  hop: number,
  out: DotPlace,
): boolean {
  const at = run.at[i]!;
  if (now < at - hop) return false;
  const resp = run.respondedAt[i]!;
  if (now > resp + hop) return false;
  const si = run.serverIx[i]!;
  const srv = geo.servers[si];
  if (!srv) return false;
  const c = geo.clients[Math.min(run.keyIx[i]!, geo.clients.length - 1)]!;
  const S = srv.c;
  const St = geo.storeAt[si]!;
  const oc = run.outcome[i]!;
  const half = hop / 2;
  out.shows = -1;
  if (now < at - half) {
    out.leg = 'to-balancer';
    lerp(out, c, geo.lb, (now - (at - hop)) / half);
    return true;
  }
  if (now < at) {
    out.leg = 'to-server';
    lerp(out, geo.lb, S, (now - (at - half)) / half);
    return true;
  }
  const sa = run.storeArrive[i]!;
  const sr = run.storeReply[i]!;
  if (geo.store && now < sa) {
    out.leg = 'to-store';
    lerp(out, S, St, (now - at) / Math.max(1e-9, sa - at));
    return true;
  }
  if (geo.store && now < sr) {
    out.leg = 'from-store';
    lerp(out, St, S, (now - sa) / Math.max(1e-9, sr - sa));
    // An atomic store decided: its reply carries the outcome. A non-atomic read carries a count.
    if (run.scenario.placement !== 'shared-nonatomic') out.shows = oc;
    return true;
  }
  if (now < resp) {
    out.leg = 'at-server';
    out.x = S.x;
    out.y = S.y;
    if (now >= run.decidedAt[i]!) out.shows = oc;
    return true;
  }
  out.shows = oc;
  if (now < resp + half) {
    out.leg = 'to-balancer-back';
    lerp(out, S, geo.lb, (now - resp) / half);
  } else {
    out.leg = 'to-client';
    lerp(out, geo.lb, c, (now - resp - half) / half);
  }
  return true;
}

/**
 * Place a non-atomic write (shared-nonatomic: the server's write travelling to the store
 * after its decision) into `out`; false when request i has no write in flight at `now`.
 */
export function placeWrite(
  run: JourneyRun,
  geo: Geometry,
  i: number,
  now: number,
  out: DotPlace,
): boolean {
  const wa = run.writeArrive[i]!;
  const dec = run.decidedAt[i]!;
  if (!geo.store || !(now >= dec && now <= wa)) return false;
  const si = run.serverIx[i]!;
  const srv = geo.servers[si];
  if (!srv) return false;
  out.leg = 'to-store';
  out.shows = OUTCOME.allowed;
  lerp(out, srv.c, geo.storeAt[si]!, (now - dec) / Math.max(1e-9, wa - dec));
  return true;
}

/** The dot of request i at `now`, or null when it is not on screen (allocates: for tests). */
export function dotAt(
  run: JourneyRun,
  geo: Geometry,
  i: number,
  now: number,
  hop: number,
): DotPlace | null {
  const out: DotPlace = { x: 0, y: 0, leg: 'to-balancer', shows: -1 };
  return placeDot(run, geo, i, now, hop, out) ? out : null;
}

const spanCache = new WeakMap<object, number>();
/** The longest a request stays in the scene between being sent and its write or answer. */
export function maxSpan(run: JourneyRun): number {
  let m = spanCache.get(run);
  if (m === undefined) {
    m = 0;
    for (let i = 0; i < run.n; i++) {
      const e = Math.max(
        run.respondedAt[i]!,
        Number.isNaN(run.writeArrive[i]!) ? 0 : run.writeArrive[i]!,
      );
      if (e - run.at[i]! > m) m = e - run.at[i]!;
    }
    spanCache.set(run, m);
  }
  return m;
}

/**
 * The first position in arrival order whose dot can be on screen at `now`: requests sent
 * before now - maxSpan - hop are home. The painter walks on from here until `at - hop > now`.
 */
export function firstOnScreen(run: JourneyRun, now: number, hop: number): number {
  const t = now - maxSpan(run) - hop;
  let lo = 0;
  let hi = run.n;
  while (lo < hi) {
    const m = (lo + hi) >> 1;
    if (run.at[run.byArrival[m]!]! < t) lo = m + 1;
    else hi = m;
  }
  return lo;
}

/**
 * The request whose dot is nearest to (x, y) in the layout's coordinates at `now`, within
 * `radius`; null when no dot is that close (a click on the scene picks a request by its dot).
 */
export function dotNear(
  run: JourneyRun,
  geo: Geometry,
  now: number,
  hop: number,
  x: number,
  y: number,
  radius = 14,
): number | null {
  const out: DotPlace = { x: 0, y: 0, leg: 'to-balancer', shows: -1 };
  let best: number | null = null;
  let bestD = radius * radius;
  for (let j = firstOnScreen(run, now, hop); j < run.n; j++) {
    const i = run.byArrival[j]!;
    if (run.at[i]! - hop > now) break;
    if (!placeDot(run, geo, i, now, hop, out)) continue;
    const d = (out.x - x) ** 2 + (out.y - y) ** 2;
    if (d <= bestD) {
      bestD = d;
      best = i;
    }
  }
  return best;
}
