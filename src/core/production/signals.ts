// Signals: the metrics a rate limiter in production exports, computed from a run (never
// measured in the engine's loop). Labels are the policy, the route class and the outcome
// only, never the key or tenant: a key label makes one time series per client (unbounded
// cardinality, a metrics bill that grows with abuse) and puts identifiers into a system
// many people read. Per-key questions ("who is over?") belong to logs or the shadow top-K.
import { FLAG, OUTCOME, VIA } from '../lab/columns';
import type { EngineRun } from '../lab/run';

export const REQUEST_OUTCOMES = [
  'allowed',
  'denied',
  /** Admitted, but a policy in shadow mode would have denied it. */
  'would_deny',
  /** The limiter failed (store down, timeout, script error) and the request went through. */
  'fail_open',
  /** The limiter failed and the request got a 503. */
  'fail_closed',
  /** The limiter failed and the server's local fallback limiter decided. */
  'fallback_allowed',
  'fallback_denied',
] as const;
export type RequestOutcome = (typeof REQUEST_OUTCOMES)[number];
export type Verdict = 'allowed' | 'denied' | 'would_deny';
export type ErrorKind = 'timeout' | 'unreachable' | 'limiter_error';

export interface Signals {
  /** ratelimit_requests_total{route, outcome} */
  requests: { route: string; outcome: RequestOutcome; count: number }[];
  /** ratelimit_policy_decisions_total{policy, route, verdict}: each policy's own verdict. */
  policyDecisions: { policy: string; route: string; verdict: Verdict; count: number }[];
  /** ratelimit_decision_errors_total{route, kind}: failures of the limiter, not denials. */
  errors: { route: string; kind: ErrorKind; count: number }[];
  /** http_responses_total{route, status} */
  http: { route: string; status: 200 | 429 | 503; count: number }[];
  /** ratelimit_decision_latency_seconds{route, outcome}: the scenario's latency model. */
  latency: { route: string; outcome: RequestOutcome; count: number; p50: number; p99: number }[];
  /** Over every decision. */
  overall: {
    requests: number;
    p50: number;
    p99: number;
    rate429: number;
    rate503: number;
    failOpen: number;
    fallback: number;
    errors: number;
  };
  /** 429 and 503 answers per time bucket (by decision time). */
  series: { bucketSeconds: number; requests: Int32Array; s429: Int32Array; s503: Int32Array };
}

/** The route class of request i: its own `route`, its generator's, or "default". */
export function routeOf(run: EngineRun, i: number): string {
  const g = run.requests.source[i]!;
  const r = g >= 0 ? run.scenario.traffic[g]?.route : run.scenario.requests[i]?.route;
  return r ?? 'default';
}

/** The request-level outcome label of request i. */
export function outcomeOf(run: EngineRun, i: number): RequestOutcome {
  const ev = run.events;
  const o = ev.outcome[i]!;
  const via = ev.via[i]!;
  if (o === OUTCOME.unavailable) return 'fail_closed';
  if (o === OUTCOME.bypass) return 'fail_open';
  if (via === VIA.fallback) return o === OUTCOME.allowed ? 'fallback_allowed' : 'fallback_denied';
  if (o === OUTCOME.denied) return 'denied';
  return run.production.wouldDeny?.[i] ? 'would_deny' : 'allowed';
}

/** How long the server waited for its limiter's answer (0 for a decision in the process). */
export function limiterLatency(run: EngineRun, i: number): number {
  const ev = run.events;
  const reply = ev.storeReply[i]!;
  const known = Number.isNaN(reply) ? ev.decidedAt[i]! : Math.max(reply, ev.decidedAt[i]!);
  return Math.max(0, known - run.requests.at[i]!);
}

/** The q-quantile (nearest rank) of sorted values. */
export function quantile(sorted: Float64Array, q: number): number {
  if (sorted.length === 0) return NaN;
  const k = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[k]!;
}

function niceBucket(x: number): number {
  for (const s of [0.1, 0.2, 0.5, 1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 1800, 3600])
    if (s >= x) return s;
  return 3600 * Math.ceil(x / 3600);
}

