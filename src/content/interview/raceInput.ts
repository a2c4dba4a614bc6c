// A race puzzle's explorer input, for a candidate to play (no goal, no hints): the candidate's
// screen and the live interview's shared scheduler both open it.
import { parseRacesSpec } from '../../core/races/puzzle';
import { directives, PUZZLES } from '../library';

export function raceInput(slug: string): Record<string, unknown> | null {
  const doc = PUZZLES.find((p) => p.slug === slug);
  const block = doc ? directives(doc, 'races')[0] : undefined;
  if (!block) return null;
  try {
    return parseRacesSpec(block.json, 'play').raw;
  } catch {
    return null;
  }
}
