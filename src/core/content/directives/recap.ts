// ```recap: the lesson's recap box (Markdown).
import { defineDirective } from './entry';

export const recap = defineDirective({
  name: 'recap',
  json: false,
  places: ['lesson', 'problem', 'puzzle'],
});
