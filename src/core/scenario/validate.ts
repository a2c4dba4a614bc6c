// Validates a scenario (headless fields + docs/scenario.md extensions) before anything runs.
// Every message names the field and the rule, e.g. `requests[3].cost must be a finite
// number > 0`. Numbers must be JSON numbers: "5" and true are refused.
import {
  algorithmOf,
  BUILTIN_ALGORITHMS,
  getLimiterFactory,
  registeredAlgorithms,
} from '../limiters/registry';
import type { Params } from '../limiters/types';
import { BOUNDS } from './bounds';
import { Ctx, fieldPath, isObj, list, type Obj } from './ctx';
import { crossCheck, leaseSpec, route, serverList, shardSpec, storeExtras } from './production';
import type {
  FailureMode,
  LimiterSpec,
  Placement,
  PolicySpec,
  RequestSpec,
  Routing,
  Scenario,
  Scope,
  ServerClock,
  StoreSpec,
  TimeSource,
  TrafficSpec,
  Window,
} from './types';

export type ValidationResult = { ok: true; scenario: Scenario } | { ok: false; errors: string[] };

export class ScenarioError extends Error {
  constructor(readonly errors: string[]) {
    super(errors.join('\n'));
    this.name = 'ScenarioError';
  }
}

/** Most generated requests one scenario may ask for (keeps a typo from eating memory). */
export const MAX_GENERATED = 5_000_000;

const PLACEMENTS: Placement[] = [
  'shared',
  'local',
  'shared-nonatomic',
  'shared-fallback',
  'sharded',
  'leased',
];
const ROUTINGS: Routing[] = ['round-robin', 'random', 'sticky'];
const FAILURE_MODES: FailureMode[] = ['fail-open', 'fail-closed', 'local-fallback'];
const SCOPES: Scope[] = ['key', 'tenant', 'global'];
const SERVER_NAMES = 'ABCDEFGH';

const TOP_FIELDS = [
  'algorithm',
  'params',
  'placement',
  'requests',
  'seed',
  'servers',
  'routing',
  'traffic',
  'store',
  'failureMode',
  'fallback',
  'policies',
  'multiPolicy',
  'timeSource',
  'shards',
  'shardBudget',
  'shardBy',
  'lease',
  'enforce',
];

function limiterSpec(c: Ctx, o: Obj, path: string): LimiterSpec | null {
  const algPath = fieldPath(path, 'algorithm');
  const paramsPath = fieldPath(path, 'params');
  const alg = o.algorithm;
  if (alg === undefined) {
    c.err(`${algPath} is required and must be one of ${list(registeredAlgorithms())}`);
    return null;
  }
  if (typeof alg !== 'string') {
    c.err(`${algPath} must be one of ${list(registeredAlgorithms())}`);
    return null;
  }
  const factory = getLimiterFactory(alg);
  if (!factory) {
    if (alg === 'lua') c.err(`${algPath} "lua" needs the Redis model, which is not available yet`);
    else c.err(`${algPath} must be one of ${list(registeredAlgorithms())}`);
    return null;
  }
  const params = o.params;
  if (!isObj(params)) {
    c.err(`${paramsPath} is required and must be an object`);
    return null;
  }
  const errs = factory.validateParams(params, paramsPath);
  errs.forEach((e) => c.err(e));
  return errs.length ? null : { algorithm: alg, params: params as Params };
}

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

function store(c: Ctx, v: unknown): StoreSpec {
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
  return s;
}

const GEN_COMMON = ['pattern', 'key', 'tenant', 'cost', 'duration', 'route'];
const GEN_FIELDS: Record<string, string[]> = {
  steady: ['ratePerSecond', 'from', 'to'],
  burst: ['at', 'count', 'spacingSeconds'],
  poisson: ['ratePerSecond', 'from', 'to'],
  'boundary-attack': ['windowSeconds', 'boundary', 'count', 'spreadSeconds'],
  'multi-tenant': ['tenants', 'ratePerSecond', 'noisyTenant', 'noisyFactor', 'from', 'to'],
  'retry-storm': ['clients', 'at', 'jitter', 'maxAttempts'],
};

