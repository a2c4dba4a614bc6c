// Predict problems: the learner states a number; the engine runs the problem's own scenario (its
// ```starter `scenario`) and says what the number really is. Nothing here types in an expected
// value: change the scenario and the expected number changes with it. The failing case is the
// scenario itself, ready to replay in the lab.
import { runLaneAsync, type LaneResult } from '../../core/content/lanes';
import { fmt, num, runCases, type HiddenCase } from './harness';
import type { FailingCase, GradeOptions, Grader, Submission } from './types';

type Scenario = Record<string, unknown>;
const isObj = (v: unknown): v is Scenario =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

export interface PredictSpec {
  id: string;
  /** What the number counts, e.g. "requests admitted". */
  label: string;
  /**
   * The scenarios whose runs decide the number (default: the problem's scenario alone) and how
   * a run is measured (default: admitted). With several scenarios the number is the largest.
   */
  runs?: (scenario: Scenario) => Scenario[];
  measure?: (r: LaneResult, scenario: Scenario) => number;
  /** One sentence on how to see the number in the replay. */
  hint?: string;
}

/** The problem's scenario: the ```starter block's `scenario`. */
export function problemScenario(opts: GradeOptions | undefined): Scenario | null {
  const s = opts?.problem?.starter?.scenario;
  return isObj(s) ? s : null;
}

export function predictGrader(spec: PredictSpec): Grader {
  const measure = spec.measure ?? ((r: LaneResult) => r.allowed);
  return {
    id: spec.id,
    expects: `{"answer": <number>}: ${spec.label}, checked against the engine's run of the problem's scenario`,
    async grade(sub: Submission, opts?: GradeOptions) {
      const base = problemScenario(opts);
      const said = num(sub, 'answer');
      const cases: HiddenCase[] = [
        {
          name: 'your answer is a number',
          check: (): FailingCase | null =>
            Number.isFinite(said)
              ? null
              : {
                  name: 'your answer is a number',
                  message: 'Give your prediction as a single number.',
                },
        },
        {
          name: spec.label,
          check: async (): Promise<FailingCase | null> => {
            if (!base)
              return {
                name: spec.label,
                message: 'This problem has no scenario for the engine to run (starter.scenario).',
              };
            const scenarios = spec.runs ? spec.runs(base) : [base];
            let truth = -Infinity;
            let worst: Scenario = base;
            let worstRun: LaneResult | null = null;
            for (const sc of scenarios) {
              const r = await runLaneAsync(sc);
              const v = measure(r, sc);
              if (v > truth) {
                truth = v;
                worst = sc;
                worstRun = r;
              }
            }
            if (said === truth) return null;
            const r = worstRun!;
            return {
              name: spec.label,
              message: `You said ${fmt(said)}; the engine's run gives ${truth} ${spec.label} (${r.allowed} admitted and ${r.denied} refused in the whole run). ${spec.hint ?? 'Replay it in the lab and find where your count parts from the engine’s.'}`,
              scenario: worst,
            };
          },
        },
      ];
      return runCases(cases, opts, 'Your number matches the engine’s run.');
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

export const predictLocalVsShared = predictGrader({
  id: 'predict-local-vs-shared',
  label: 'requests admitted with a counter in each server',
  hint: 'Replay it and look at which server each request reached.',
});

export const predictNginxBurst = predictGrader({
  id: 'predict-nginx-burst',
  label: 'of the eight requests admitted',
  hint: 'Replay it and watch the excess drain between t = 0 and t = 1.',
});

export const predictSwcEstimate = predictGrader({
  id: 'predict-swc-estimate',
  label: 'of the last burst admitted',
  measure: admittedInLastBurst,
  hint: 'Replay it and compare the estimate at the last burst with the limit.',
});

/**
 * The worst case over traffic, not just the starter's: the problem's attack plus floods and
 * attacks on other boundaries, all run by the engine with the problem's limiter. The number is
 * the most admitted inside any 2-second interval.
 */
export const predictBoundaryBurst = predictGrader({
  id: 'predict-boundary-burst',
  label: 'requests admitted within one 2-second interval, at most',
  measure: (r) => maxAdmittedWithin(r, 2),
  runs: (sc) => {
    const { traffic: _t, requests: _r, ...limiter } = sc;
    const p = isObj(sc.params) ? sc.params : {};
    const L = typeof p.limit === 'number' ? p.limit : 100;
    const W = typeof p.windowSeconds === 'number' ? p.windowSeconds : 60;
    const attack = (boundary: number, count: number, spreadSeconds: number) => ({
      ...limiter,
      traffic: [{ pattern: 'boundary-attack', windowSeconds: W, boundary, count, spreadSeconds }],
    });
    return [
      sc,
      attack(W, 2 * L, 1),
      attack(2 * W, L + 1, 2),
      attack(W, L, 0.5),
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
  hint: 'Replay the traffic that reaches it and look at both sides of the window boundary.',
});
