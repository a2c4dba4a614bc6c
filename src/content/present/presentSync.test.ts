// The projector and the speaker view over real BroadcastChannels (Node has them).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createPresentSync, type PresentSync } from './presentSync';

class MemoryStorage {
  data = new Map<string, string>();
  getItem = (k: string) => this.data.get(k) ?? null;
  setItem = (k: string, v: string) => void this.data.set(k, v);
  removeItem = (k: string) => void this.data.delete(k);
}

const open: PresentSync[] = [];
afterEach(() => {
  for (const s of open.splice(0)) s.destroy();
});
// A message crosses the channel when the event loop gets to it: wait for it (a bound far from
// its real time, so a busy machine cannot fail the test), never for a fixed number of ms.
const until = (f: () => boolean) =>
  vi.waitFor(() => expect(f()).toBe(true), { timeout: 15_000, interval: 5 });

describe('a deck position shared by two windows', () => {
  it('plays a race step turn by turn before moving on, and back again', () => {
    // Step 2 (index 1) is a race step with three turns.
    const s = createPresentSync('t1', [0, 3, 0], { storage: new MemoryStorage() });
    open.push(s);
    const at = () => [s.get().step, s.get().turn];
    s.next();
    expect(at()).toEqual([1, 0]);
    s.next();
    s.next();
    s.next();
    expect(at()).toEqual([1, 3]);
    s.next();
    expect(at()).toEqual([2, 0]);
    s.next();
    expect(at()).toEqual([2, 0]);
    // Back into a race step shows it with every turn played.
    s.prev();
    expect(at()).toEqual([1, 3]);
    s.prev();
    expect(at()).toEqual([1, 2]);
    s.go(1);
    expect(at()).toEqual([1, 0]);
    s.prev();
    expect(at()).toEqual([0, 0]);
    s.prev();
    expect(at()).toEqual([0, 0]);
  });

  it('either window drives the other, turns included', async () => {
    const storage = new MemoryStorage();
    const a = createPresentSync('t2', [0, 2], { storage });
    const b = createPresentSync('t2', [0, 2], { storage });
    open.push(a, b);
    a.next();
    a.next();
    await until(() => b.get().step === 1 && b.get().turn === 1);
    b.next();
    await until(() => a.get().turn === 2);
    b.setBlank(true);
    await until(() => a.get().blank);
    a.prev();
    await until(() => b.get().turn === 1 && !b.get().blank);
  });

  it('reads an old stored position (no turn) and clamps a bad one', () => {
    const storage = new MemoryStorage();
    storage.setItem(
      'rateLab.present.t3',
      JSON.stringify({
        v: 1,
        deck: 't3',
        step: 1,
        blank: false,
        startedAt: 1,
        rev: 4,
        writer: 'w',
      }),
    );
    const s = createPresentSync('t3', [0, 2], { storage });
    open.push(s);
    expect([s.get().step, s.get().turn]).toEqual([1, 0]);
    storage.setItem(
      'rateLab.present.t4',
      JSON.stringify({
        v: 1,
        deck: 't4',
        step: 1,
        turn: 99,
        blank: false,
        startedAt: 1,
        rev: 4,
        writer: 'w',
      }),
    );
    const t = createPresentSync('t4', [0, 2], { storage });
    open.push(t);
    expect(t.get().turn).toBe(2);
  });
});
