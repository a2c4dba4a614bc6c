// ```races: a scheduler (the explorer's input plus what the learner is asked to do; in a
// puzzle, a goal). ../../races/puzzle.ts reads it.
import { ExploreInputError } from '../../races/errors';
import { parseRacesSpec, RACES_WIDGET_FIELDS } from '../../races/puzzle';
import { lineOfKey, type DirectiveBlock } from '../block';
import { type DirectiveCheck, type DirectiveEntry } from './entry';

function checkRaces(b: DirectiveBlock, c: DirectiveCheck): void {
  const puzzle = c.place === 'puzzle';
  try {
    const spec = parseRacesSpec(b.json, puzzle ? 'break' : 'play');
    if (puzzle && spec.goal === 'play')
      c.add(lineOfKey(b, 'goal'), 'a puzzle needs a goal: "break" or "prove"');
  } catch (e) {
    if (!(e instanceof ExploreInputError)) throw e;
    for (const m of e.errors) {
      const field = /^(?:races[.:] ?)?([A-Za-z]+)/.exec(m)?.[1];
      c.add(field ? lineOfKey(b, field) : b.line, m.startsWith('races') ? m : `races: ${m}`);
    }
  }
}

export const races: DirectiveEntry<'races'> = {
  name: 'races',
  json: true,
  // Plus the explore verb's input fields (code, requests, initial, invariant, ...).
  fields: RACES_WIDGET_FIELDS,
  closed: false,
  places: ['lesson', 'problem', 'puzzle'],
  check: checkRaces,
};
