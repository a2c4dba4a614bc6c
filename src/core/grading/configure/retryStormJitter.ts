// retry-storm-jitter: jitter and an attempt cap that keep a retry storm bounded.
import { runLaneAsync } from '../../content/lanes';
import { bool, num, gradeCases, type HiddenCase } from '../harness';
import type { FailingCase, Grader } from '../types';
import { replaySeeds } from './shared';

/** A retry storm of 1,000 clients: jitter must flatten the peaks, the attempt cap the total. */
export const retryStormJitter: Grader = {
  id: 'retry-storm-jitter',
  expects: '"jitter" (true/false) and a whole number "maxAttempts" for the retry-storm generator',
  grade(sub, opts) {
    const jitter = bool(sub, 'jitter');
    const maxAttempts = num(sub, 'maxAttempts');
    const storm = (seed: number) => ({
      algorithm: 'token-bucket',
      params: { capacity: 100, refillPerSecond: 50 },
      seed,
      traffic: [
        {
          pattern: 'retry-storm',
          clients: 1000,
          at: 0,
          jitter: jitter ?? false,
          maxAttempts,
          key: 'tenant-1',
        },
      ],
    });
    const cases: HiddenCase[] = [
      {
        name: 'the settings are readable',
        check: (): FailingCase | null =>
          jitter === null
            ? { name: 'jitter', message: 'Set jitter to true or false.' }
            : !Number.isInteger(maxAttempts) || maxAttempts < 2 || maxAttempts > 1000
              ? {
                  name: 'maxAttempts',
                  message:
                    'maxAttempts must be a whole number of at least 2, so that clients get at least one retry.',
                }
              : null,
      },
    ];
    const attempt = opts?.seed ?? 0;
    for (const seed of replaySeeds(attempt, [11, 12, 13])) {
      cases.push({
        name: `seed ${seed}: no 100-ms slot after 0.5 s above 250 requests`,
        check: async () => {
          const sc = storm(seed);
          const r = await runLaneAsync(sc);
          const slots = new Map<number, number>();
          for (const q of r.requests)
            if (q.at >= 0.5) {
              const k = Math.floor(q.at * 10 + 1e-9);
              slots.set(k, (slots.get(k) ?? 0) + 1);
            }
          const [k, n] = [...slots].reduce((a, b) => (b[1] > a[1] ? b : a), [0, 0]);
          return n <= 250
            ? null
            : {
                name: `seed ${seed}: a retry peak`,
                message: `${n} requests arrived between t = ${(k / 10).toFixed(1)} s and t = ${((k + 1) / 10).toFixed(1)} s; the limit is 250 per 100 ms. ${jitter ? '' : 'Without jitter, every client refused together retries together.'}`,
                scenario: sc,
              };
        },
      });
      cases.push({
        name: `seed ${seed}: at most 3,000 requests in all`,
        check: async () => {
          const sc = storm(seed);
          const r = await runLaneAsync(sc);
          const n = r.requests.length;
          return n <= 3000
            ? null
            : {
                name: `seed ${seed}: too many attempts`,
                message: `The storm sent ${n} requests in all (first attempts included); the limit is 3,000. Each round only admits about one refill's worth, so every extra attempt adds hundreds of requests.`,
                scenario: sc,
              };
        },
      });
    }
    return gradeCases(
      cases,
      attempt,
      opts,
      'The retries are spread out and the storm stays bounded.',
    );
  },
};
