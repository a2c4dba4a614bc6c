// ```hint: a problem's or a puzzle's hint (Markdown), shown one at a time, in order.
import { defineDirective } from './entry';

export const hint = defineDirective({
  name: 'hint',
  json: false,
  places: ['problem', 'puzzle'],
});
