import { describe, expect, it } from 'vitest';
import { make, req } from './testkit';

describe('check / commit (multi-policy building blocks)', () => {
  it('check never charges; commit(false) charges nothing', () => {
    const l = make('token-bucket', { capacity: 1, refillPerSecond: 1 });
    expect(l.check(req(0)).allowed).toBe(true);
    expect(l.check(req(0)).allowed).toBe(true);
    l.commit(req(0), false);
    expect(l.decide(req(0)).allowed).toBe(true);
    expect(l.decide(req(0)).allowed).toBe(false);
  });
  it('snapshot / restore and read / write state copy, not share', () => {
    const l = make('sliding-log', { limit: 2, windowSeconds: 10 });
    l.decide(req(0));
    const snap = l.snapshot();
    const st = l.readState('k');
    l.decide(req(1));
    const m = make('sliding-log', { limit: 2, windowSeconds: 10 });
    m.restore(snap);
    expect(m.decide(req(2)).remaining).toBe(0);
    m.writeState('k', st);
    expect(m.decide(req(2)).remaining).toBe(0);
    expect(l.decide(req(2)).allowed).toBe(false);
  });
});
