// Seeded traffic generators (docs/scenario.md). Open-loop generators append arrivals to the
// request table; the retry storm appends its first attempts here and the lab run adds the
// retries as responses come back (closed loop, see lab/engine/retryStorm.ts).
import type { TrafficSpec } from '../scenario/types';
import { stream, type Rng } from '../sim/rng';

/**
 * Where generated requests go: what a generator needs of the lab's request table (names are
 * interned to ids; `add` appends one request and returns its index).
 */
export interface RequestSink {
  readonly names: { id(name: string): number };
  add(
    at: number,
    keyId: number,
    tenantId: number,
    server: number,
    cost: number,
    duration: number,
    source: number,
    client?: number,
    attempt?: number,
  ): number;
}

export function generate(spec: TrafficSpec, g: number, seed: number, t: RequestSink): void {
  const rng = stream(seed, `traffic[${g}]`);
  const key = t.names.id(spec.key);
  const tenant = t.names.id(spec.tenant ?? spec.key);
  const dur = spec.duration ?? NaN;
  const add = (at: number, k = key, tn = tenant): void => {
    t.add(at, k, tn, -1, spec.cost, dur, g);
  };
  switch (spec.pattern) {
    case 'steady': {
      // i / rate from `from`, computed (not accumulated) so there is no drift.
      for (let i = 0; ; i++) {
        const at = spec.from + i / spec.ratePerSecond;
        if (at >= spec.to) break;
        add(at);
      }
      break;
    }
    case 'burst':
      for (let i = 0; i < spec.count; i++) add(spec.at + i * spec.spacingSeconds);
      break;
    case 'poisson':
      poisson(rng, spec.ratePerSecond, spec.from, spec.to, (at) => add(at));
      break;
    case 'boundary-attack': {
      // `count` evenly spread in [boundary - spread, boundary), `count` in [boundary,
      // boundary + spread).
      const step = spec.spreadSeconds / spec.count;
      for (let i = 0; i < spec.count; i++) add(spec.boundary - spec.spreadSeconds + i * step);
      for (let i = 0; i < spec.count; i++) add(spec.boundary + i * step);
      break;
    }
    case 'multi-tenant': {
      for (let k = 0; k < spec.tenants; k++) {
        const name = t.names.id(`tenant-${k}`);
        const rate = spec.ratePerSecond * (k === spec.noisyTenant ? spec.noisyFactor : 1);
        poisson(stream(seed, `traffic[${g}].tenant-${k}`), rate, spec.from, spec.to, (at) =>
          add(at, name, name),
        );
      }
      break;
    }
    case 'retry-storm':
      for (let c = 0; c < spec.clients; c++)
        t.add(spec.at, key, tenant, -1, spec.cost, dur, g, c, 1);
      break;
  }
}

function poisson(
  rng: Rng,
  rate: number,
  from: number,
  to: number,
  emit: (at: number) => void,
): void {
  let at = from + rng.exp(rate);
  while (at < to) {
    emit(at);
    at += rng.exp(rate);
  }
}

/**
 * When a retry-storm client retries: after its Retry-After (1 s when the answer carried
 * none, e.g. a 503), times a seeded factor in [0.5, 1.5) with jitter. null: it gives up
 * (allowed, retry -1, or out of attempts).
 */
export function retryDelay(
  spec: Extract<TrafficSpec, { pattern: 'retry-storm' }>,
  attempt: number,
  allowed: boolean,
  retryAfter: number | null,
  rng: Rng,
): number | null {
  if (allowed || attempt >= spec.maxAttempts || retryAfter === -1) return null;
  const base = retryAfter ?? 1;
  return spec.jitter ? base * (0.5 + rng.next()) : base;
}
