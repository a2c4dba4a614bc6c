import { describe, expect, it } from 'vitest';
import { isTemplateId, TEMPLATE_IDS } from './templateIds';
import { TEMPLATES } from './templates';

describe('template ids', () => {
  it('name every template once, in the same order', () => {
    expect(TEMPLATES.map((t) => t.id)).toEqual([...TEMPLATE_IDS]);
  });
  it('tell an id from anything else', () => {
    expect(isTemplateId('gcra')).toBe(true);
    expect(isTemplateId('gcra2')).toBe(false);
    expect(isTemplateId(3)).toBe(false);
  });
});
