// What each algorithm does with a time before the key's latest one, as its usual script does
// (the descriptor's `pastTime`; the engine sends such times as given only for "asGiven").
import { describe, expect, it } from 'vitest';
import { algorithmOf, BUILTIN_ALGORITHMS, registerLimiter } from './registry';
import { make, req } from './testkit';

describe('pastTime', () => {
  it('every built-in algorithm says what its script does with a time from the past', () => {
    const clamp = BUILTIN_ALGORITHMS.filter((a) => algorithmOf(a)?.pastTime === 'clamp');
    expect([...clamp].sort()).toEqual(['leaky-bucket', 'token-bucket']);
    for (const a of BUILTIN_ALGORITHMS)
      expect(['clamp', 'asGiven']).toContain(algorithmOf(a)?.pastTime);
    // A plugged-in limiter (a Lua script) gets the time as sent.
    registerLimiter('past-time-plugin', {
      validateParams: () => [],
      create: () => make('gcra', {}),
    });
    expect(algorithmOf('past-time-plugin')?.pastTime).toBe('asGiven');
  });

  it('fixed window: a time in an earlier window counts in that window, not the latest', () => {
    const l = make('fixed-window', { limit: 2, windowSeconds: 10 });
    expect(l.decide(req(12)).allowed).toBe(true);
    expect(l.decide(req(13)).allowed).toBe(true);
    expect(l.decide(req(14)).allowed).toBe(false);
    // Window 0, from a caller behind: its own count, with a retry to the end of window 0.
    expect(l.decide(req(5))).toMatchObject({ allowed: true, remaining: 1 });
    expect(l.decide(req(6)).allowed).toBe(true);
    expect(l.decide(req(7))).toMatchObject({ allowed: false, retryAfterSeconds: 3 });
    // The latest window is untouched, and moving on keeps the earlier counts.
    expect(l.view('k', 14)).toMatchObject({ windowStart: 10, count: 2 });
    expect(l.decide(req(21)).allowed).toBe(true);
    expect(l.decide(req(8)).allowed).toBe(false);
    expect(l.decide(req(18)).allowed).toBe(false);
  });

  it('sliding window counter: a time from the past weighs its own two windows', () => {
    const l = make('sliding-window-counter', { limit: 2, windowSeconds: 10 });
    expect(l.decide(req(21)).allowed).toBe(true);
    expect(l.decide(req(22)).allowed).toBe(true);
    expect(l.decide(req(23)).allowed).toBe(false);
    // 5 s is in window 0: windows -1 and 0 are empty for it.
    expect(l.decide(req(5)).allowed).toBe(true);
    expect(l.decide(req(6)).allowed).toBe(true);
    expect(l.decide(req(7)).allowed).toBe(false);
    // 15 s: window 0 holds 2, weighed (10 - 5) / 10: estimate 1, so one more fits.
    expect(l.decide(req(15)).allowed).toBe(true);
    expect(l.decide(req(15)).allowed).toBe(false);
    expect(l.view('k', 23)).toMatchObject({ previousCount: 1, currentCount: 2 });
  });

  it('sliding log: an entry stamped in the past leaves the log sooner', () => {
    const l = make('sliding-log', { limit: 2, windowSeconds: 10 });
    expect(l.decide(req(20)).allowed).toBe(true);
    expect(l.decide(req(12)).allowed).toBe(true);
    expect(l.decide(req(21)).allowed).toBe(false);
    // The entry at 12 leaves at 22, the one at 20 at 30.
    expect(l.decide(req(22)).allowed).toBe(true);
    expect(l.decide(req(23))).toMatchObject({ allowed: false, retryAfterSeconds: 7 });
  });

  it('concurrency: a lease taken at a past time ends sooner', () => {
    const l = make('concurrency', { maxInFlight: 1 });
    expect(l.decide(req(10, 1, 'k', 5)).allowed).toBe(true);
    expect(l.decide(req(4, 1, 'k', 5))).toMatchObject({ allowed: false, retryAfterSeconds: 11 });
    expect(l.decide(req(15, 1, 'k', 5)).allowed).toBe(true);
    // Behind again: the lease ending at 20 is still held at 16 on this clock.
    expect(l.decide(req(16, 1, 'k', 1)).allowed).toBe(false);
  });

  it('gcra: a time from the past only waits longer', () => {
    const l = make('gcra', { ratePerSecond: 1, burst: 1 });
    expect(l.decide(req(10)).allowed).toBe(true);
    expect(l.decide(req(5))).toMatchObject({ allowed: false, retryAfterSeconds: 6 });
  });
});
