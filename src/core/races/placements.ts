// The lab's placements as app-server code the explorer can schedule. The lab's engine runs
// `shared-nonatomic` as read, decide on the app server, write (src/core/lab/run.ts) and the
// naive multi-policy as one check-and-charge per policy, stopping at the first refusal
// (docs/scenario.md); here the same designs are written as Lua, one redis.call per round trip,
// so every ordering of their round trips can be tried. `shared` and `all-or-nothing` are the
// atomic versions: one EVAL per request.
import { ExploreInputError } from './errors';
import type { ExploreInput, Invariant, RequestSpec } from './types';
import { isObj } from '../util/isObj';

export const PLACEMENT_KINDS = [
  'shared-nonatomic',
  'shared',
  'naive-multi-policy',
  'all-or-nothing',
] as const;
export type PlacementKind = (typeof PLACEMENT_KINDS)[number];
const ALGORITHMS = ['fixed-window', 'token-bucket'] as const;
type Algorithm = (typeof ALGORITHMS)[number];

export interface PolicySpec {
  id: string;
  algorithm: Algorithm;
  params: Record<string, number>;
  /** Budget left before the requests arrive (default: all of it). */
  left?: number;
}

export interface PlacementSpec {
  kind: PlacementKind;
  /** Single-policy kinds. */
  algorithm?: Algorithm;
  params?: Record<string, number>;
  left?: number;
  /** Multi-policy kinds: two or three policies, checked in this order. */
  policies?: PolicySpec[];
  /** Concurrent requests (app servers), 1 to 4; default 2. */
  servers?: number;
}

const NOW = 1700000000;

/** One policy's atomic check-and-charge, as a script body over KEYS[1] and ARGV (params..., cost, now). */
const CHARGE: Record<Algorithm, string> = {
  'fixed-window': `local limit, window, cost = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
local count = tonumber(redis.call("GET", KEYS[1]) or "0")
if count + cost > limit then return {0, limit - count} end
redis.call("SET", KEYS[1], count + cost, "KEEPTTL")
if count == 0 then redis.call("EXPIRE", KEYS[1], window) end
return {1, limit - count - cost}`,
  'token-bucket': `local capacity, rate = tonumber(ARGV[1]), tonumber(ARGV[2])
local cost, now = tonumber(ARGV[3]), tonumber(ARGV[4])
local s = redis.call("HMGET", KEYS[1], "tokens", "ts")
local tokens = tonumber(s[1]) or capacity
local ts = tonumber(s[2]) or now
tokens = math.min(capacity, tokens + math.max(0, now - ts) * rate)
if tokens < cost then return {0, tokens} end
redis.call("HSET", KEYS[1], "tokens", tokens - cost, "ts", now)
redis.call("EXPIRE", KEYS[1], math.ceil(capacity / rate) + 1)
return {1, tokens - cost}`,
};

/** The same decision as app-server code: read (one round trip), decide here, write (another). */
const NONATOMIC: Record<Algorithm, string> = {
  'fixed-window': `-- shared-nonatomic fixed window: read, decide on the app server, write.
local limit, window, cost = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
local count = tonumber(redis.call("GET", KEYS[1]) or "0")   -- round trip 1: read
if count + cost > limit then
  return {0, limit - count}                                   -- decided on the app server
end
redis.call("SET", KEYS[1], count + cost, "EX", window)       -- round trip 2: write
return {1, limit - count - cost}
`,
  'token-bucket': `-- shared-nonatomic token bucket: read, decide on the app server, write.
local capacity, rate = tonumber(ARGV[1]), tonumber(ARGV[2])
local cost, now = tonumber(ARGV[3]), tonumber(ARGV[4])
local s = redis.call("HMGET", KEYS[1], "tokens", "ts")       -- round trip 1: read
local tokens = tonumber(s[1]) or capacity
local ts = tonumber(s[2]) or now
tokens = math.min(capacity, tokens + math.max(0, now - ts) * rate)
if tokens < cost then
  return {0, tokens}                                          -- decided on the app server
end
redis.call("HSET", KEYS[1], "tokens", tokens - cost, "ts", now)  -- round trip 2: write
return {1, tokens - cost}
`,
};

const PARAMS: Record<Algorithm, [string, string]> = {
  'fixed-window': ['limit', 'windowSeconds'],
  'token-bucket': ['capacity', 'refillPerSecond'],
};

