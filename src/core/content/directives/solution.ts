// ```solution: a problem's worked solution (Markdown).
import { defineDirective } from './entry';

export const solution = defineDirective({
  name: 'solution',
  json: false,
  places: ['problem'],
});