function generator(c: Ctx, g: unknown, p: string): { spec: TrafficSpec; count: number } | null {
  if (!isObj(g)) {
    c.err(`${p} must be an object`);
    return null;
  }
  const pattern = g.pattern;
  if (typeof pattern !== 'string' || !(pattern in GEN_FIELDS)) {
    c.err(`${p}.pattern must be one of ${list(Object.keys(GEN_FIELDS))}`);
    return null;
  }
  const before = c.errors.length;
  c.unknown(g, p, [...GEN_COMMON, ...(GEN_FIELDS[pattern] ?? [])]);
  const T = BOUNDS.time;
  const base: {
    key: string;
    tenant: string | undefined;
    cost: number;
    duration: number | undefined;
    route?: string;
  } = {
    key: c.str(g, 'key', p, 'client'),
    tenant: g.tenant === undefined ? undefined : c.str(g, 'tenant', p, ''),
    cost: c.num(g, 'cost', p, 'gt0', 1) ?? 1,
    duration:
      g.duration === undefined
        ? undefined
        : c.num(g, 'duration', p, 'gt0', undefined, BOUNDS.durationSeconds),
  };
  const rt = route(c, g, p);
  if (rt !== undefined) base.route = rt;
  const span = (from: number | undefined, to: number | undefined): number => {
    if (from !== undefined && to !== undefined && to <= from)
      c.err(`${p}.to must be greater than ${p}.from`);
    return from !== undefined && to !== undefined ? Math.max(0, to - from) : 0;
  };
  let spec: TrafficSpec | null = null;
  let count = 0;
  switch (pattern) {
    case 'steady':
    case 'poisson': {
      const ratePerSecond = c.num(g, 'ratePerSecond', p, 'gt0', undefined, BOUNDS.ratePerSecond);
      const from = c.num(g, 'from', p, 'ge0', 0, T);
      const to = c.num(g, 'to', p, 'gt0', undefined, T);
      count = (ratePerSecond ?? 0) * span(from, to);
      if (ratePerSecond !== undefined && from !== undefined && to !== undefined)
        spec = { ...base, pattern, ratePerSecond, from, to };
      break;
    }
    case 'burst': {
      const at = c.num(g, 'at', p, 'ge0', 0, T);
      const n = c.int(g, 'count', p, 1, Infinity);
      const spacingSeconds = c.num(g, 'spacingSeconds', p, 'ge0', 0, BOUNDS.spacingSeconds);
      count = n ?? 0;
      if (at !== undefined && n !== undefined && spacingSeconds !== undefined)
        spec = { ...base, pattern, at, count: n, spacingSeconds };
      break;
    }
    case 'boundary-attack': {
      const windowSeconds = c.num(g, 'windowSeconds', p, 'gt0', undefined, T);
      const boundary = c.num(g, 'boundary', p, 'gt0', windowSeconds, T);
      const n = c.int(g, 'count', p, 1, Infinity);
      const spreadSeconds = c.num(g, 'spreadSeconds', p, 'gt0', 1, BOUNDS.spacingSeconds);
      count = 2 * (n ?? 0);
      if (boundary !== undefined && spreadSeconds !== undefined && spreadSeconds > boundary)
        c.err(
          `${p}.spreadSeconds must be <= ${p}.boundary (arrivals start at boundary - spreadSeconds)`,
        );
      if (
        windowSeconds !== undefined &&
        boundary !== undefined &&
        n !== undefined &&
        spreadSeconds !== undefined
      )
        spec = { ...base, pattern, windowSeconds, boundary, count: n, spreadSeconds };
      break;
    }
    case 'multi-tenant': {
      const tenants = c.int(g, 'tenants', p, 1, 10000);
      const ratePerSecond = c.num(g, 'ratePerSecond', p, 'gt0', undefined, BOUNDS.ratePerSecond);
      const noisyTenant = c.int(g, 'noisyTenant', p, 0, Math.max(0, (tenants ?? 1) - 1), 0);
      const noisyFactor = c.num(g, 'noisyFactor', p, 'gt0', 1, BOUNDS.noisyFactor);
      const from = c.num(g, 'from', p, 'ge0', 0, T);
      const to = c.num(g, 'to', p, 'gt0', undefined, T);
      count = (ratePerSecond ?? 0) * ((tenants ?? 1) - 1 + (noisyFactor ?? 1)) * span(from, to);
      if (
        tenants !== undefined &&
        ratePerSecond !== undefined &&
        noisyTenant !== undefined &&
        noisyFactor !== undefined &&
        from !== undefined &&
        to !== undefined
      )
        spec = { ...base, pattern, tenants, ratePerSecond, noisyTenant, noisyFactor, from, to };
      break;
    }
    case 'retry-storm': {
      const clients = c.int(g, 'clients', p, 1, 1_000_000);
      const at = c.num(g, 'at', p, 'ge0', 0, T);
      const jitter = c.bool(g, 'jitter', p, false);
      const maxAttempts = c.int(g, 'maxAttempts', p, 1, 1000, 5);
      count = (clients ?? 0) * (maxAttempts ?? 1);
      if (clients !== undefined && at !== undefined && maxAttempts !== undefined)
        spec = { ...base, pattern, clients, at, jitter, maxAttempts };
      break;
    }
  }
  if (c.errors.length !== before) return null;
  return spec ? { spec, count } : null;
}

