// fix-clock-backwards: a token bucket on the app servers' clocks that must not mint tokens.
import fc from 'fast-check';
import type { LuaRuntime } from '../../lua';
import type { HiddenCase } from '../harness';
import type { ScriptSpec } from '../lua';
import { propertyCase } from '../property';
import { runCase } from '../scriptCase';
import type { RunRecord } from '../scriptCaseTypes';
import { scriptGrader } from '../scriptGrader';
import { us, trafficArb, type GenRequest, type TrafficShape } from '../traffic';
import { DYADIC, ex, times } from './shared';

const TB = { capacity: 5, refillPerSecond: 1 };

/** Server B's clock, as the starter's "simulated clock skew" line makes it: 30 s slow. */
const SIMULATED_B = 30;

/**
 * Skewed servers: B (the script subtracts 30 s itself), C (the grader sends a clock 12 s slow),
 * and A, whose own clock steps back for a while. Unit costs, one client. Checked in true time:
 * from any moment the clock read true, no more than capacity + rate x t in t seconds; and after
 * a quiet spell longer than a refill, a burst from every server at one instant gets exactly the
 * capacity, whichever clock the script trusts (refusing a slow server is not a fix).
 */
function skewCases(
  engine: () => Promise<LuaRuntime>,
  code: string,
  spec: ScriptSpec,
  seed: number,
): HiddenCase[] {
  const shape: TrafficShape = {
    spans: [1, 5],
    ...DYADIC,
    maxGap: 1.2,
    keys: ['client'],
    costs: [1],
    servers: ['A', 'B', 'C'],
    maxRequests: 24,
  };
  const name = 'servers whose clocks disagree (B 30 s slow, C 12 s slow, A steps back)';
  const problem = {
    reference: { algorithm: 'token-bucket', params: TB },
    referenceName: 'the built-in token bucket',
    clock: 'app' as const,
  };
  return [
    {
      name,
      check: async () => {
        const lua = await engine();
        return propertyCase(
          name,
          fc.tuple(
            trafficArb(shape).chain((requests) =>
              withBackStep(requests, us(requests[requests.length - 1]!.at)),
            ),
            // A second client that only one server other than A ever serves, and how long it
            // waits (whole 1/64 s, 1 to 5 s: some tokens back, its key still there).
            fc.constantFrom('B', 'C'),
            fc.integer({ min: 64, max: 319 }).map((n) => n / 64),
          ),
          ([{ requests, back }, soloServer, wait]) => {
            const sent = (server: string, at: number) =>
              server === 'C'
                ? at - 12
                : server === 'A' && us(at) >= back.from && us(at) < back.to
                  ? at - back.by
                  : at;
            // After the trace, a quiet spell longer than a refill, then a burst from every server
            // at one instant (A, whose clock is right, first): an honest bucket is full by then,
            // whatever clock it trusts, and gives exactly its capacity. Then a client served only
            // by B or C: a burst, a wait, a burst. Its one server's clock agrees with itself, so
            // the second burst gets what refilled during the wait (whole tokens, 1 per second).
            const quietAt = Math.round((requests[requests.length - 1]!.at + 8) * 1e6) / 1e6;
            const burstOf = (at: number, key: string, servers: string[]): GenRequest[] =>
              servers.map((server) => ({ at, key, server, cost: 1 }));
            const soloAt = Math.round((quietAt + 20) * 1e6) / 1e6;
            const groups = [
              burstOf(quietAt, 'client', ['A', 'B', 'C', 'B', 'C', 'A']),
              burstOf(soloAt, 'solo', Array<string>(6).fill(soloServer)),
              burstOf(soloAt + wait, 'solo', Array<string>(6).fill(soloServer)),
            ];
            const expected = [TB.capacity, TB.capacity, Math.floor(wait * TB.refillPerSecond)];
            const probe = groups.flat();
            const all = [...requests, ...probe];
            const input = {
              requests: all,
              appClock: (s: string, at: number) => Math.max(0, sent(s, at)),
            };
            const r = runCase(lua, problem, code, spec, input, { compare: false });
            if (r.failure) return { ...r.failure, ...(r.fatal ? { fatal: true } : {}) };
            const rec = r.record;
            const n = requests.length;
            for (let k = n, g = 0; g < groups.length; g++) {
              const size = groups[g]!.length;
              const only = g > 0 ? ` (a client only server ${soloServer} serves)` : '';
              const lead =
                g === 0
                  ? 'After client had been quiet for 8 s'
                  : g === 1
                    ? `solo${only} sent its first burst`
                    : `solo${only} waited ${wait} s after its first burst`;
              const most = expected[g]!;
              const rule =
                g === 2
                  ? `A bucket refilling ${TB.refillPerSecond} per second has ${most} token${most === 1 ? '' : 's'} back after ${wait} s, whichever server asks: a client served only by a server whose clock is behind still refills on that clock.`
                  : `A bucket of ${TB.capacity} is full again after ${TB.capacity / TB.refillPerSecond} s of quiet, whichever server asks: a server whose clock is behind must still be admitted while there are tokens.`;
              for (let i = 0; i < size; i++, k++) {
                const want = i < most;
                const c = rec.calls[k]!;
                if (rec.decisions[k]!.allowed === want) continue;
                return {
                  name,
                  message: want
                    ? `${lead}; your script refused request ${i + 1} of the burst of ${size} at ${c.at} s (server ${c.server}). ${rule}`
                    : `${lead}; your script admitted request ${i + 1} of the burst of ${size} at ${c.at} s; the bucket had only ${most} token${most === 1 ? '' : 's'} for it. The servers' clocks disagreeing minted tokens.`,
                  ...view(rec, input),
                };
              }
            }
            // The clock the script reads (B subtracts 30 s itself).
            const reads = rec.calls.map((c) => (c.server === 'B' ? c.now - SIMULATED_B : c.now));
            for (let i = 0; i < n; i++) {
              if (reads[i] !== rec.calls[i]!.at) continue; // start only where the clock reads true
              let got = 0;
              for (let j = i; j < n; j++) {
                if (rec.decisions[j]!.allowed) got++;
                const span = rec.calls[j]!.at - rec.calls[i]!.at;
                const most = TB.capacity + TB.refillPerSecond * span;
                if (got > most + 1e-9)
                  return {
                    name,
                    message: `Between t = ${rec.calls[i]!.at} s and t = ${rec.calls[j]!.at} s of true time your script admitted ${got} requests; a bucket of ${TB.capacity} refilling ${TB.refillPerSecond} per second can admit at most ${Number(most.toFixed(6))} in that time. A clock that runs behind must never refill the bucket: the stored time must not move backwards.`,
                    ...view(rec, input),
                  };
              }
            }
            return null;
          },
          seed,
          14,
          2,
        );
        function view(rec: RunRecord, input: { requests: GenRequest[] }) {
          const trace = rec.calls.map((c, k) => {
            const d = rec.decisions[k]!;
            const clock = c.now !== c.at ? ` (its clock says ${Number(c.now.toFixed(6))} s)` : '';
            return `t = ${c.at} s, server ${c.server}${clock} → ${d.allowed ? 'admitted' : 'refused'}`;
          });
          return { trace, requests: input.requests.map((x) => ({ ...x })) };
        }
      },
    },
  ];
}