const longString = (s: string): string => {
  let eq = '';
  while (s.includes(`]${eq}]`)) eq += '=';
  return `[${eq}[\n${s}\n]${eq}]`;
};

function readPolicy(v: unknown, path: string, errs: string[]): PolicySpec | null {
  if (!isObj(v)) {
    errs.push(`${path} must be an object {"id", "algorithm", "params"}`);
    return null;
  }
  for (const k of Object.keys(v))
    if (!['id', 'algorithm', 'params', 'left'].includes(k))
      errs.push(`${path}.${k} is not a known field (allowed: id, algorithm, params, left)`);
  const alg = v.algorithm as Algorithm;
  if (!ALGORITHMS.includes(alg)) {
    errs.push(`${path}.algorithm must be one of ${ALGORITHMS.join(', ')}`);
    return null;
  }
  const id = v.id === undefined ? alg : v.id;
  if (typeof id !== 'string' || !/^[\w-]{1,32}$/.test(id))
    errs.push(`${path}.id must be a short name (letters, digits, - and _)`);
  const params: Record<string, number> = {};
  const p = isObj(v.params) ? v.params : {};
  if (!isObj(v.params)) errs.push(`${path}.params must be an object`);
  for (const k of Object.keys(p))
    if (!PARAMS[alg].includes(k)) errs.push(`${path}.params.${k} is not a parameter of ${alg}`);
  for (const k of PARAMS[alg]) {
    const x = p[k];
    if (typeof x !== 'number' || !Number.isInteger(x) || x < 1 || x > 1000)
      errs.push(`${path}.params.${k} must be an integer from 1 to 1000`);
    else params[k] = x;
  }
  const budget = alg === 'fixed-window' ? params.limit : params.capacity;
  let left: number | undefined;
  if (v.left !== undefined) {
    if (typeof v.left !== 'number' || !Number.isInteger(v.left) || v.left < 0)
      errs.push(`${path}.left must be an integer >= 0`);
    else if (budget !== undefined && v.left > budget)
      errs.push(`${path}.left must be at most the budget (${budget})`);
    else left = v.left;
  }
  return { id: String(id), algorithm: alg, params, ...(left !== undefined ? { left } : {}) };
}

const keyOf = (p: PolicySpec) => `rl:${p.id}:client`;
const argsOf = (p: PolicySpec): string[] => PARAMS[p.algorithm].map((k) => String(p.params[k]));

function setupOf(p: PolicySpec): string[][] {
  if (p.left === undefined) return [];
  const key = keyOf(p);
  if (p.algorithm === 'fixed-window') {
    const used = p.params.limit! - p.left;
    return used > 0 ? [['SET', key, String(used), 'EX', String(p.params.windowSeconds)]] : [];
  }
  return [
    ['HSET', key, 'tokens', String(p.left), 'ts', String(NOW)],
    ['EXPIRE', key, String(Math.ceil(p.params.capacity! / p.params.refillPerSecond!) + 1)],
  ];
}

