// A scenario's limiters: one algorithm and its params (checked by the algorithm's own
// descriptor), and the policies list (id, scope, failure mode, shadow enforce).
import { getLimiterFactory, registeredAlgorithms } from '../limiters/registry';
import type { Params } from '../limiters/types';
import { BOUNDS } from './bounds';
import { Ctx, fieldPath, isObj, list, type Obj } from './ctx';
import type { FailureMode, LimiterSpec, PolicySpec, Scope } from './types';

export const FAILURE_MODES: FailureMode[] = ['fail-open', 'fail-closed', 'local-fallback'];
const SCOPES: Scope[] = ['key', 'tenant', 'global'];

export function limiterSpec(c: Ctx, o: Obj, path: string): LimiterSpec | null {
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

export function policies(
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
