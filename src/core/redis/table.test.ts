// The one command table: well-formed rows, dispatch through it, and key positions from it.
import { describe, expect, it } from 'vitest';
import { RedisModel } from './model';
import {
  allowedInScripts,
  COMMAND_ROWS,
  commandDoc,
  commandKeys,
  isReadCommand,
  isWriteCommand,
  legacyKeyRange,
  type CommandRow,
} from './table';

const all = (rows: readonly CommandRow[]): CommandRow[] =>
  rows.flatMap((r) => [r, ...all(r.subcommands ?? [])]);

describe('the command table', () => {
  it('has one well-formed row per command', () => {
    const names = new Set<string>();
    for (const r of all(COMMAND_ROWS)) {
      expect(names.has(r.name), r.name).toBe(false);
      names.add(r.name);
      expect(r.name, r.name).toBe(r.name.toLowerCase());
      expect(r.arity, r.name).not.toBe(0);
      expect(r.summary.length, r.name).toBeGreaterThan(5);
      expect(r.since, r.name).toMatch(/^\d+\.\d+\.\d+$/);
      expect(r.flags.includes('write') && r.flags.includes('readonly'), r.name).toBe(false);
      // A key position must fit the arity (Redis asserts the same at startup).
      for (const s of r.keySpecs) {
        if ('unknown' in s) {
          expect(r.getKeys, r.name).toBeDefined();
          continue;
        }
        expect(s.index, r.name).toBeGreaterThan(r.name.includes('|') ? 1 : 0);
        if (r.arity > 0) expect(s.index, r.name).toBeLessThan(r.arity);
      }
    }
  });

  it('dispatches every row: no command of the table is unknown to the model', () => {
    const m = new RedisModel();
    for (const r of all(COMMAND_ROWS)) {
      const args = r.name.split('|');
      const reply = m.call(args);
      const unknown = reply.t === 'err' && /^ERR unknown (sub)?command/.test(reply.v);
      expect(unknown, r.name).toBe(false);
    }
  });

  it('finds rows by any case and subcommands by parent|sub', () => {
    expect(commandDoc('GET')?.name).toBe('get');
    expect(commandDoc('hMgEt')?.arity).toBe(-3);
    expect(commandDoc('script|LOAD')?.name).toBe('script|load');
    expect(commandDoc('nope')).toBeUndefined();
    expect(allowedInScripts(commandDoc('get')!)).toBe(true);
    expect(allowedInScripts(commandDoc('multi')!)).toBe(false);
    expect(allowedInScripts(commandDoc('script')!)).toBe(false);
    expect(allowedInScripts(commandDoc('cluster')!)).toBe(true);
  });
});

describe('commandKeys', () => {
  it('reads key positions from the table', () => {
    expect(commandKeys(['GET', 'a'])).toEqual(['a']);
    expect(commandKeys(['mget', 'a', 'b', 'c'])).toEqual(['a', 'b', 'c']);
    expect(commandKeys(['MSET', 'a', '1', 'b', '2'])).toEqual(['a', 'b']);
    expect(commandKeys(['HSET', 'h', 'f', 'v'])).toEqual(['h']);
    expect(commandKeys(['TIME'])).toEqual([]);
    expect(commandKeys(['KEYS', '*'])).toEqual([]);
    expect(commandKeys(['WATCH', 'a', 'b'])).toEqual(['a', 'b']);
    expect(commandKeys(['NOPE', 'a'])).toEqual([]);
    expect(commandKeys([])).toEqual([]);
  });

  it('follows numkeys for movable keys (EVAL)', () => {
    expect(commandKeys(['EVAL', 'return 1', '2', 'k1', 'k2', 'arg'])).toEqual(['k1', 'k2']);
    expect(commandKeys(['EVALSHA', 'x'.repeat(40), '0', 'arg'])).toEqual([]);
    // A bad numkeys gives no keys (the command itself answers the error).
    expect(commandKeys(['EVAL', 'return 1', '5', 'k1'])).toEqual([]);
    expect(commandKeys(['EVAL', 'return 1', 'x', 'k1'])).toEqual([]);
    expect(commandKeys(['EVAL', 'return 1', '-1', 'k1'])).toEqual([]);
  });

  it('tells reads from writes by the flags', () => {
    expect(isReadCommand(['GET', 'a'])).toBe(true);
    expect(isWriteCommand(['GET', 'a'])).toBe(false);
    expect(isWriteCommand(['incr', 'a'])).toBe(true);
    expect(isWriteCommand(['TIME'])).toBe(false);
    expect(isReadCommand(['TIME'])).toBe(false);
    expect(isWriteCommand(['nope'])).toBe(false);
  });

  it('derives COMMAND INFO legacy key ranges as Redis does', () => {
    expect(legacyKeyRange(commandDoc('get')!)).toEqual({
      firstKey: 1,
      lastKey: 1,
      step: 1,
      movable: false,
    });
    expect(legacyKeyRange(commandDoc('mset')!)).toEqual({
      firstKey: 1,
      lastKey: -1,
      step: 2,
      movable: false,
    });
    expect(legacyKeyRange(commandDoc('eval')!)).toEqual({
      firstKey: 0,
      lastKey: 0,
      step: 0,
      movable: true,
    });
    expect(legacyKeyRange(commandDoc('time')!)).toEqual({
      firstKey: 0,
      lastKey: 0,
      step: 0,
      movable: false,
    });
  });
});
