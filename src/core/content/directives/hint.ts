// ```hint: a problem's or a puzzle's hint (Markdown), shown one at a time, in order.
import type { DirectiveEntry } from './entry';

export const hint: DirectiveEntry<'hint'> = {
  name: 'hint',
  json: false,
  places: ['problem', 'puzzle'],
};
