// Predict problems: the learner states a number; the engine runs the instance's scenario and
// says whether the number is what the run gives, never what the run gives. Every attempt may
// draw a fresh instance from its seed (VisuAlgo style): seed 0 is the problem's own statement
// (its starter's `vars` and `scenario`), seed N builds the scenario from vars drawn from N, so
// the same seed always gives the same instance. Nothing here types in an expected value.
import { runLaneAsync, type LaneResult } from '../../core/content/lanes';
import { stream, type Rng } from '../sim/rng';
import { num, runCases, type HiddenCase } from './harness';
import type { FailingCase, GradeOptions, Grader, ProblemContext, Submission } from './types';
import { isObj } from '../util/isObj';

type Scenario = Record<string, unknown>;
export type Vars = Record<string, number | string>;

export interface PredictSpec {
  id: string;
  /** What the number counts, e.g. "requests admitted". */
  label: string;
  /** Fresh numbers for an attempt (all of them: the statement's placeholders use them). */
  draw(rng: Rng): Vars;
  /** The scenario an instance's numbers describe; build(starter vars) is the starter scenario. */
  build(vars: Vars): Scenario;
  /**
   * The scenarios whose runs decide the number (default: the instance's alone) and how a run is
   * measured (default: admitted). With several scenarios the number is the largest.
   */
  runs?: (scenario: Scenario, vars: Vars) => Scenario[];
  measure?: (r: LaneResult, vars: Vars) => number;
  /** One sentence on where to look, for a wrong answer (never the number). */
  hint: string;
}

export interface Instance {
  seed: number;
  vars: Vars;
  scenario: Scenario;
}

const pick = <T>(rng: Rng, xs: readonly T[]): T => xs[rng.int(xs.length)]!;
const between = (rng: Rng, lo: number, hi: number): number => lo + rng.int(hi - lo + 1);

/** The instance of an attempt: the statement's for seed 0, else drawn from the seed. */
export function instanceOf(
  spec: PredictSpec,
  problem: ProblemContext | undefined,
  seed: number,
): Instance | null {
  if (seed === 0) {
    const sc = problem?.starter?.scenario;
    const vars = problem?.starter?.vars;
    if (!isObj(sc)) return null;
    return { seed, vars: isObj(vars) ? (vars as Vars) : {}, scenario: sc };
  }
  const vars = spec.draw(stream(seed, spec.id));
  return { seed, vars, scenario: spec.build(vars) };
}

export function predictGrader(spec: PredictSpec): Grader {
  const measure = spec.measure ?? ((r: LaneResult) => r.allowed);
  return {
    id: spec.id,
    expects: `{"answer": <number>}: ${spec.label}, checked against the engine's run of the instance`,
    async grade(sub: Submission, opts: GradeOptions = {}) {
      const seed = opts.seed ?? 0;
      const inst = instanceOf(spec, opts.problem, seed);
      const said = num(sub, 'answer');
      const cases: HiddenCase[] = [
        {
          name: 'your answer is a number',
          check: (): FailingCase | null =>
            Number.isFinite(said)
              ? null
              : {
                  name: 'your answer is a number',
                  message:
                    sub.answer === undefined || String(sub.answer).trim() === ''
                      ? 'The answer is missing: give your prediction as a single number ("answer").'
                      : `"${String(sub.answer)}" is not a number: give your prediction as a single number.`,
                },
        },
        {
          name: spec.label,
          check: async (): Promise<FailingCase | null> => {
            if (!inst)
              return {
                name: spec.label,
                message: 'This problem has no scenario for the engine to run (starter.scenario).',
              };
            let truth = -Infinity;
            for (const sc of spec.runs ? spec.runs(inst.scenario, inst.vars) : [inst.scenario])
              truth = Math.max(truth, measure(await runLaneAsync(sc), inst.vars));
            if (said === truth) return null;
            // Never the number itself, nor the run that shows it: that comes with the solution.
            return {
              name: spec.label,
              message: `${said} is not what the engine's run gives for ${seed === 0 ? 'this problem' : 'these numbers'}. ${spec.hint}`,
            };
          },
        },
      ];
      const r = await runCases(cases, opts, 'Your number matches the engine’s run.');
      return { ...r, seed };
    },
  };
}

/** Admitted requests that arrived at the run's last arrival time (the final burst). */
function admittedInLastBurst(r: LaneResult): number {
  const last = Math.max(...r.requests.map((q) => q.at));
  return r.requests.filter((q) => q.at === last && q.outcome === 'allowed').length;
}

/** The most admissions inside any closed interval of `span` seconds. */
export function maxAdmittedWithin(r: LaneResult, span: number): number {
  const t = r.requests
    .filter((q) => q.outcome === 'allowed')
    .map((q) => q.at)
    .sort((a, b) => a - b);
  let best = 0;
  let i = 0;
  for (let j = 0; j < t.length; j++) {
    while (t[j]! - t[i]! > span + 1e-9) i++;
    best = Math.max(best, j - i + 1);
  }
  return best;
}

const n = (v: Vars, k: string): number => Number(v[k]);
const ROUTE = 'ABCDEFGH';

const predictLocalVsSharedSpec: PredictSpec = {
  id: 'predict-local-vs-shared',
  label: 'requests admitted with a counter in each server',
  draw(rng) {
    const servers = between(rng, 2, 4);
    const limit = between(rng, 1, 3);
    const count = Math.max(3, Math.min(12, servers * limit + between(rng, -1, servers + 1)));
    const spacing = pick(
      rng,
      [2, 3, 4, 5].filter((s) => s * (count - 1) < 60),
    );
    const route = Array.from({ length: count }, (_, i) => ROUTE[i % servers]).join(', ');
    return { count, spacing, servers, limit, route };
  },
  build: (v) => ({
    algorithm: 'fixed-window',
    params: { limit: n(v, 'limit'), windowSeconds: 60 },
    placement: 'local',
    servers: n(v, 'servers'),
    routing: 'round-robin',
    traffic: [{ pattern: 'burst', at: 0, count: n(v, 'count'), spacingSeconds: n(v, 'spacing') }],
  }),
  hint: 'Write down which server each request reaches, and count per server: each counter only sees its own requests.',
};

