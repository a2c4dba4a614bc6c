// Graders by id (= the problem's slug, front matter `grader:`). Adding a problem means adding
// its grader here; grading.test.ts checks that every problem's worked answer passes its grader
// and its starter fails it.
import { templateById, type TemplateId } from '../scripts/templates';
import { chooseFailureModes } from './choose';
import { configureBurstAndSustain, configureLocalLimit } from './configure';
import { interleavingGrader, luaReferenceGrader, type LuaReferenceCase } from './lua';
import { predictBoundaryBurst, predictLocalVsShared } from './predict';
import type { Grader } from './types';

/** Hidden traffic for a limiter of `limit` per `window` seconds: N, N+1, straddles, costs, noise. */
function windowCases(limit: number, window: number): LuaReferenceCase[] {
  return [
    {
      name: `${limit} requests at once (N)`,
      body: { traffic: [{ pattern: 'burst', at: 1, count: limit }] },
    },
    {
      name: `${limit + 1} requests at once (N+1)`,
      body: { traffic: [{ pattern: 'burst', at: 1, count: limit + 1 }] },
    },
    {
      name: 'requests exactly one window apart (the boundary)',
      body: {
        requests: [
          { at: 2 },
          { at: 2 },
          { at: 2 + window },
          { at: 2 + window },
          { at: 2 + 2 * window - 0.5 },
        ],
      },
    },
    {
      name: 'a burst straddling a window boundary',
      body: {
        traffic: [
          {
            pattern: 'boundary-attack',
            windowSeconds: window,
            boundary: window * 3,
            count: limit,
            spreadSeconds: 0.5,
          },
        ],
      },
    },
    {
      name: 'weighted costs, one above the limit',
      body: {
        requests: [
          { at: 1, cost: 2 },
          { at: 1.5, cost: limit + 1 },
          { at: 2, cost: limit - 2 },
          { at: 3, cost: 1 },
          { at: 1 + window, cost: 2 },
        ],
      },
    },
    {
      name: 'two clients do not share a budget',
      body: {
        requests: [
          { at: 1, key: 'alice' },
          ...Array.from({ length: limit }, (_, i) => ({ at: 1.1 + i * 0.01, key: 'bob' })),
          { at: 1.5, key: 'alice' },
        ],
      },
    },
    {
      name: 'generated traffic: Poisson, 40 seconds',
      body: {
        seed: 11,
        traffic: [{ pattern: 'poisson', ratePerSecond: (2 * limit) / window, from: 0, to: 40 }],
      },
    },
  ];
}

function templateGrader(
  id: string,
  template: TemplateId,
  cases: (limit: number, window: number) => LuaReferenceCase[],
): Grader {
  const t = templateById(template)!;
  const ref = { algorithm: t.reference!.algorithm, params: t.reference!.params };
  const p = ref.params;
  const limit = p.limit ?? p.capacity ?? p.burst ?? 5;
  const window =
    p.windowSeconds ??
    (p.refillPerSecond
      ? limit / p.refillPerSecond
      : p.ratePerSecond
        ? limit / p.ratePerSecond
        : 10);
  return luaReferenceGrader(id, ref, { keys: t.keys, args: t.args }, cases(limit, window));
}

const GET_THEN_SET = { keys: ['count:client'], args: ['3', '60', '1'] };

export const GRADERS: Grader[] = [
  predictLocalVsShared,
  predictBoundaryBurst,
  configureBurstAndSustain,
  configureLocalLimit,
  chooseFailureModes,
  interleavingGrader(
    'fix-get-then-set',
    '{"code": "<Lua app-server code>"} with KEYS ["count:client"], ARGV [limit, window, cost]',
    [
      {
        name: '3 requests one after another (N)',
        setup: [],
        clients: 3,
        sequential: true,
        ...GET_THEN_SET,
        expectAdmitted: 3,
      },
      {
        name: '4 requests one after another (N+1)',
        setup: [],
        clients: 4,
        sequential: true,
        ...GET_THEN_SET,
        expectAdmitted: 3,
      },
      {
        name: 'two requests at once when one slot is left',
        setup: [['SET', 'count:client', '2', 'EX', '60']],
        clients: 2,
        ...GET_THEN_SET,
        expectAdmitted: 1,
      },
      {
        name: 'three requests at once with a limit of 2',
        setup: [],
        clients: 3,
        keys: GET_THEN_SET.keys,
        args: ['2', '60', '1'],
        expectAdmitted: 2,
      },
      {
        name: 'the counter expires with its window',
        setup: [],
        clients: 2,
        ...GET_THEN_SET,
        expectAdmitted: 2,
        after: (m) => {
          const ttl = m.call(['TTL', 'count:client']);
          return ttl.t === 'int' && ttl.v > 0n
            ? null
            : 'The counter key has no expiry after the requests, so the window never ends.';
        },
      },
    ],
  ),
  templateGrader('fix-sliding-log-boundary', 'sliding-log', windowCases),
  templateGrader('write-sliding-log', 'sliding-log', windowCases),
  templateGrader('write-gcra', 'gcra', windowCases),
  templateGrader('write-fixed-window', 'fixed-window', windowCases),
  templateGrader('write-token-bucket', 'token-bucket', windowCases),
];

const byId = new Map(GRADERS.map((g) => [g.id, g]));

export function graderById(id: string): Grader | undefined {
  return byId.get(id);
}
