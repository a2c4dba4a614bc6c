import { describe, expect, it } from 'vitest';
import {
  FALLBACK_DELAY_MS,
  IDLE_TIMEOUT_MS,
  idleQueue,
  QUEUE_TIMEOUT_MS,
  whenIdle,
  type IdleHost,
} from './idle';

/** A host whose idle callbacks and timers run only when the test says so. */
function fakeHost(withIdle: boolean) {
  const pending = new Map<number, { cb: () => void; how: string }>();
  let id = 0;
  const host: IdleHost = {
    setTimeout(cb, ms) {
      pending.set(++id, { cb, how: `timeout ${ms}` });
      return id;
    },
    clearTimeout(i) {
      pending.delete(i);
    },
  };
  if (withIdle) {
    host.requestIdleCallback = (cb, opts) => {
      pending.set(++id, { cb, how: `idle ${opts?.timeout}` });
      return id;
    };
    host.cancelIdleCallback = (i) => pending.delete(i);
  }
  const runAll = () => {
    const now = [...pending.entries()];
    pending.clear();
    for (const [, p] of now) p.cb();
  };
  return { host, pending, runAll };
}

const flush = () => new Promise((r) => setImmediate(r));

describe('whenIdle', () => {
  it('waits for an idle period, with a timeout so a busy page still gets there', () => {
    const f = fakeHost(true);
    let ran = 0;
    whenIdle(() => ran++, f.host);
    expect(ran).toBe(0);
    expect([...f.pending.values()].map((p) => p.how)).toEqual([`idle ${IDLE_TIMEOUT_MS}`]);
    f.runAll();
    expect(ran).toBe(1);
  });

  it('falls back to a short timer without requestIdleCallback', () => {
    const f = fakeHost(false);
    let ran = 0;
    whenIdle(() => ran++, f.host);
    expect([...f.pending.values()].map((p) => p.how)).toEqual([`timeout ${FALLBACK_DELAY_MS}`]);
    f.runAll();
    expect(ran).toBe(1);
  });

  it('can be cancelled before it runs', () => {
    for (const withIdle of [true, false]) {
      const f = fakeHost(withIdle);
      let ran = 0;
      whenIdle(() => ran++, f.host)();
      f.runAll();
      expect(ran).toBe(0);
    }
  });
});

describe('idleQueue', () => {
  it('runs one task per idle period, in order, past a failing one', async () => {
    const f = fakeHost(true);
    const done: string[] = [];
    idleQueue(
      [
        async () => done.push('a'),
        () => Promise.reject(new Error('offline')),
        async () => done.push('c'),
      ],
      f.host,
    );
    expect(done).toEqual([]);
    // Each task waits for a real idle period (a long timeout: it never forces its way in).
    expect([...f.pending.values()].map((p) => p.how)).toEqual([`idle ${QUEUE_TIMEOUT_MS}`]);
    f.runAll();
    await flush();
    expect(done).toEqual(['a']);
    f.runAll();
    await flush();
    f.runAll();
    await flush();
    expect(done).toEqual(['a', 'c']);
    expect(f.pending.size).toBe(0);
  });

  it('stops when cancelled', async () => {
    const f = fakeHost(false);
    const done: string[] = [];
    const stop = idleQueue([async () => done.push('a'), async () => done.push('b')], f.host);
    f.runAll();
    await flush();
    stop();
    f.runAll();
    await flush();
    expect(done).toEqual(['a']);
  });
});
