// Server and connection commands (commands/server.ts).
import { describe, expect, it } from 'vitest';
import { RedisModel } from '../model';
import { toJson, type Reply } from '../reply';

const j = (r: Reply): unknown => toJson(r);

describe('server commands', () => {
  it('PING, ECHO, DBSIZE and CLUSTER KEYSLOT', () => {
    const m = new RedisModel();
    expect(j(m.call(['PING']))).toEqual({ ok: 'PONG' });
    expect(j(m.call(['PING', 'hi']))).toBe('hi');
    expect(j(m.call(['ECHO', 'x']))).toBe('x');
    m.call(['SET', 'a', '1', 'PX', '10']);
    m.call(['SET', 'b', '1']);
    m.advance(1);
    expect(j(m.call(['DBSIZE']))).toBe(1);
    expect(j(m.call(['CLUSTER', 'KEYSLOT', 'foo']))).toBe(12182);
  });

  it('FLUSHALL and FLUSHDB empty the keyspace and abort transactions watching a key', () => {
    for (const flush of ['FLUSHALL', 'FLUSHDB']) {
      const m = new RedisModel();
      const a = m.createSession();
      m.call(['SET', 'k', 'v']);
      m.call(['WATCH', 'k'], a);
      expect(j(m.call([flush]))).toEqual({ ok: 'OK' });
      expect(j(m.call(['DBSIZE']))).toBe(0);
      m.call(['MULTI'], a);
      expect(m.call(['EXEC'], a), flush).toEqual({ t: 'nilarr' });
    }
  });
});
