// A command table row from its named fields.
import { describe, expect, it } from 'vitest';
import { command, KEY1, NO_KEYS } from './command';
import { OK } from './reply';

const base = {
  group: 'string',
  name: 'demo',
  arity: 2,
  args: 'key',
  summary: 'A demo row.',
  since: '1.0.0',
  run: () => OK,
} as const;

describe('command', () => {
  it('splits the flags and keeps every field by name', () => {
    const r = command({ ...base, flags: 'write denyoom fast', keys: KEY1 });
    expect(r.flags).toEqual(['write', 'denyoom', 'fast']);
    expect(r.keySpecs).toBe(KEY1);
    expect(r.run).toBe(base.run);
    expect(r).toMatchObject({ name: 'demo', group: 'string', arity: 2, since: '1.0.0' });
  });

  it('has no keys, no flags and no optional fields unless given', () => {
    const r = command({ ...base, flags: '' });
    expect(r.flags).toEqual([]);
    expect(r.keySpecs).toBe(NO_KEYS);
    expect('notQueued' in r || 'subcommands' in r || 'getKeys' in r).toBe(false);
  });

  it('refuses a flag COMMAND INFO does not know, naming the row and the flag', () => {
    expect(() => command({ ...base, flags: 'write fsat' })).toThrow(
      'command table: demo has an unknown flag "fsat"',
    );
  });
});