/** The signals of the decisions made by `upTo` (the lab's clock; Infinity: the whole run). */
export function signals(run: EngineRun, bucketSeconds?: number, upTo = Infinity): Signals {
  const ev = run.events;
  const pols = run.policies;
  const mask = run.production.denyMask;
  const req = new Map<string, number>();
  const pol = new Map<string, number>();
  const err = new Map<string, number>();
  const http = new Map<string, number>();
  const lat = new Map<string, number[]>();
  const all: number[] = [];
  const bump = (m: Map<string, number>, k: string): void => {
    m.set(k, (m.get(k) ?? 0) + 1);
  };
  const end = Math.max(run.endTime, 1e-9);
  const size = bucketSeconds && bucketSeconds > 0 ? bucketSeconds : niceBucket(end / 100);
  const nb = Math.max(1, Math.ceil(end / size) + 1);
  const series = {
    bucketSeconds: size,
    requests: new Int32Array(nb),
    s429: new Int32Array(nb),
    s503: new Int32Array(nb),
  };
  let n429 = 0;
  let n503 = 0;
  let failOpen = 0;
  let fallback = 0;
  let errors = 0;
  let total = 0;
  for (const i of run.decisionOrder) {
    // As of the clock: what was decided by `upTo`, the rule of countsAt (decision order is
    // time order).
    if (!(ev.decidedAt[i]! <= upTo)) break;
    total++;
    const route = routeOf(run, i);
    const outcome = outcomeOf(run, i);
    bump(req, `${route}\u0000${outcome}`);
    const o = ev.outcome[i]!;
    const status = o === OUTCOME.denied ? 429 : o === OUTCOME.unavailable ? 503 : 200;
    bump(http, `${route}\u0000${status}`);
    const b = Math.min(nb - 1, Math.floor(ev.decidedAt[i]! / size));
    series.requests[b]!++;
    if (status === 429) {
      n429++;
      series.s429[b]!++;
    } else if (status === 503) {
      n503++;
      series.s503[b]!++;
    }
    if (outcome === 'fail_open') failOpen++;
    if (outcome === 'fallback_allowed' || outcome === 'fallback_denied') fallback++;
    const f = ev.flags[i]!;
    const kind: ErrorKind | null =
      f & FLAG.limiterError
        ? 'limiter_error'
        : f & FLAG.timedOut
          ? 'timeout'
          : f & FLAG.unreachable
            ? 'unreachable'
            : null;
    if (kind) {
      errors++;
      bump(err, `${route}\u0000${kind}`);
    }
    // Each policy's own verdict, for the requests a limiter (not a failure) decided.
    if (!kind && (o === OUTCOME.allowed || o === OUTCOME.denied) && ev.via[i] !== VIA.fallback) {
      const m = mask ? mask[i]! : o === OUTCOME.denied || outcome === 'would_deny' ? 1 : 0;
      pols.forEach((p, k) => {
        const denied = (m >> k) & 1;
        const verdict: Verdict = !denied
          ? 'allowed'
          : p.enforce === false
            ? 'would_deny'
            : 'denied';
        bump(pol, `${p.id}\u0000${route}\u0000${verdict}`);
      });
    }
    const l = limiterLatency(run, i);
    all.push(l);
    const key = `${route}\u0000${outcome}`;
    let xs = lat.get(key);
    if (!xs) lat.set(key, (xs = []));
    xs.push(l);
  }
  const split = (k: string): string[] => k.split('\u0000');
  const sortedOf = (xs: number[]): Float64Array => Float64Array.from(xs).sort();
  const allSorted = sortedOf(all);
  return {
    requests: [...req].map(([k, count]) => {
      const [route, outcome] = split(k);
      return { route: route!, outcome: outcome as RequestOutcome, count };
    }),
    policyDecisions: [...pol].map(([k, count]) => {
      const [policy, route, verdict] = split(k);
      return { policy: policy!, route: route!, verdict: verdict as Verdict, count };
    }),
    errors: [...err].map(([k, count]) => {
      const [route, kind] = split(k);
      return { route: route!, kind: kind as ErrorKind, count };
    }),
    http: [...http].map(([k, count]) => {
      const [route, status] = split(k);
      return { route: route!, status: Number(status) as 200 | 429 | 503, count };
    }),
    latency: [...lat].map(([k, xs]) => {
      const [route, outcome] = split(k);
      const s = sortedOf(xs);
      return {
        route: route!,
        outcome: outcome as RequestOutcome,
        count: xs.length,
        p50: quantile(s, 0.5),
        p99: quantile(s, 0.99),
      };
    }),
    overall: {
      requests: total,
      p50: quantile(allSorted, 0.5),
      p99: quantile(allSorted, 0.99),
      rate429: total ? n429 / total : 0,
      rate503: total ? n503 / total : 0,
      failOpen,
      fallback,
      errors,
    },
    series,
  };
}

const esc = (v: string): string => v.replace(/\\/g, '\\\\').replace(/"/g, '\\"');
const labels = (o: Record<string, string | number>): string =>
  `{${Object.entries(o)
    .map(([k, v]) => `${k}="${esc(String(v))}"`)
    .join(',')}}`;

/** The signals in the Prometheus text format, as a /metrics endpoint would serve them. */
export function toPrometheusText(s: Signals): string {
  const out: string[] = [];
  const block = (name: string, help: string, type: string, rows: string[]): void => {
    out.push(`# HELP ${name} ${help}`, `# TYPE ${name} ${type}`, ...rows);
  };
  block(
    'ratelimit_requests_total',
    'Requests by route class and outcome.',
    'counter',
    s.requests.map(
      (r) => `ratelimit_requests_total${labels({ route: r.route, outcome: r.outcome })} ${r.count}`,
    ),
  );
  block(
    'ratelimit_policy_decisions_total',
    "Each policy's own verdict on the requests its limiter decided.",
    'counter',
    s.policyDecisions.map(
      (r) =>
        `ratelimit_policy_decisions_total${labels({ policy: r.policy, route: r.route, verdict: r.verdict })} ${r.count}`,
    ),
  );
  block(
    'ratelimit_decision_errors_total',
    'Limiter failures (not denials) by route class and kind.',
    'counter',
    s.errors.map(
      (r) =>
        `ratelimit_decision_errors_total${labels({ route: r.route, kind: r.kind })} ${r.count}`,
    ),
  );
  block(
    'http_responses_total',
    'Answers to clients by route class and status.',
    'counter',
    s.http.map(
      (r) => `http_responses_total${labels({ route: r.route, status: r.status })} ${r.count}`,
    ),
  );
  block(
    'ratelimit_decision_latency_seconds',
    'Time the server waited for its limiter, by route class and outcome.',
    'summary',
    s.latency.flatMap((r) => [
      `ratelimit_decision_latency_seconds${labels({ route: r.route, outcome: r.outcome, quantile: '0.5' })} ${r.p50}`,
      `ratelimit_decision_latency_seconds${labels({ route: r.route, outcome: r.outcome, quantile: '0.99' })} ${r.p99}`,
      `ratelimit_decision_latency_seconds_count${labels({ route: r.route, outcome: r.outcome })} ${r.count}`,
    ]),
  );
  return out.join('\n') + '\n';
}
