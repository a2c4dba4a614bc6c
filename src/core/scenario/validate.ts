// Validates a scenario (headless fields + docs/scenario.md extensions) before anything runs.
// Every message names the field and the rule, e.g. `requests[3].cost must be a finite
// number > 0`. Numbers must be JSON numbers: "5" and true are refused.
import { BUILTIN_ALGORITHMS } from '../limiters/registry';
import { BOUNDS } from './bounds';
import { serverList } from './clocks';
import { Ctx, isObj } from './ctx';
import { FAILURE_MODES, limiterSpec, policies } from './policies';
import { crossCheck, leaseSpec, shardSpec } from './production';
import { requestRules, requests } from './requests';
import { generatedCount } from './size';
import { store } from './store';
import { generator } from './traffic';
import type {
  LimiterSpec,
  Placement,
  PolicySpec,
  RequestSpec,
  Routing,
  Scenario,
  ServerClock,
  TimeSource,
  TrafficSpec,
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
        const spec = generator(c, g, `traffic[${i}]`);
        if (!spec) return;
        total += generatedCount(spec);
        // What every request it makes carries, under each algorithm's own request rules.
        requestRules(c, algorithms, spec, `traffic[${i}]`);
        traffic.push(spec);
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
