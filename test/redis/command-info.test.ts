// The model's command table against the real server's COMMAND INFO: for every row (and
// subcommand) the arity, the flags, the legacy key range and the key specs must be what
// redis-server 7.0.15 reports. Without redis-server this is skipped loudly (REQUIRE_REDIS=1:
// a failure).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Reply } from '../../src/core/redis/reply';
import {
  COMMAND_ROWS,
  commandFlags,
  legacyKeyRange,
  type CommandRow,
  type KeySpec,
} from '../../src/core/redis/table';
import { redisRequired, serverMissing, startServer, stopServer, type Server } from './server';

let server: Server | null = null;
const missing = serverMissing();

beforeAll(async () => {
  if (missing !== '') {
    console.warn(`\n!!!!!!!! ${missing}: COMMAND INFO comparison SKIPPED !!!!!!!!\n`);
    return;
  }
  server = await startServer(false);
});

afterAll(() => stopServer(server));

const all = (rows: readonly CommandRow[]): CommandRow[] =>
  rows.flatMap((r) => [r, ...all(r.subcommands ?? [])]);

/** A reply as plain JSON-ish values (arrays, strings, numbers). */
function plain(r: Reply): unknown {
  switch (r.t) {
    case 'arr':
      return r.v.map(plain);
    case 'int':
      return Number(r.v);
    case 'nil':
    case 'nilarr':
      return null;
    default:
      return r.v;
  }
}

/** A RESP2 flat map ([k1, v1, k2, v2]) as an object. */
function obj(x: unknown): Record<string, unknown> {
  const a = x as unknown[];
  const o: Record<string, unknown> = {};
  for (let i = 0; i < a.length; i += 2) o[a[i] as string] = a[i + 1];
  return o;
}

/** One key spec of COMMAND INFO in the table's notation. */
function spec(x: unknown): KeySpec | string {
  const s = obj(x);
  const bs = obj(s.begin_search);
  const fk = obj(s.find_keys);
  if (bs.type === 'unknown' && fk.type === 'unknown') return { unknown: true };
  if (bs.type !== 'index') return `begin_search ${String(bs.type)}`;
  const index = obj(bs.spec).index as number;
  const f = obj(fk.spec);
  if (fk.type === 'range') {
    if (f.limit !== 0) return `range limit ${String(f.limit)}`;
    return { index, lastKey: f.lastkey as number, step: f.keystep as number };
  }
  if (fk.type === 'keynum') {
    return {
      index,
      keynumIdx: f.keynumidx as number,
      firstKey: f.firstkey as number,
      step: f.keystep as number,
    };
  }
  return `find_keys ${String(fk.type)}`;
}

describe('the command table matches COMMAND INFO of redis-server 7.0.15', () => {
  it('has a real server to compare with (REQUIRE_REDIS=1 makes this mandatory)', () => {
    if (redisRequired) expect(missing).toBe('');
  });

  for (const r of all(COMMAND_ROWS)) {
    it(r.name, async () => {
      if (server === null) return;
      const reply = plain(await server.client.call(['COMMAND', 'INFO', r.name])) as unknown[];
      const info = reply[0] as unknown[] | null;
      expect(info, `${r.name} is not a Redis 7.0 command`).not.toBeNull();
      const [name, arity, flags, first, last, step] = info!;
      const range = legacyKeyRange(r);
      expect({
        name: r.name,
        arity: r.arity,
        flags: commandFlags(r).sort(),
        keys: [range.firstKey, range.lastKey, range.step],
        specs: r.keySpecs,
      }).toEqual({
        name,
        arity,
        flags: [...(flags as string[])].sort(),
        keys: [first, last, step],
        specs: (info![8] as unknown[]).map(spec),
      });
    });
  }
});
