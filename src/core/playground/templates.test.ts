// The templates beyond the reference checks of playground.test.ts: the lab's own token bucket
// answers exactly as the seed chapter's script does (when the seeds are on this machine), and
// the concurrency template agrees with the built-in concurrency limiter when every request
// holds its slot for the template's lease.
import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { findSeedsDir, seedTokenBucketScript } from '../content/seedFiles';
import { createLuaEngine } from '../lua/index';
import type { LuaRuntime } from '../lua/engine';
import { simulate } from '../simulate';
import { runScriptOn } from './runner';
import { templateById } from './templates';
import { TRAFFIC, type EditorRequest } from './traffic';

let engine: LuaRuntime;
beforeAll(async () => {
  engine = await createLuaEngine({ budgetMs: 200 });
});

const run = (script: string, keys: string[], args: string[], requests: EditorRequest[]) => {
  engine.flushScripts();
  // The run's wall clock stands still: its budget never cuts a comparison short on a busy machine.
  return runScriptOn(engine, { mode: 'script', script, keys, args, requests, latency: 0 }, () => 0);
};

/** Deterministic traffic on a 0.25 s grid: two keys, two servers, mixed costs. */
function traffic(seed: number, n: number, costs: number[]): EditorRequest[] {
  let x = seed;
  const next = () => (x = (x * 1103515245 + 12345) % 2147483648) / 2147483648;
  const out: EditorRequest[] = [];
  let at = 0.25;
  for (let i = 0; i < n; i++) {
    at += Math.floor(next() * 8) * 0.25;
    out.push({
      at,
      server: next() < 0.5 ? 'A' : 'B',
      key: next() < 0.7 ? 'c1' : 'c2',
      cost: costs[Math.floor(next() * costs.length)]!,
    });
  }
  return out;
}

const CASES = [
  ...TRAFFIC.map((t) => t.requests()),
  ...Array.from({ length: 20 }, (_, i) => traffic(i + 1, 30, i % 2 ? [1] : [1, 1, 2, 3, 7])),
];

describe('the token-bucket template', () => {
  const seedScript = seedTokenBucketScript(findSeedsDir(resolve(__dirname, '../../..')));
  it(`replies exactly as the seed chapter's script (${seedScript ? seedScript.file : 'seeds not on this machine'})`, () => {
    if (!seedScript) return; // the seeds are not in the repository; CI has only the template
    const t = templateById('token-bucket')!;
    for (const args of [t.args, ['20', '5', '{cost}'], ['3', '0.5', '{cost}']])
      for (const requests of CASES) {
        const ours = run(t.source, t.keys, args, requests).records.map((r) => r.reply);
        const seeds = run(seedScript.source, t.keys, args, requests).records.map((r) => r.reply);
        expect(ours).toEqual(seeds);
      }
  });
  it('refuses bad parameters with an error reply that names them', () => {
    const t = templateById('token-bucket')!;
    const out = run(t.source, t.keys, ['0', '1', '{cost}'], TRAFFIC[0]!.requests().slice(0, 1));
    expect(out.records[0]!.decision.error).toMatch(/capacity, rate and cost/);
  });
});

describe('the concurrency template', () => {
  it('decides as the built-in concurrency limit with the lease as every duration', () => {
    const t = templateById('concurrency')!;
    for (const [most, lease] of [
      [3, 2],
      [2, 0.75],
      [8, 5],
    ] as const)
      for (const requests of CASES) {
        const out = run(t.source, t.keys, [String(most), String(lease), '{cost}'], requests);
        const sim = simulate({
          algorithm: 'concurrency',
          params: { maxInFlight: most },
          placement: 'shared',
          requests: requests.map((r) => ({ ...r, duration: lease })),
        });
        expect(out.records.map((r) => r.decision.allowed)).toEqual(
          sim.decisions.map((d) => d.allowed),
        );
        expect(out.records.map((r) => r.decision.retryAfterSeconds ?? null)).toEqual(
          sim.decisions.map((d) => (d.allowed ? null : d.retryAfterSeconds)),
        );
      }
  });
});
