// Helpers shared by the lab edits' tests (scenarioEdits, productionEdits): the engine's
// messages for a scenario, and a deep-frozen copy so that an edit which changes its input throws.
import { validateScenario } from '../core/scenario/validate';
import type { ScenarioInput } from './labState';

/** The engine's messages for a scenario ([] when it takes it). */
export const errorsOf = (s: ScenarioInput): string[] => {
  const v = validateScenario(s);
  return v.ok ? [] : v.errors;
};

/** Freeze a value all the way down: an edit that changes its input throws. */
export function deepFreeze<T>(v: T): T {
  if (typeof v === 'object' && v !== null) {
    for (const x of Object.values(v)) deepFreeze(x);
    Object.freeze(v);
  }
  return v;
}

/** A deep-frozen copy of a scenario. */
export const frozen = (s: ScenarioInput): ScenarioInput => deepFreeze(structuredClone(s));
