// ```solution: a problem's worked solution (Markdown).
import type { DirectiveEntry } from './entry';

export const solution: DirectiveEntry<'solution'> = {
  name: 'solution',
  json: false,
  places: ['problem'],
};