const predictNginxBurstSpec: PredictSpec = {
  id: 'predict-nginx-burst',
  label: 'requests admitted',
  draw(rng) {
    const rate = between(rng, 1, 4);
    const burst = between(rng, 1, 4);
    const first = burst + between(rng, 1, 4);
    const gap = pick(rng, [0.5, 1, 1.5, 2]);
    const second = between(rng, 1, 4);
    return { rate, burst, first, gap, second, total: first + second };
  },
  build: (v) => ({
    algorithm: 'leaky-bucket',
    params: { ratePerSecond: n(v, 'rate'), burst: n(v, 'burst'), nodelay: true },
    requests: [
      ...Array.from({ length: n(v, 'first') }, () => ({ at: 0 })),
      ...Array.from({ length: n(v, 'second') }, () => ({ at: n(v, 'gap') })),
    ],
  }),
  hint: 'Trace the excess request by request: how much drains between the two bursts?',
};

const predictSwcEstimateSpec: PredictSpec = {
  id: 'predict-swc-estimate',
  label: 'requests of the last burst admitted',
  measure: admittedInLastBurst,
  draw(rng) {
    const limit = between(rng, 6, 12);
    const first = between(rng, Math.max(1, limit - 5), limit);
    const t1 = pick(rng, [10, 20, 30, 40, 50]);
    const into = pick(rng, [15, 30, 45]);
    return { limit, first, t1, t2: 60 + into, into, second: limit, left: 60 - into };
  },
  build: (v) => ({
    algorithm: 'sliding-window-counter',
    params: { limit: n(v, 'limit'), windowSeconds: 60 },
    traffic: [
      { pattern: 'burst', at: n(v, 't1'), count: n(v, 'first'), spacingSeconds: 0 },
      { pattern: 'burst', at: n(v, 't2'), count: n(v, 'second'), spacingSeconds: 0 },
    ],
  }),
  hint: 'Weigh the previous window’s count by the part of it that still overlaps the sliding window, then admit while the estimate stays within the limit.',
};

/**
 * The worst case over traffic, not just the starter's: the instance's attack plus floods and
 * attacks on other boundaries, all run by the engine with the instance's limiter. The number is
 * the most admitted inside any interval of the instance's length.
 */
const predictBoundaryBurstSpec: PredictSpec = {
  id: 'predict-boundary-burst',
  label: 'requests admitted within one interval, at most',
  draw(rng) {
    const limit = pick(rng, [20, 40, 50, 80, 100, 120]);
    const window = pick(rng, [30, 60, 120]);
    const interval = pick(rng, [1, 2, 4]);
    return { limit, window, interval, half: interval / 2, second: 2 * window };
  },
  build: (v) => ({
    algorithm: 'fixed-window',
    params: { limit: n(v, 'limit'), windowSeconds: n(v, 'window') },
    traffic: [
      {
        pattern: 'boundary-attack',
        windowSeconds: n(v, 'window'),
        boundary: n(v, 'window'),
        count: n(v, 'limit'),
        spreadSeconds: n(v, 'half'),
      },
    ],
  }),
  measure: (r, v) => maxAdmittedWithin(r, n(v, 'interval') || 2),
  runs: (sc, v) => {
    const { traffic: _t, requests: _r, ...limiter } = sc;
    const p = isObj(sc.params) ? sc.params : {};
    const L = typeof p.limit === 'number' ? p.limit : 100;
    const W = typeof p.windowSeconds === 'number' ? p.windowSeconds : 60;
    const I = n(v, 'interval') || 2;
    const attack = (boundary: number, count: number, spreadSeconds: number) => ({
      ...limiter,
      traffic: [{ pattern: 'boundary-attack', windowSeconds: W, boundary, count, spreadSeconds }],
    });
    return [
      sc,
      attack(W, 2 * L, I / 2),
      attack(2 * W, L + 1, I),
      attack(W, L, I / 4),
      {
        ...limiter,
        traffic: [{ pattern: 'steady', ratePerSecond: (4 * L) / W, from: 0, to: 3 * W }],
      },
      {
        ...limiter,
        seed: 5,
        traffic: [{ pattern: 'poisson', ratePerSecond: (3 * L) / W, from: 0, to: 3 * W }],
      },
    ];
  },
  hint: 'Think about both sides of a window boundary: how many can each window admit, and how close together can they be?',
};

/** Every predict problem's instances, by grader id (the practice page draws from them). */
export const PREDICT_SPECS: PredictSpec[] = [
  predictLocalVsSharedSpec,
  predictBoundaryBurstSpec,
  predictNginxBurstSpec,
  predictSwcEstimateSpec,
];

export const predictLocalVsShared = predictGrader(predictLocalVsSharedSpec);
export const predictBoundaryBurst = predictGrader(predictBoundaryBurstSpec);
export const predictNginxBurst = predictGrader(predictNginxBurstSpec);
export const predictSwcEstimate = predictGrader(predictSwcEstimateSpec);

/** The instance an attempt with `seed` shows and grades; null for problems without instances. */
export function problemInstance(
  graderId: string,
  problem: ProblemContext | undefined,
  seed: number,
): Instance | null {
  const spec = PREDICT_SPECS.find((x) => x.id === graderId);
  return spec ? instanceOf(spec, problem, seed) : null;
}