function policies(
  c: Ctx,
  v: unknown,
  dfltMode: FailureMode,
  dfltEnforce: boolean | undefined,
): PolicySpec[] {
  if (!Array.isArray(v) || v.length === 0) {
    c.err('policies must be a non-empty array');
    return [];
  }
  const out: PolicySpec[] = [];
  const ids = new Set<string>();
  if (v.length > BOUNDS.policies) c.err(`policies may have at most ${BOUNDS.policies} policies`);
  v.slice(0, BOUNDS.policies).forEach((pv: unknown, i) => {
    const p = `policies[${i}]`;
    if (!isObj(pv)) return c.err(`${p} must be an object`);
    c.unknown(pv, p, ['id', 'algorithm', 'params', 'scope', 'failureMode', 'enforce']);
    const id = c.str(pv, 'id', p, `policy-${i}`);
    if (ids.has(id)) c.err(`${p}.id "${id}" is used twice`);
    ids.add(id);
    const scope = c.oneOf(pv, 'scope', p, SCOPES, 'key');
    const failureMode = c.oneOf(pv, 'failureMode', p, FAILURE_MODES, dfltMode);
    const given = pv.enforce !== undefined || dfltEnforce !== undefined;
    const enforce = c.bool(pv, 'enforce', p, dfltEnforce ?? true);
    const spec = limiterSpec(c, pv, p);
    if (spec) out.push({ ...spec, id, scope, failureMode, ...(given ? { enforce } : {}) });
  });
  return out;
}

/** Each algorithm's rules for a request's cost and duration (its descriptor states them). */
function requestRules(
  c: Ctx,
  algorithms: string[],
  req: { cost: number; duration: number | undefined },
  path: string,
): void {
  for (const a of new Set(algorithms))
    getLimiterFactory(a)
      ?.validateRequest?.({ cost: req.cost, duration: req.duration }, path)
      .forEach((e) => c.err(e));
}

function requests(c: Ctx, v: unknown, algorithms: string[]): RequestSpec[] {
  if (!Array.isArray(v)) {
    c.err('requests must be an array');
    return [];
  }
  const out: RequestSpec[] = [];
  const needsDuration = algorithms.some((a) => algorithmOf(a)?.usesDuration === true);
  v.forEach((r: unknown, i) => {
    const p = `requests[${i}]`;
    if (!isObj(r)) return c.err(`${p} must be an object`);
    const before = c.errors.length;
    c.unknown(r, p, ['at', 'key', 'server', 'cost', 'duration', 'tenant', 'route']);
    const at = c.num(r, 'at', p, 'ge0', undefined, BOUNDS.time);
    const key = c.str(r, 'key', p, 'client');
    const server = r.server === undefined ? null : c.str(r, 'server', p, 'A');
    const cost = c.num(r, 'cost', p, 'gt0', 1);
    // duration is ignored (not validated) unless an algorithm reads it.
    let duration: number | undefined;
    if (needsDuration && r.duration !== undefined)
      duration = c.num(r, 'duration', p, 'gt0', undefined, BOUNDS.durationSeconds);
    else if (typeof r.duration === 'number' && Number.isFinite(r.duration) && r.duration > 0)
      duration = r.duration;
    const tenant = c.str(r, 'tenant', p, key);
    const rt = route(c, r, p);
    if (c.errors.length !== before || at === undefined || cost === undefined) return;
    requestRules(c, algorithms, { cost, duration }, p);
    const spec: RequestSpec = { at, key, server, cost, duration, tenant };
    if (rt !== undefined) spec.route = rt;
    out.push(spec);
  });
  return out;
}

