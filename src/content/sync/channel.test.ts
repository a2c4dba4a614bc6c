// Forged messages on the lab's channels: any page of the same origin can post anything.
import { describe, expect, it } from 'vitest';
import { isPrivateMsg, isPublicMsg } from '../interview/interviewSync';
import { isPresentMsg } from '../present/presentSync';
import { openChannel, type ChannelFactory } from './channel';

const JUNK: unknown[] = [
  null,
  undefined,
  0,
  Number.NaN,
  'pos',
  true,
  [],
  [{ t: 'pos' }],
  {},
  { t: null },
  { t: 'pos' },
  { t: 'pos', p: null },
  { t: 'pos', p: 'x' },
  { t: 'pos', p: [1] },
  { t: 'pub', s: null },
  { t: 'pub', s: 1e308 },
  { t: 'priv', s: [] },
  { t: 'clear', id: null },
  { t: 'clear' },
  { t: 'unknown-kind', s: {} },
];

/** A channel whose `deliver` posts as another page would. */
function fakeChannel() {
  let handler: ((ev: MessageEvent) => void) | null = null;
  const factory: ChannelFactory = () => ({
    postMessage() {},
    close() {},
    get onmessage() {
      return handler;
    },
    set onmessage(h) {
      handler = h;
    },
  });
  const deliver = (data: unknown) => handler?.({ data } as MessageEvent);
  return { factory, deliver };
}

describe('channel messages are checked before use', () => {
  it('each validator refuses junk and accepts its own messages', () => {
    for (const m of JUNK) {
      const ok = [isPresentMsg(m), isPublicMsg(m), isPrivateMsg(m)];
      // `{t: 'hello'}` alone is a real interview message; nothing else here is.
      expect(ok, JSON.stringify(m)).toEqual([false, false, false]);
    }
    expect(isPresentMsg({ t: 'hello', deck: 7 })).toBe(false);
    expect(isPresentMsg({ t: 'hello', deck: 'd' })).toBe(true);
    expect(isPresentMsg({ t: 'pos', p: {} })).toBe(true);
    expect(isPublicMsg({ t: 'hello' })).toBe(true);
    expect(isPublicMsg({ t: 'clear', id: 'x' })).toBe(true);
    expect(isPrivateMsg({ t: 'priv', s: {} })).toBe(true);
  });

  it('a listener sees only accepted messages, and junk never throws', () => {
    const { factory, deliver } = fakeChannel();
    const ch = openChannel('test', isPresentMsg, factory);
    const seen: unknown[] = [];
    ch.subscribe((m) => seen.push(m));
    for (const m of JUNK) expect(() => deliver(m)).not.toThrow();
    deliver({ t: 'hello', deck: 'd' });
    expect(seen).toEqual([{ t: 'hello', deck: 'd' }]);
    ch.close();
  });
});
