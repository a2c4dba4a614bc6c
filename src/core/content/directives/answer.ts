// ```answer: a problem's machine-readable worked answer (JSON, or ```answer lua for a script);
// the grading tests hold it to its grader (src/core/grading).
import type { DirectiveEntry } from './entry';

export const answer: DirectiveEntry<'answer'> = {
  name: 'answer',
  json: true,
  script: true,
  fields: ['answer', 'params', 'choices', 'lua', 'code', 'keys', 'args'],
  closed: false,
  places: ['problem'],
};
