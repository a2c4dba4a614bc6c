// Two windows' session stores over real BroadcastChannels (Node has them) and a shared storage.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createInterviewSync, PRIVATE_KEY, PUBLIC_KEY, type InterviewSync } from './interviewSync';

class MemoryStorage {
  data = new Map<string, string>();
  full = false;
  getItem = (k: string) => this.data.get(k) ?? null;
  setItem = (k: string, v: string) => {
    if (this.full) {
      const e = new Error('The quota has been exceeded.');
      e.name = 'QuotaExceededError';
      throw e;
    }
    this.data.set(k, v);
  };
  removeItem = (k: string) => void this.data.delete(k);
}

const open: InterviewSync[] = [];
afterEach(() => {
  for (const s of open.splice(0)) s.destroy();
});
const make = (role: 'host' | 'candidate', storage: MemoryStorage, t = { now: 1000 }) => {
  const s = createInterviewSync(role, { storage, now: () => t.now });
  open.push(s);
  return s;
};
// A message crosses the channel when the event loop gets to it: wait for it (a bound far from
// its real time, so a busy machine cannot fail the test), never for a fixed number of ms.
const until = (f: () => boolean) =>
  vi.waitFor(() => expect(f()).toBe(true), { timeout: 15_000, interval: 5 });

describe('the interview session between two windows', () => {
  it('moves in both directions, and the candidate never holds the interviewer part', async () => {
    const storage = new MemoryStorage();
    const t = { now: 1000 };
    const host = make('host', storage, t);
    const cand = make('candidate', storage, t);
    host.start(['a', 'b', 'c'], 'Ada');
    await until(() => cand.getState().pub?.order.length === 3);
    host.marks('a', 3, (m) => ({ ...m, met: [true, false, false], notes: 'secret' }));
    t.now = 61_000;
    cand.move(1);
    await until(() => host.getState().pub?.index === 1);
    t.now = 121_000;
    host.move(2);
    await until(() => cand.getState().pub?.index === 2);
    expect(cand.getState().priv).toBeNull();
    expect(JSON.stringify(cand.getState())).not.toContain('secret');
    expect(host.getState().priv?.marks.a?.notes).toBe('secret');
  });

  it('survives a reload of either window from storage', async () => {
    const storage = new MemoryStorage();
    const host = make('host', storage);
    host.start(['a', 'b']);
    host.move(1);
    host.setNotes('overall');
    host.destroy();
    const again = make('host', storage);
    expect(again.getState().pub?.index).toBe(1);
    expect(again.getState().priv?.notes).toBe('overall');
    const cand = make('candidate', storage);
    expect(cand.getState().pub?.index).toBe(1);
    expect(cand.getState().priv).toBeNull();
  });

  it('says so when storage is full, keeps the change in memory, and syncs it anyway', async () => {
    const storage = new MemoryStorage();
    const host = make('host', storage);
    const cand = make('candidate', storage);
    host.start(['a', 'b']);
    storage.full = true;
    host.setNotes('must not be lost');
    expect(host.getState().saveError).toMatch(/storage for the lab is full/);
    expect(host.getState().priv?.notes).toBe('must not be lost');
    host.move(1);
    await until(() => cand.getState().pub?.index === 1);
  });

  it('does not load damaged storage, and says why', () => {
    const storage = new MemoryStorage();
    storage.data.set(PUBLIC_KEY, '{"v":1,"id":"x","order":"nope"}');
    storage.data.set(PRIVATE_KEY, 'not json');
    const host = make('host', storage);
    expect(host.getState().pub).toBeNull();
    expect(host.getState().loadError).toMatch(/damaged/);
  });
});