/** A stretch in which server A's own clock reads `by` seconds behind. */
function withBackStep(requests: GenRequest[], lastUs: number) {
  return (
    fc
      .record({
        a: fc.integer({ min: 0, max: Math.max(1, lastUs) }),
        len: fc.integer({ min: 1, max: Math.max(2, lastUs) }),
        // Whole 1/64 s, like the traffic: the script's float arithmetic stays exact.
        by: fc.integer({ min: 1, max: 1280 }).map((n) => n * 15625),
      })
      // The step is over by the last request, so A reads true again for the burst that follows.
      .map(({ a, len, by }) => ({
        requests,
        back: { from: a, to: Math.min(a + len, lastUs), by: by / 1e6 },
      }))
  );
}

export const fixClockBackwards = scriptGrader({
  id: 'fix-clock-backwards',
  reference: { algorithm: 'token-bucket', params: TB },
  referenceName: 'the built-in token bucket (capacity 5, 1 per second)',
  spec: { keys: ['rl:tb:{key}'], args: ['5', '1', '{cost}', '{now}', '{server}'] },
  clock: 'app',
  maxCost: 5,
  examples: [
    ex('server A only: 5 at once (N)', times(5, 1.1)),
    ex('server A only: 6 at once (N+1)', times(6, 1.1)),
    ex('server A only: weighted costs, one above the capacity', [
      { at: 1.1, cost: 3 },
      { at: 1.1, cost: 3 },
      { at: 1.35, cost: 6 },
      { at: 1.6, cost: 2 },
      { at: 4.2, cost: 5 },
    ]),
    ex('server A only: idle time refills to the capacity, no further', [
      ...times(5, 1.1),
      ...times(6, 9.9),
      ...times(2, 11.001),
    ]),
  ],
  traffic: {
    spans: [1, 5],
    ...DYADIC,
    maxGap: 2,
    keys: ['client', 'other'],
    costs: [1, 1, 2, 3],
    bigCost: 6,
    exactCost: 5,
    maxRequests: 24,
  },
  extra: skewCases,
  passSummary:
    'The bucket matches the built-in on one clock, and mints nothing when clocks disagree while still admitting what it has tokens for.',
});