/** Validate and normalise a scenario. Never throws. */
export function validateScenario(input: unknown): ValidationResult {
  const c = new Ctx();
  if (!isObj(input)) return { ok: false, errors: ['scenario must be a JSON object'] };
  for (const k of Object.keys(input))
    if (!TOP_FIELDS.includes(k)) c.err(`scenario.${k} is not a known field`);

  const failureMode = c.oneOf(input, 'failureMode', '', FAILURE_MODES, 'fail-closed');
  const placement = c.oneOf(input, 'placement', '', PLACEMENTS, 'shared');
  const multiPolicy = c.oneOf(
    input,
    'multiPolicy',
    '',
    ['all-or-nothing', 'naive'] as const,
    'all-or-nothing',
  );
  const routing = c.oneOf(input, 'routing', '', ROUTINGS, 'round-robin');
  let seed = c.int(input, 'seed', '', 0, Infinity, 1) ?? 1;
  if (seed > BOUNDS.seed) {
    c.err(`seed must be at most ${BOUNDS.seed}`);
    seed = 1;
  }
  let serverCount = 2;
  let serverNames: string[] | null = null;
  let serverClocks: ServerClock[] | undefined;
  if (Array.isArray(input.servers)) {
    const l = serverList(c, input.servers);
    serverNames = l.names;
    if (l.clocks.some((k) => k.offsetSeconds !== 0 || k.driftPpm !== 0)) serverClocks = l.clocks;
  } else serverCount = c.int(input, 'servers', '', 1, 8, 2) ?? 2;
  const timeSource =
    input.timeSource === undefined
      ? undefined
      : c.oneOf<TimeSource>(input, 'timeSource', '', ['store', 'app'], 'store');
  const enforce = input.enforce === undefined ? undefined : c.bool(input, 'enforce', '', true);

  let pols: PolicySpec[] = [];
  const multiPolicyGiven = input.policies !== undefined;
  if (multiPolicyGiven) {
    pols = policies(c, input.policies, failureMode, enforce);
    if (input.algorithm !== undefined || input.params !== undefined) {
      // Allowed by docs/scenario.md ("may be omitted"); when given they must still be valid.
      if (input.algorithm !== undefined) limiterSpec(c, input, '');
    }
  } else {
    const spec = limiterSpec(c, input, '');
    if (spec)
      pols = [
        {
          ...spec,
          id: 'main',
          scope: 'key',
          failureMode,
          ...(enforce === undefined ? {} : { enforce }),
        },
      ];
  }

  let fallback: LimiterSpec | null = null;
  if (input.fallback !== undefined) {
    if (!isObj(input.fallback)) c.err('fallback must be an object');
    else {
      c.unknown(input.fallback, 'fallback', ['algorithm', 'params']);
      fallback = limiterSpec(c, input.fallback, 'fallback');
      if (fallback?.algorithm === 'lua') c.err('fallback.algorithm must be a built-in algorithm');
    }
  }

  const algorithms = pols.map((p) => p.algorithm);
  let reqs: RequestSpec[] = [];
  if (input.requests !== undefined) reqs = requests(c, input.requests, algorithms);
  else if (input.traffic === undefined)
    c.err('requests is required and must be an array (or give traffic)');

  const traffic: TrafficSpec[] = [];
  if (input.traffic !== undefined) {
    if (!Array.isArray(input.traffic)) c.err('traffic must be an array');
    else {
      let total = reqs.length;
      input.traffic.forEach((g: unknown, i) => {
        const r = generator(c, g, `traffic[${i}]`);
        if (!r) return;
        total += r.count;
        // What every request it makes carries, under each algorithm's own request rules.
        requestRules(c, algorithms, r.spec, `traffic[${i}]`);
        traffic.push(r.spec);
      });
      if (total > MAX_GENERATED)
        c.err(
          `traffic generates about ${Math.round(total)} requests; the most is ${MAX_GENERATED}`,
        );
    }
  }

  const st = store(c, input.store);
  const shards = shardSpec(c, input, placement);
  const lease = leaseSpec(c, input, placement);
  crossCheck(c, placement, pols, st, shards);
  if (c.errors.length) return { ok: false, errors: c.errors };

  // Headless requests without `server` land on "A" (docs/spec/limiters.md); once the scenario
  // names a topology (`servers` or `routing`), the load balancer routes them instead.
  if (input.servers === undefined && input.routing === undefined)
    for (const r of reqs) if (r.server === null) r.server = 'A';
  const servers: string[] = serverNames ?? [];
  if (!serverNames) for (let i = 0; i < serverCount; i++) servers.push(SERVER_NAMES[i]!);
  for (const r of reqs)
    if (r.server !== null && !servers.includes(r.server)) {
      servers.push(r.server);
      serverClocks?.push({ offsetSeconds: 0, driftPpm: 0 });
    }

  const scenario: Scenario = {
    policies: pols,
    multiPolicyGiven,
    multiPolicy,
    placement,
    requests: reqs,
    traffic,
    seed,
    servers,
    routing,
    store: st,
    failureMode,
    fallback,
  };
  // Production fields appear only when given, so an older scenario validates to the same object.
  if (serverClocks) scenario.serverClocks = serverClocks;
  if (timeSource) scenario.timeSource = timeSource;
  if (shards) scenario.shards = shards;
  if (lease) scenario.lease = lease;
  if (enforce !== undefined) scenario.enforce = enforce;
  return { ok: true, scenario };
}

/** validateScenario that throws a ScenarioError (message: the errors, one a line). */
export function parseScenario(input: unknown): Scenario {
  const r = validateScenario(input);
  if (!r.ok) throw new ScenarioError(r.errors);
  return r.scenario;
}

export { BUILTIN_ALGORITHMS };
