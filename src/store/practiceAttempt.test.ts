import { describe, expect, it } from 'vitest';
import type { GradeOutcome } from '../worker/gradeClient';
import { createPracticeAttempt, type AttemptDeps } from './practiceAttempt';

const outcome = (passed: boolean, seed: number): GradeOutcome => ({
  problem: 'p',
  passed,
  summary: passed ? 'ok' : 'Failed on hidden case 1 of 2: a.',
  failure: passed ? null : { name: 'a', message: 'wrong' },
  seed,
  cases: [{ name: 'a', passed }],
  total: 2,
});

function setup(answers: boolean[] = [false, true]) {
  const log: string[] = [];
  const pending: (() => void)[] = [];
  let n = 0;
  const deps: AttemptDeps = {
    grade: (_slug, _id, _sub, _problem, seed) =>
      new Promise((resolve) => {
        const passed = answers[n++] ?? false;
        pending.push(() => resolve(outcome(passed, seed)));
      }),
    freshSeed: () => 1000 + n,
    progress: () => ({
      attempted: (slug) => log.push(`attempted ${slug}`),
      answered: (id, right) => log.push(`answered ${id} ${right}`),
      markSolved: (slug) => log.push(`solved ${slug}`),
    }),
  };
  const a = createPracticeAttempt(
    { slug: 'p', graderId: 'p', context: {}, reviewInfo: { title: 'P', href: '#/practice/p' } },
    deps,
  );
  const finish = () => pending.shift()!();
  return { a, log, finish };
}

describe('a practice attempt', () => {
  it('is busy while grading, then shows the result and records the attempt', async () => {
    const { a, log, finish } = setup([false]);
    const done = a.grade({ code: 'x' });
    expect(a.store.getState()).toMatchObject({ busy: true, result: null, seed: 1000 });
    finish();
    const r = await done;
    expect(r?.passed).toBe(false);
    expect(a.store.getState()).toMatchObject({ busy: false, seed: 1000 });
    expect(a.store.getState().result?.seed).toBe(1000);
    expect(log).toEqual(['attempted p', 'answered problem:p false']);
  });

  it('a pass marks the problem solved', async () => {
    const { a, log, finish } = setup([true]);
    const done = a.grade({ code: 'x' }, 7);
    finish();
    await done;
    expect(a.store.getState().result?.seed).toBe(7);
    expect(log).toEqual(['attempted p', 'answered problem:p true', 'solved p']);
  });

  it('a result that comes back after a reset is dropped, and nothing is recorded', async () => {
    const { a, log, finish } = setup([true]);
    const done = a.grade({ code: 'x' });
    a.reset();
    finish();
    expect(await done).toBeNull();
    expect(a.store.getState()).toEqual({ busy: false, result: null, seed: null });
    expect(log).toEqual([]);
  });

  it('only the newest grade is shown when two overlap', async () => {
    const { a, finish } = setup([false, true]);
    const first = a.grade({ code: 'old' }, 1);
    const second = a.grade({ code: 'new' }, 2);
    finish();
    finish();
    expect(await first).toBeNull();
    expect((await second)?.passed).toBe(true);
    expect(a.store.getState().result?.seed).toBe(2);
  });
});
