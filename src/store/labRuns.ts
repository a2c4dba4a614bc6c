// The runs a lab store change needs, built synchronously once pendingRuns says they are ready:
// the loaded scenario's, the comparison lane's and the second algorithm's (charts).
import type { LabRun } from '../core/lab/labRun';
import { defaultParams } from '../core/limiters/registry';
import { readyLabRun } from './labCompute';
import { compareInputOf } from './labLanes';
import type { LoadResult, ScenarioInput } from './labState';

/** A change's answer when a later change came before its script finished. */
export const SUPERSEDED: LoadResult = {
  ok: false,
  message: 'a later change replaced this one before its script finished',
  errors: ['a later change replaced this one before its script finished'],
};

/** The comparison lane's run and input, or none when it cannot run. */
export function buildCompare(
  input: ScenarioInput,
  override: ScenarioInput | null,
): {
  compare: LabRun | null;
  compareInput: ScenarioInput | null;
} {
  const ci = compareInputOf(input, override);
  const r = readyLabRun(ci);
  return r.ok ? { compare: r.run, compareInput: ci } : { compare: null, compareInput: null };
}

/** The engine's message for a comparison lane that cannot run, or null. */
export function compareError(input: ScenarioInput, override: ScenarioInput): string | null {
  const r = readyLabRun(compareInputOf(input, override));
  return r.ok ? null : r.message;
}

/** The second algorithm's scenario (charts): none for several policies. */
export function altInputOf(
  input: ScenarioInput,
  alt: string | null,
  params?: Record<string, unknown>,
): ScenarioInput | null {
  if (!alt || input.policies) return null;
  return { ...input, algorithm: alt, params: params ?? defaultParams(alt) };
}

/** The second algorithm's run, or null. */
export function buildAlt(
  input: ScenarioInput,
  alt: string | null,
  params?: Record<string, unknown>,
): LabRun | null {
  const ai = altInputOf(input, alt, params);
  if (!ai) return null;
  const r = readyLabRun(ai);
  return r.ok ? r.run : null;
}
