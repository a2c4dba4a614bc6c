// The store column highlights exactly the keys the last round trip changed.
import { describe, expect, it } from 'vitest';
import type { SessionState } from '../../core/races/session';
import type { KeyState, Step } from '../../core/races/types';
import { changedKeys } from './changedKeys';

const k = (key: string, value: string, ttlMs: number | null = null): KeyState => ({
  key,
  type: 'string',
  value,
  ttlMs,
});
const trip = (state: KeyState[]): Step => ({
  request: 0,
  command: ['SET'],
  reply: { ok: 'OK' },
  line: null,
  state,
});
const session = (initialStore: KeyState[], steps: Step[]): SessionState => ({
  schedule: steps.map(() => ({ request: 0 })),
  steps,
  servers: [],
  store: steps.at(-1)?.state ?? initialStore,
  initialStore,
  finished: false,
  verdict: null,
  verdictText: null,
  allowed: null,
});

describe('changedKeys', () => {
  it('nothing before the first step', () => {
    expect(changedKeys(null)).toEqual(new Set());
    expect(changedKeys(session([k('a', '1')], []))).toEqual(new Set());
  });

  it('the first step against the initial store: new keys and new values', () => {
    const st = session([k('a', '1'), k('b', '1')], [trip([k('a', '1'), k('b', '2'), k('c', '1')])]);
    expect(changedKeys(st)).toEqual(new Set(['b', 'c']));
  });

  it('a later step against the one before it, a new expiry counting as a change', () => {
    const st = session(
      [],
      [trip([k('a', '1')]), trip([k('a', '2')]), trip([k('a', '2', 60_000), k('b', 'x')])],
    );
    expect(changedKeys(st)).toEqual(new Set(['a', 'b']));
    const same = session([], [trip([k('a', '1')]), trip([k('a', '1')])]);
    expect(changedKeys(same)).toEqual(new Set());
  });
});
