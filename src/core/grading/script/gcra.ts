// write-gcra: GCRA in Lua, one TAT per client, matched with the built-in GCRA.
import type { KeySnapshot } from '../../redis';
import type { RunRecord } from '../scriptCaseTypes';
import { scriptGrader } from '../scriptGrader';
import { ex, times } from './shared';

/** GCRA's state matters until the client's theoretical arrival time. */
function gcraUntil(rec: RunRecord, k: number): { until: number; what: string } | null {
  const c = rec.calls[k]!;
  const view = rec.reference.views(c.key, c.now).find((x) => x.kind === 'gcra');
  if (!view || view.kind !== 'gcra' || view.tat <= c.now) return null;
  return { until: view.tat, what: `the theoretical arrival time of ${c.key}` };
}

const GCRA = { ratePerSecond: 2, burst: 4 };

/** GCRA keeps one number per key: the TAT, in seconds, milliseconds or microseconds. */
function oneTat(rec: RunRecord): string | null {
  const snap = new Map(rec.model.snapshot().map((k) => [k.key, k]));
  const seen = new Map<string, Set<string>>();
  rec.calls.forEach((c, i) => {
    const s = seen.get(c.key) ?? new Set<string>();
    for (const k of rec.keysOf[i]!) s.add(k);
    seen.set(c.key, s);
  });
  const last = rec.calls[rec.calls.length - 1];
  for (const [client, keys] of seen) {
    const live = [...keys].map((k) => snap.get(k)).filter((k): k is KeySnapshot => !!k);
    if (live.length > 1)
      return `GCRA keeps one number per client, but your script keeps ${live.length} keys for ${client} (${live.map((k) => k.key).join(', ')}).`;
    const k = live[0];
    if (!k) continue;
    if (k.type !== 'string')
      return `GCRA keeps one number per client, the theoretical arrival time; your script keeps a ${k.type} at ${k.key}${k.type === 'hash' ? ` with the fields ${(k.value as [string, string][]).map((f) => f[0]).join(', ')}` : ''}. That is another algorithm's state (a token bucket keeps a balance and a time).`;
    const v = Number(k.value);
    const view = rec.reference.views(client, last?.now ?? 0).find((x) => x.kind === 'gcra');
    if (!Number.isFinite(v))
      return `GCRA keeps one number per client, the theoretical arrival time; ${k.key} holds "${String(k.value)}", which is not a number.`;
    if (view && view.kind === 'gcra') {
      const tat = rec.epoch + view.tat;
      const close = [1, 1e3, 1e6].some((u) => Math.abs(v - tat * u) <= 1e-3 * u);
      if (!close)
        return `${k.key} holds ${String(k.value)}, which is not ${client}'s theoretical arrival time (Unix ${tat.toFixed(6)} s, in seconds, milliseconds or microseconds). GCRA stores the TAT itself: the time the client's budget is spent up to.`;
    }
  }
  return null;
}

/** A refused GCRA request stores nothing. */
function unchanged(
  before: Map<string, KeySnapshot>,
  after: Map<string, KeySnapshot>,
  keys: string[],
): string | null {
  for (const key of keys) {
    const a = before.get(key);
    const b = after.get(key);
    if (JSON.stringify(a?.value) !== JSON.stringify(b?.value))
      return `${key} went from ${a ? JSON.stringify(a.value) : '(absent)'} to ${b ? JSON.stringify(b.value) : '(absent)'}.`;
  }
  return null;
}

export const writeGcra = scriptGrader({
  id: 'write-gcra',
  reference: { algorithm: 'gcra', params: GCRA },
  referenceName: 'the built-in GCRA (2 per second, burst 4)',
  spec: { keys: ['rl:gcra:{key}'], args: ['2', '4', '{cost}'] },
  maxCost: 4,
  spans: [
    { seconds: 0.5, name: 'one emission interval (0.5 s)' },
    { seconds: 2, name: 'a full burst’s worth of time (2 s)' },
  ],
  afterRefusal: unchanged,
  afterRun: oneTat,
  stateUntil: gcraUntil,
  examples: [
    ex('4 requests at once (N)', times(4, 1.234567)),
    ex('5 requests at once (N+1)', times(5, 1.234567)),
    ex('a burst, then one request exactly each emission interval', [
      ...times(4, 3.000001),
      ...[3.500001, 4.000001, 4.500001, 4.500002, 5.000001].map((at) => ({ at })),
    ]),
    ex('weighted costs, one above the burst', [
      { at: 2.718281, cost: 3 },
      { at: 2.718281, cost: 2 },
      { at: 3.2, cost: 5 },
      { at: 3.218281, cost: 1 },
      { at: 3.718282, cost: 2 },
    ]),
    ex('two clients do not share a budget', [
      ...times(4, 1.1, { key: 'alice' }),
      ...times(5, 1.2, { key: 'bob' }),
      { at: 1.3, key: 'alice' },
    ]),
  ],
  traffic: {
    spans: [0.5, 1, 2],
    maxGap: 3,
    keys: ['alice', 'bob'],
    costs: [1, 1, 2, 3, 4],
    bigCost: 5,
    exactCost: 4,
    maxRequests: 24,
  },
  stepped: {
    maxOffset: 6,
    // Not decision for decision: the built-in remembers when it first saw a key even if it
    // refused it, which a script that stores nothing on refusal rightly does not.
    check: { kind: 'bucket', capacity: 4, rate: 2 },
    recovery: 3,
    probe: 5,
  },
  passSummary:
    'Your GCRA agrees with the built-in on every hidden case, Retry-After included, and keeps one TAT per client.',
});
