// ```recap: the lesson's recap box (Markdown).
import type { DirectiveEntry } from './entry';

export const recap: DirectiveEntry<'recap'> = {
  name: 'recap',
  json: false,
  places: ['lesson', 'problem', 'puzzle'],
};
