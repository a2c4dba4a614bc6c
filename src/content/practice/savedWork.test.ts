// The saved work of a problem: a save comes back as it was written, a damaged one starts from
// the starter, and an untouched starter is not saved.
import { describe, expect, it } from 'vitest';
import type { StarterSpec } from '../../core/content/directives';
import { initialCode, initialForm, savedText, words } from './savedWork';

const form: StarterSpec = {
  kind: 'form',
  form: [
    { id: 'params.capacity', label: 'Capacity', value: 10 },
    { id: 'answer', label: 'Answer' },
  ],
};
const code: StarterSpec = { kind: 'code', code: 'return 1' };
const call = { keys: 'rl:{key}', args: '3 60 {cost}' };

describe('saved work', () => {
  it('a form starts from the starter, then from a save, and ignores unknown or damaged saves', () => {
    expect(initialForm(form, undefined)).toEqual({ 'params.capacity': '10', answer: '' });
    expect(initialForm(form, '{"answer":"7","other":"x","params.capacity":3}')).toEqual({
      'params.capacity': '10',
      answer: '7',
    });
    expect(initialForm(form, '{not json')).toEqual({ 'params.capacity': '10', answer: '' });
  });

  it('code round-trips with and without edited KEYS and ARGV', () => {
    const edited = { code: 'return 2', call: { keys: 'a b', args: '1' }, form: {} };
    const s = savedText(code, call, edited);
    expect(s.untouched).toBe(false);
    expect(initialCode('return 1', call, s.text)).toEqual({ code: 'return 2', call: edited.call });
    const plain = savedText(code, call, { code: 'return 3', call, form: {} });
    expect(plain.text).toBe('return 3');
    expect(initialCode('return 1', call, plain.text)).toEqual({ code: 'return 3', call });
    // A script that only looks like the JSON form is kept as the script.
    expect(initialCode('return 1', call, '{"code" oops').code).toBe('{"code" oops');
  });

  it('the untouched starter is not worth a save', () => {
    expect(savedText(code, call, { code: 'return 1', call, form: {} }).untouched).toBe(true);
    expect(
      savedText(form, null, { code: '', call, form: initialForm(form, undefined) }).untouched,
    ).toBe(true);
    expect(words('  a   b\tc ')).toEqual(['a', 'b', 'c']);
  });
});
