// write-concurrency-lease: slots with leases, released early by the jobs that finish.
import { scriptGrader } from '../scriptGrader';
import { addedMembers, ex, leaseUntil, times } from './shared';

export const writeConcurrencyLease = scriptGrader({
  id: 'write-concurrency-lease',
  reference: { algorithm: 'concurrency', params: { maxInFlight: 3 } },
  referenceName: 'the built-in concurrency limiter (3 slots, 2-second leases)',
  spec: { keys: ['rl:jobs:{key}'], args: ['3', '2', '{cost}', '{op}', '{id}'] },
  lease: 2,
  maxCost: 3,
  spans: [{ seconds: 2, name: 'one lease (2 s)' }],
  afterRefusal: addedMembers,
  stateUntil: leaseUntil(2),
  examples: [
    ex('3 jobs at once (N)', times(3, 1.234567, { duration: 5 })),
    ex('4 jobs at once (N+1)', times(4, 1.234567, { duration: 5 })),
    ex('a lease ends exactly when the next job arrives', [
      ...times(3, 1.5, { duration: 9 }),
      { at: 3.499999, duration: 9 },
      { at: 3.5, duration: 9 },
      { at: 3.5, duration: 9 },
    ]),
    ex('a job that finishes early gives its slot back', [
      { at: 1.1, duration: 0.3 },
      { at: 1.1, duration: 9 },
      { at: 1.1, duration: 9 },
      { at: 1.2 },
      { at: 1.4, duration: 9 },
      { at: 1.41, duration: 9 },
    ]),
    ex('weighted jobs, one above the cap', [
      { at: 1.01, cost: 2, duration: 0.5 },
      { at: 1.02, cost: 2, duration: 9 },
      { at: 1.53, cost: 2, duration: 9 },
      { at: 1.53, cost: 4, duration: 9 },
      { at: 1.6, cost: 1, duration: 9 },
    ]),
    ex('two tenants do not share slots', [
      ...times(3, 1.7, { key: 'acme', duration: 9 }),
      ...times(4, 1.7, { key: 'globex', duration: 9 }),
    ]),
  ],
  traffic: {
    spans: [2],
    maxGap: 1.5,
    keys: ['acme', 'globex'],
    costs: [1, 1, 2],
    bigCost: 4,
    exactCost: 3,
    maxRequests: 24,
    lease: 2,
  },
  stepped: {
    maxOffset: 1,
    check: { kind: 'window', limit: 3, window: 2 },
    recovery: 3,
    probe: 4,
    traffic: {
      spans: [2],
      maxGap: 1.5,
      keys: ['acme'],
      costs: [1],
      maxRequests: 20,
    },
  },
  passSummary:
    'Slots come back when a job releases them or its lease ends, exactly as the built-in decides, Retry-After included.',
});