/** Explorer input for one of the lab's placements; throws ExploreInputError naming bad fields. */
export function placementProgram(
  spec: PlacementSpec,
  path = 'placement',
): Pick<ExploreInput, 'code' | 'requests' | 'initial' | 'invariant'> {
  const errs: string[] = [];
  const v = spec as unknown;
  if (!isObj(v)) throw new ExploreInputError([`${path} must be an object {"kind": ...}`]);
  const kind = v.kind as PlacementKind;
  if (!PLACEMENT_KINDS.includes(kind))
    throw new ExploreInputError([`${path}.kind must be one of ${PLACEMENT_KINDS.join(', ')}`]);
  const multi = kind === 'naive-multi-policy' || kind === 'all-or-nothing';
  const allowed = multi
    ? ['kind', 'policies', 'servers']
    : ['kind', 'algorithm', 'params', 'left', 'servers'];
  for (const k of Object.keys(v))
    if (!allowed.includes(k))
      errs.push(
        `${path}.${k} is not a field of a ${kind} placement (allowed: ${allowed.join(', ')})`,
      );
  let servers = 2;
  if (v.servers !== undefined) {
    if (
      typeof v.servers === 'number' &&
      Number.isInteger(v.servers) &&
      v.servers >= 1 &&
      v.servers <= 4
    )
      servers = v.servers;
    else errs.push(`${path}.servers must be an integer from 1 to 4`);
  }
  let policies: PolicySpec[] = [];
  if (multi) {
    if (!Array.isArray(v.policies) || v.policies.length < 2 || v.policies.length > 3)
      errs.push(`${path}.policies must list 2 or 3 policies`);
    else
      policies = v.policies
        .map((p: unknown, i) => readPolicy(p, `${path}.policies[${i}]`, errs))
        .filter((p): p is PolicySpec => p !== null);
    if (new Set(policies.map((p) => p.id)).size !== policies.length)
      errs.push(`${path}.policies need different ids`);
  } else {
    const p = readPolicy(
      { id: v.algorithm, algorithm: v.algorithm, params: v.params, left: v.left },
      path,
      errs,
    );
    if (p) policies = [p];
  }
  if (errs.length) throw new ExploreInputError(errs);

  const initial = policies.flatMap(setupOf);
  const invariant: Invariant = { maxAdmitted: 'serial' };
  let code: string;
  let requests: RequestSpec[];
  if (!multi) {
    const p = policies[0]!;
    const args = [...argsOf(p), '1', String(NOW)];
    requests = Array.from({ length: servers }, () => ({ keys: [keyOf(p)], args }));
    code =
      kind === 'shared-nonatomic'
        ? NONATOMIC[p.algorithm]
        : `-- shared: the whole decision is one atomic script, one round trip.\nlocal check = ${longString(CHARGE[p.algorithm])}\nreturn redis.call("EVAL", check, 1, KEYS[1], unpack(ARGV))\n`;
  } else {
    invariant.noChargeWhenDenied = true;
    const keys = policies.map(keyOf);
    const args = [...policies.flatMap(argsOf), '1', String(NOW)];
    requests = Array.from({ length: servers }, () => ({ keys, args }));
    const algs = policies.map((p) => p.algorithm);
    if (kind === 'naive-multi-policy') {
      code = `-- naive multi-policy: each policy is checked and charged on its own, in order,
-- stopping at the first refusal (the policies before it stay charged).
local scripts = {
${[...new Set(algs)].map((a) => `  ["${a}"] = ${longString(CHARGE[a])},`).join('\n')}
}
local kinds = {${algs.map((a) => `"${a}"`).join(', ')}}
local cost, now = ARGV[#ARGV - 1], ARGV[#ARGV]
for i = 1, #KEYS do
  local r = redis.call("EVAL", scripts[kinds[i]], 1, KEYS[i], ARGV[2 * i - 1], ARGV[2 * i], cost, now)
  if r[1] == 0 then return {0, i} end
end
return {1}
`;
    } else {
      code = `-- all-or-nothing: one atomic script checks every policy, then charges all or none.
local script = ${longString(allOrNothing(algs))}
local args = {}
for _, k in ipairs(KEYS) do args[#args + 1] = k end
for _, a in ipairs(ARGV) do args[#args + 1] = a end
return redis.call("EVAL", script, #KEYS, unpack(args))
`;
    }
  }
  return { code, requests, initial, invariant };
}

/** One script that checks every policy and charges only when all of them admit. */
function allOrNothing(algs: Algorithm[]): string {
  return `local n = #KEYS
local cost, now = tonumber(ARGV[2 * n + 1]), tonumber(ARGV[2 * n + 2])
local kinds = {${algs.map((a) => `"${a}"`).join(', ')}}
local plan = {}
for i = 1, n do
  local a, b = tonumber(ARGV[2 * i - 1]), tonumber(ARGV[2 * i])
  if kinds[i] == "fixed-window" then
    local count = tonumber(redis.call("GET", KEYS[i]) or "0")
    if count + cost > a then return {0, i} end
    plan[i] = function()
      redis.call("SET", KEYS[i], count + cost, "KEEPTTL")
      if count == 0 then redis.call("EXPIRE", KEYS[i], b) end
    end
  else
    local s = redis.call("HMGET", KEYS[i], "tokens", "ts")
    local tokens = tonumber(s[1]) or a
    local ts = tonumber(s[2]) or now
    tokens = math.min(a, tokens + math.max(0, now - ts) * b)
    if tokens < cost then return {0, i} end
    plan[i] = function()
      redis.call("HSET", KEYS[i], "tokens", tokens - cost, "ts", now)
      redis.call("EXPIRE", KEYS[i], math.ceil(a / b) + 1)
    end
  end
end
for i = 1, n do plan[i]() end
return {1}`;
}
