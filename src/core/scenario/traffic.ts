// A scenario's traffic generators: each pattern's fields, defaults and bounds. How many
// requests one makes is size.ts's count; what each request carries is checked by the
// algorithms' own request rules (requests.ts).
import { BOUNDS } from './bounds';
import { Ctx, isObj, list } from './ctx';
import { route } from './production';
import type { TrafficSpec } from './types';

const GEN_COMMON = ['pattern', 'key', 'tenant', 'cost', 'duration', 'route'];
const GEN_FIELDS: Record<string, string[]> = {
  steady: ['ratePerSecond', 'from', 'to'],
  burst: ['at', 'count', 'spacingSeconds'],
  poisson: ['ratePerSecond', 'from', 'to'],
  'boundary-attack': ['windowSeconds', 'boundary', 'count', 'spreadSeconds'],
  'multi-tenant': ['tenants', 'ratePerSecond', 'noisyTenant', 'noisyFactor', 'from', 'to'],
  'retry-storm': ['clients', 'at', 'jitter', 'maxAttempts'],
};

/** One generator, checked and normalised; null (errors recorded) when it is not valid. */
export function generator(c: Ctx, g: unknown, p: string): TrafficSpec | null {
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
  const span = (from: number | undefined, to: number | undefined): void => {
    if (from !== undefined && to !== undefined && to <= from)
      c.err(`${p}.to must be greater than ${p}.from`);
  };
  let spec: TrafficSpec | null = null;
  switch (pattern) {
    case 'steady':
    case 'poisson': {
      const ratePerSecond = c.num(g, 'ratePerSecond', p, 'gt0', undefined, BOUNDS.ratePerSecond);
      const from = c.num(g, 'from', p, 'ge0', 0, T);
      const to = c.num(g, 'to', p, 'gt0', undefined, T);
      span(from, to);
      if (ratePerSecond !== undefined && from !== undefined && to !== undefined)
        spec = { ...base, pattern, ratePerSecond, from, to };
      break;
    }
    case 'burst': {
      const at = c.num(g, 'at', p, 'ge0', 0, T);
      const n = c.int(g, 'count', p, 1, Infinity);
      const spacingSeconds = c.num(g, 'spacingSeconds', p, 'ge0', 0, BOUNDS.spacingSeconds);
      if (at !== undefined && n !== undefined && spacingSeconds !== undefined)
        spec = { ...base, pattern, at, count: n, spacingSeconds };
      break;
    }
    case 'boundary-attack': {
      const windowSeconds = c.num(g, 'windowSeconds', p, 'gt0', undefined, T);
      const boundary = c.num(g, 'boundary', p, 'gt0', windowSeconds, T);
      const n = c.int(g, 'count', p, 1, Infinity);
      const spreadSeconds = c.num(g, 'spreadSeconds', p, 'gt0', 1, BOUNDS.spacingSeconds);
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
      span(from, to);
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
      if (clients !== undefined && at !== undefined && maxAttempts !== undefined)
        spec = { ...base, pattern, clients, at, jitter, maxAttempts };
      break;
    }
  }
  if (c.errors.length !== before) return null;
  return spec;
}
