import { describe, expect, it } from 'vitest';
import { httpResponse } from '../http/response';
import { parseScenario } from '../scenario/validate';
import { simulate } from '../simulate';
import { labRun } from './labRun';

const five = ['A', 'B', 'A', 'B', 'A'].map((server, i) => ({ at: i + 1, server, key: 'client-1' }));
const fw = (limit: number, windowSeconds = 60) => ({
  algorithm: 'fixed-window',
  params: { limit, windowSeconds },
});
const run = (sc: Record<string, unknown>) => labRun(parseScenario(sc), { seekable: false });

describe('the request record: the policy that denied', () => {
  const twoPolicies = (multiPolicy: string) => ({
    placement: 'shared',
    multiPolicy,
    policies: [
      { id: 'per-minute', ...fw(3) },
      { id: 'per-hour', ...fw(100, 3600) },
    ],
    requests: five,
  });

  it('several policies: the 429 body and the record name the one that denied', () => {
    const r = run(twoPolicies('all-or-nothing'));
    const d = r.request(3);
    expect(d).toMatchObject({ outcome: 'denied', allowed: false, deniedBy: ['per-minute'] });
    expect(d.policies.map((p) => [p.id, p.decision.allowed])).toEqual([
      ['per-minute', false],
      ['per-hour', true],
    ]);
    expect(d.policies[0]!.decision.retryAfterSeconds).toBe(d.retryAfterSeconds);
    const h = httpResponse(r, d);
    expect(h.status).toBe(429);
    const body = JSON.parse(h.body!);
    expect(body).toMatchObject({ policy: 'per-minute', policies: ['per-minute', 'per-hour'] });
    expect(body.detail).toContain('Policy "per-minute" (fixed-window) is exhausted');
    // Admitted requests name no policy.
    expect(r.request(0).deniedBy).toEqual([]);
  });

  it('two policies that both deny are both named', () => {
    const r = run({
      policies: [
        { id: 'a', ...fw(2) },
        { id: 'b', ...fw(2, 30) },
      ],
      requests: five,
    });
    const d = r.request(2);
    expect(d.deniedBy).toEqual(['a', 'b']);
    const body = JSON.parse(httpResponse(r, d).body!);
    expect(body.deniedBy).toEqual(['a', 'b']);
    expect(body.policy).toBeUndefined();
  });

  it('a policy in shadow mode never denies: admitted, with its would-deny verdict', () => {
    const r = run({
      policies: [
        { id: 'enforced', ...fw(10) },
        { id: 'trial', ...fw(2), enforce: false },
      ],
      requests: five,
    });
    const d = r.request(4);
    expect(d).toMatchObject({ outcome: 'allowed', deniedBy: [], wouldDeny: true });
    expect(d.policies.find((p) => p.id === 'trial')!.decision.allowed).toBe(false);
  });

  it('one policy: a denial names it, as before', () => {
    const r = run({ ...fw(3), requests: five });
    expect(r.decision(3).deniedBy).toEqual(['main']);
    expect(JSON.parse(httpResponse(r, r.request(3)).body!).policy).toBe('main');
  });

  it('naive charging: the policies charged in vain sum to the engine total', () => {
    const r = run({
      multiPolicy: 'naive',
      policies: [
        { id: 'per-client', ...fw(5, 10) },
        {
          id: 'global',
          algorithm: 'token-bucket',
          params: { capacity: 6, refillPerSecond: 0.5 },
          scope: 'global',
        },
      ],
      traffic: [
        { pattern: 'steady', ratePerSecond: 1.5, from: 0, to: 20, key: 'a' },
        { pattern: 'steady', ratePerSecond: 1, from: 0.3, to: 20, key: 'b' },
      ],
    });
    const sum: Record<string, number> = {};
    let some = 0;
    for (let i = 0; i < r.n; i++) {
      const d = r.request(i);
      if (d.wasted.length) some++;
      // Only a denied request wastes budget, and never at the policy that denied it.
      if (d.wasted.length) expect(d.outcome).toBe('denied');
      for (const id of d.wasted) {
        expect(d.deniedBy).not.toContain(id);
        sum[id] = (sum[id] ?? 0) + d.cost;
      }
    }
    expect(some).toBeGreaterThan(0);
    const charged = Object.entries(r.totals.wastedBudget).filter(([, v]) => v > 0);
    expect(sum).toEqual(Object.fromEntries(charged));
  });

  it('all-or-nothing charging wastes nothing', () => {
    const r = run(twoPolicies('all-or-nothing'));
    for (let i = 0; i < r.n; i++) expect(r.decision(i).wasted).toEqual([]);
  });
});

describe('the request record: over the limit', () => {
  it('local counters: the admissions one shared counter would refuse', () => {
    const r = run({ ...fw(3), placement: 'local', requests: five });
    expect(r.overLimit?.requests).toEqual([3, 4]);
    expect([0, 1, 2, 3, 4].map((i) => r.request(i).overLimit)).toEqual([
      false,
      false,
      false,
      true,
      true,
    ]);
  });

  it('one shared atomic counter with a healthy store is never over the limit', () => {
    const r = run({ ...fw(3), requests: five });
    expect(r.overLimit).toBeNull();
    expect(r.request(3).overLimit).toBe(false);
  });

  it('failing open lets requests through over the limit; refusals are never over it', () => {
    const r = run({
      ...fw(3),
      failureMode: 'fail-open',
      store: { outages: [{ from: 3.5, to: 9 }] },
      requests: five,
    });
    const over = r.overLimit!;
    expect(over.requests).toEqual([3, 4]);
    for (const i of over.requests) expect(r.decision(i).outcome).toBe('bypass');
  });

  it('is computed once per run', () => {
    const r = run({ ...fw(3), placement: 'local', requests: five });
    expect(r.overLimit).toBe(r.overLimit);
  });
});

describe('the request record: production facts match simulate', () => {
  it('shards and leases', () => {
    for (const sc of [
      {
        ...fw(6, 10),
        placement: 'sharded',
        shards: 3,
        shardBudget: 'split',
        traffic: [{ pattern: 'steady', ratePerSecond: 3, from: 0, to: 10 }],
      },
      {
        algorithm: 'token-bucket',
        params: { capacity: 10, refillPerSecond: 2 },
        placement: 'leased',
        lease: { size: 3, ttlSeconds: 2 },
        servers: 2,
        traffic: [{ pattern: 'steady', ratePerSecond: 4, from: 0, to: 10 }],
      },
    ]) {
      const r = run(sc);
      const sim = simulate(sc);
      const all = Array.from({ length: r.n }, (_, i) => r.decision(i));
      if (sc.placement === 'sharded') expect(all.every((d) => d.shard !== null)).toBe(true);
      else expect(all.some((d) => d.leased)).toBe(true);
      for (let i = 0; i < r.n; i++) {
        const d = r.decision(i);
        const s = sim.decisions[i]!;
        expect(d.shard ?? undefined).toBe(s.shard);
        if (s.leased !== undefined) expect(d.leased).toBe(s.leased);
      }
    }
  });
});
