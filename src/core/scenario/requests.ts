// A scenario's listed requests, and each algorithm's rules for a request's cost and duration
// (its descriptor states them; traffic generators are held to the same rules).
import { algorithmOf, getLimiterFactory } from '../limiters/registry';
import { BOUNDS } from './bounds';
import { Ctx, isObj } from './ctx';
import { route } from './production';
import type { RequestSpec } from './types';

/** Each algorithm's rules for a request's cost and duration (its descriptor states them). */
export function requestRules(
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

export function requests(c: Ctx, v: unknown, algorithms: string[]): RequestSpec[] {
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
