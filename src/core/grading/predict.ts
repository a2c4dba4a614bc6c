// Predict problems: the learner states numbers; the engine runs the scenario and says what
// the numbers really are. The failing case is the scenario itself, ready to replay in the lab.
import { runLaneAsync, type LaneResult } from '../../core/content/lanes';
import { fmt, num, runCases } from './harness';
import type { Grader } from './types';

export interface PredictField {
  /** Form field id. */
  field: string;
  /** What the number counts, e.g. "requests admitted with a counter in each server". */
  label: string;
  scenario: Record<string, unknown>;
  /** The number the engine's run gives (default: admitted). */
  measure?: (r: LaneResult) => number;
}

export function predictGrader(id: string, fields: PredictField[]): Grader {
  return {
    id,
    expects: `numbers for ${fields.map((f) => `"${f.field}"`).join(', ')}`,
    grade: (sub, opts) =>
      runCases(
        fields.map((f) => ({
          name: f.label,
          check: async () => {
            const r = await runLaneAsync(f.scenario);
            const truth = (f.measure ?? ((x: LaneResult) => x.allowed))(r);
            const said = num(sub, f.field);
            if (said === truth) return null;
            return {
              name: f.label,
              message: `You said ${fmt(said)} ${f.label}; the engine's run gives ${truth} (${r.allowed} admitted, ${r.denied} denied). Replay it in the lab and watch where your count parts from the engine's.`,
              scenario: f.scenario,
            };
          },
        })),
        opts,
        'Every number matches the engine.',
      ),
  };
}

const ALTERNATING = ['A', 'B', 'A', 'B', 'A'].map((server, i) => ({
  at: i * 10,
  server,
  key: 'client',
}));
const WORKED = {
  algorithm: 'fixed-window',
  params: { limit: 3, windowSeconds: 60 },
  servers: 2,
  requests: ALTERNATING,
};

export const predictLocalVsShared = predictGrader('predict-local-vs-shared', [
  {
    field: 'local',
    label: 'requests admitted with a counter in each server',
    scenario: { ...WORKED, placement: 'local' },
  },
  {
    field: 'shared',
    label: 'requests admitted with one shared counter',
    scenario: { ...WORKED, placement: 'shared' },
  },
]);

/** Fixed window of 100 per minute: the most admitted inside any two seconds (straddling t=60). */
export const predictBoundaryBurst = predictGrader('predict-boundary-burst', [
  {
    field: 'max',
    label: 'requests admitted within two seconds',
    scenario: {
      algorithm: 'fixed-window',
      params: { limit: 100, windowSeconds: 60 },
      traffic: [
        {
          pattern: 'boundary-attack',
          windowSeconds: 60,
          boundary: 60,
          count: 150,
          spreadSeconds: 1,
        },
      ],
    },
  },
]);
