// Every practice problem's worked answer (its ```answer block) passes its grader and its
// starter fails it; plus the graders' own behaviour on known right and wrong answers.
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadContentFiles } from '../../core/content/loadFiles';
import { isProblemFile } from '../../core/content/check';
import { parseDoc } from '../../core/content/parseDoc';
import { templateById } from '../scripts/templates';
import { graderById } from './registry';
import { starterSubmission, answerSubmission } from './submission';

const ROOT = resolve(__dirname, '../../..');
const files = loadContentFiles(ROOT);
const problems = Object.keys(files).filter(isProblemFile);

describe('practice problems', () => {
  it.skipIf(problems.length > 0)('(no practice problems yet)', () => {});
  for (const path of problems) {
    const doc = parseDoc(path, files[path]!);
    const id = String(doc.front.grader ?? '');
    describe(path, () => {
      it('has a registered grader', () => {
        expect(graderById(id), `grader "${id}"`).toBeDefined();
      });
      it('the worked answer passes and the starter fails', async () => {
        const g = graderById(id)!;
        const answer = answerSubmission(doc);
        const starter = starterSubmission(doc);
        expect(answer, 'answer block').not.toBeNull();
        const t0 = performance.now();
        const pass = await g.grade(answer!);
        expect(pass.failure?.message ?? '', `${path}: worked answer`).toBe('');
        expect(pass.passed).toBe(true);
        const fail = await g.grade(starter);
        expect(fail.passed, `${path}: the starter should fail`).toBe(false);
        expect(fail.failure?.message).toBeTruthy();
        expect(performance.now() - t0, 'grading time in ms').toBeLessThan(4000);
      });
    });
  }
});

describe('graders', () => {
  it('predict-local-vs-shared checks against the engine', async () => {
    const g = graderById('predict-local-vs-shared')!;
    expect((await g.grade({ local: '5', shared: 3 })).passed).toBe(true);
    const bad = await g.grade({ local: 3, shared: 3 });
    expect(bad.passed).toBe(false);
    expect(bad.failure?.message).toMatch(/engine's run gives 5/);
    expect(bad.failure?.scenario).toMatchObject({ placement: 'local' });
  });

  it('configure-burst-and-sustain finds N+1 and the sustained rate', async () => {
    const g = graderById('configure-burst-and-sustain')!;
    expect((await g.grade({ capacity: 20, refillPerSecond: 5 })).passed).toBe(true);
    const big = await g.grade({ capacity: 25, refillPerSecond: 5 });
    expect(big.failure?.name).toMatch(/N\+1/);
    expect(big.failure?.rows?.length).toBeGreaterThan(0);
    const fast = await g.grade({ capacity: 20, refillPerSecond: 6 });
    expect(fast.passed).toBe(false);
  });

  it('configure-local-limit and choose-failure-modes', async () => {
    expect(
      (await graderById('configure-local-limit')!.grade({ localLimit: 100, unevenAdmitted: 100 }))
        .passed,
    ).toBe(true);
    expect(
      (await graderById('configure-local-limit')!.grade({ localLimit: 800, unevenAdmitted: 800 }))
        .passed,
    ).toBe(false);
    const c = graderById('choose-failure-modes')!;
    expect(
      (await c.grade({ search: 'fail-open', payment: 'fail-closed', llm: 'local-fallback' }))
        .passed,
    ).toBe(true);
    const open = await c.grade({ search: 'fail-open', payment: 'fail-closed', llm: 'fail-open' });
    expect(open.failure?.message).toMatch(/went through unchecked/);
  });

  it('fix-get-then-set: the race is found, an atomic INCR passes', async () => {
    const g = graderById('fix-get-then-set')!;
    const racy = await g.grade({ code: templateById('get-then-set')!.source });
    expect(racy.passed).toBe(false);
    expect(racy.failure?.trace?.length).toBeGreaterThan(0);
    const fixed = `local n = redis.call('INCRBY', KEYS[1], ARGV[3])
if n == tonumber(ARGV[3]) then redis.call('EXPIRE', KEYS[1], ARGV[2]) end
if n > tonumber(ARGV[1]) then
  redis.call('DECRBY', KEYS[1], ARGV[3])
  return {0, 0, 1}
end
return {1, tonumber(ARGV[1]) - n, 0}`;
    const ok = await g.grade({ code: fixed });
    expect(ok.failure?.message ?? '').toBe('');
  });

  it('a Lua template agrees with its built-in reference; a broken one does not', async () => {
    const g = graderById('write-gcra')!;
    const good = await g.grade({ code: templateById('gcra')!.source });
    expect(good.failure?.message ?? '').toBe('');
    const bad = await g.grade({ code: 'return 1' });
    expect(bad.passed).toBe(false);
    expect(bad.failure?.scenario).toMatchObject({ algorithm: 'lua' });
    const err = await g.grade({ code: 'this is not lua' });
    expect(err.failure?.message).toMatch(/compil|syntax|error/i);
  });

  it('never hangs on an endless loop', async () => {
    const t0 = performance.now();
    const r = await graderById('write-gcra')!.grade({ code: 'while true do end' });
    expect(r.passed).toBe(false);
    expect(performance.now() - t0).toBeLessThan(5000);
  });
});
