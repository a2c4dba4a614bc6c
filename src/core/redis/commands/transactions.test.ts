// Transactions (commands/transactions.ts): sessions, MULTI queues, WATCH.
import { describe, expect, it } from 'vitest';
import { RedisModel } from '../model';
import { toJson, type Reply } from '../reply';

const j = (r: Reply): unknown => toJson(r);

describe('RedisModel clock', () => {
  it('WATCH is invalidated by expiry of the watched key', () => {
    const m = new RedisModel();
    m.call(['SET', 'k', 'v', 'EX', '1']);
    m.call(['WATCH', 'k']);
    m.advance(5);
    m.call(['MULTI']);
    m.call(['SET', 'k', 'w']);
    expect(m.call(['EXEC'])).toEqual({ t: 'nilarr' });
  });
});

describe('RedisModel sessions', () => {
  it('another client writing a watched key aborts EXEC (optimistic locking)', () => {
    const m = new RedisModel();
    const a = m.createSession();
    const b = m.createSession();
    m.call(['SET', 'counter', '5'], a);
    m.call(['WATCH', 'counter'], a);
    m.call(['MULTI'], a);
    expect(j(m.call(['SET', 'counter', '6'], a))).toEqual({ ok: 'QUEUED' });
    m.call(['INCR', 'counter'], b); // not in MULTI: runs now
    expect(m.call(['EXEC'], a)).toEqual({ t: 'nilarr' });
    expect(j(m.call(['GET', 'counter'], b))).toBe('6');
  });

  it('MULTI state is per session', () => {
    const m = new RedisModel();
    const a = m.createSession();
    m.call(['MULTI'], a);
    expect(j(m.call(['SET', 'k', '1']))).toEqual({ ok: 'OK' });
    expect(j(m.call(['GET', 'k'], a))).toEqual({ ok: 'QUEUED' });
    expect(j(m.call(['EXEC'], a))).toEqual(['1']);
  });
});
