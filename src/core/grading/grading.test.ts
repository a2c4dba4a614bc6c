// Every practice problem's worked answer (its ```answer block) passes its grader and its
// starter fails it; plus the graders' own behaviour on known right and wrong answers.
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadContentFiles } from '../../core/content/loadFiles';
import { isProblemFile } from '../../core/content/check';
import { parseDoc } from '../../core/content/parseDoc';
import { templateById } from '../playground/templates';
import { interleavingGrader } from './appServer';
import { GRADERS, graderById } from './registry';
import { answerSubmission, problemContext, starterSubmission } from './submission';

const ROOT = resolve(__dirname, '../../..');
const files = loadContentFiles(ROOT);
const problems = Object.keys(files).filter(isProblemFile);

describe('practice problems', () => {
  it('finds the practice problems', () => {
    expect(problems.length).toBeGreaterThanOrEqual(15);
  });
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
        const problem = problemContext(doc);
        const pass = await g.grade(answer!, { problem });
        expect(pass.failure?.message ?? '', `${path}: worked answer`).toBe('');
        expect(pass.passed).toBe(true);
        const fail = await g.grade(starter, { problem });
        expect(fail.passed, `${path}: the starter should fail`).toBe(false);
        expect(fail.failure?.message).toBeTruthy();
        // Generated cases differ per attempt: the worked answer passes other seeds' cases too
        // (a predict problem's other seeds draw other numbers, which its answer is not for).
        if (doc.front.kind !== 'predict')
          for (const seed of [1, 2]) {
            const again = await g.grade(answer!, { problem, seed });
            expect(again.failure?.message ?? '', `${path}: worked answer, seed ${seed}`).toBe('');
          }
        // (How long a grade takes is measured by `npm run bench`, not asserted here.)
      }, 60_000);
    });
  }
});

const docOf = (slug: string) => {
  const path = `lessons/practice/${slug}.md`;
  return parseDoc(path, files[path]!);
};
/** Grades as the practice page does: with the problem's starter as context. */
const gradeAs = (slug: string, sub: Record<string, unknown>) =>
  graderById(slug)!.grade(sub, { problem: problemContext(docOf(slug)) });
const workedCode = (slug: string) => String(answerSubmission(docOf(slug))!.code);

describe('graders', () => {
  it('every grader belongs to a problem', () => {
    const used = new Set(problems.map((p) => String(parseDoc(p, files[p]!).front.grader)));
    expect(GRADERS.map((g) => g.id).filter((id) => !used.has(id))).toEqual([]);
  });

  it('predict graders run the problem’s own scenario on the engine', async () => {
    expect((await gradeAs('predict-local-vs-shared', { answer: '6' })).passed).toBe(true);
    const bad = await gradeAs('predict-local-vs-shared', { answer: 2 });
    expect(bad.passed).toBe(false);
    // A wrong prediction is never told the number, nor given the run that shows it.
    expect(bad.failure?.message).not.toMatch(/\b6\b/);
    expect(bad.failure?.scenario).toBeUndefined();
    // The expected number follows the scenario, not a constant.
    const shared = {
      ...(problemContext(docOf('predict-local-vs-shared')).starter!.scenario as object),
      placement: 'shared',
    };
    const g = graderById('predict-local-vs-shared')!;
    expect(
      (await g.grade({ answer: 2 }, { problem: { starter: { scenario: shared } } })).passed,
    ).toBe(true);
    expect((await g.grade({ answer: 6 })).failure?.message).toMatch(/no scenario/);
    expect((await gradeAs('predict-boundary-burst', { answer: 200 })).passed).toBe(true);
    expect((await gradeAs('predict-boundary-burst', { answer: 100 })).passed).toBe(false);
    expect((await gradeAs('predict-swc-estimate', { answer: 8 })).passed).toBe(true);
    expect((await gradeAs('predict-swc-estimate', { answer: 10 })).failure?.message).not.toMatch(
      /\b8\b/,
    );
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

  it('configure-per-server-share: the budget holds whatever the routing', async () => {
    const share = (limit: number, windowSeconds: number) =>
      gradeAs('configure-per-server-share', { params: { limit, windowSeconds } });
    expect((await share(100, 60)).passed).toBe(true);
    expect((await share(101, 60)).failure?.message).toMatch(/808 requests/);
    expect((await share(100, 30)).failure?.message).toMatch(/1600 requests/);
    expect((await share(99, 60)).failure?.message).toMatch(/gets only 792/);
  });

  it('retry-storm-jitter and shadow-mode-policy replay several seeds', async () => {
    const storm = (jitter: unknown, maxAttempts: unknown) =>
      gradeAs('retry-storm-jitter', { params: { jitter, maxAttempts } });
    expect((await storm('true', '2')).passed).toBe(true);
    expect((await storm('false', 2)).failure?.message).toMatch(/per 100 ms/);
    expect((await storm(true, 4)).failure?.message).toMatch(/limit is 3,000/);
    expect((await storm(true, 1)).failure?.message).toMatch(/at least 2/);
    const shadow = (capacity: number, refillPerSecond: number) =>
      gradeAs('shadow-mode-policy', { params: { capacity, refillPerSecond } });
    expect((await shadow(20, 5)).passed).toBe(true);
    expect((await shadow(200, 15)).failure?.message).toMatch(/tenant-0/);
    expect((await shadow(1000, 1)).failure?.name).toBe('a quiet tenant over a long run');
  });

  it('choose graders: failure modes and the 429', async () => {
    const c = graderById('choose-failure-modes')!;
    expect(
      (await c.grade({ search: 'fail-open', payment: 'fail-closed', llm: 'local-fallback' }))
        .passed,
    ).toBe(true);
    const open = await c.grade({ search: 'fail-open', payment: 'fail-closed', llm: 'fail-open' });
    expect(open.failure?.message).toMatch(/went through unchecked/);
    const right = {
      status: '429',
      retryAfter: '4',
      contentType: 'application/problem+json; charset=utf-8',
      cacheControl: 'private, no-store',
      statusWhenStoreDown: 503,
    };
    expect((await gradeAs('http-429-response', { choices: right })).passed).toBe(true);
    const early = await gradeAs('http-429-response', { choices: { ...right, retryAfter: 3 } });
    expect(early.failure?.scenario).toMatchObject({ algorithm: 'token-bucket' });
    const cached = await gradeAs('http-429-response', {
      choices: { ...right, cacheControl: 'no-cache' },
    });
    expect(cached.failure?.name).toBe('Cache-Control');
    const down = await gradeAs('http-429-response', {
      choices: { ...right, statusWhenStoreDown: 429 },
    });
    expect(down.failure?.scenario).toMatchObject({ failureMode: 'fail-closed' });
  });

  it('app-server interleavings find a race; an atomic INCR passes', async () => {
    const GET_THEN_SET = { keys: ['count:client'], args: ['3', '60', '1'] };
    const g = interleavingGrader('race', 'app-server code', [
      { name: 'N', setup: [], clients: 3, sequential: true, ...GET_THEN_SET, expectAdmitted: 3 },
      {
        name: 'two at once with one slot left',
        setup: [['SET', 'count:client', '2', 'EX', '60']],
        clients: 2,
        ...GET_THEN_SET,
        expectAdmitted: 1,
      },
    ]);
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
    // The sliding-log template touches only its KEYS[1] (members carry their own time), so it
    // is a correct weighted log; one that keeps a sequence in an undeclared key is refused.
    const slidingLog = templateById('sliding-log')!.source;
    expect(
      (await gradeAs('write-sliding-log-weighted', { code: slidingLog })).failure?.message ?? '',
    ).toBe('');
    const strayKey = slidingLog.replace(
      'redis.call("ZADD", log, now, member)',
      'redis.call("ZADD", log, now, member)\n  redis.call("SET", log .. ":seq", n, "EX", 120)',
    );
    expect(strayKey).not.toBe(slidingLog);
    expect(
      (await gradeAs('write-sliding-log-weighted', { code: strayKey })).failure?.message,
    ).toMatch(/not one of the KEYS/);
    // The Unix-aligned 60-s window lines up with the built-in's (the grader's clock does it).
    // fix-get-then-set grades app-server code: the template is sent as one atomic EVAL.
    const asOneEval = (script: string) =>
      `return redis.call("EVAL", [==[\n${script}\n]==], 1, KEYS[1], ARGV[1], ARGV[2], ARGV[3])`;
    expect(
      (await gradeAs('fix-get-then-set', { code: asOneEval(templateById('fixed-window')!.source) }))
        .passed,
    ).toBe(true);
  });

  it('Lua graders catch the bug each problem is about', async () => {
    // An exclusive bound keeps an entry exactly one window old.
    const bound = await gradeAs('fix-sliding-log-bound', {
      code: workedCode('fix-sliding-log-bound').replace(
        'string.format("%.0f", now_us - span_us))',
        '"(" .. string.format("%.0f", now_us - span_us))',
      ),
    });
    expect(bound.failure?.name).toMatch(/exactly one window/);
    expect(bound.failure?.rows?.[bound.failure.firstMismatch!]?.expected).toBe('allowed');
    // Releasing leases strictly after their end.
    const lease = await gradeAs('write-concurrency-lease', {
      code: workedCode('write-concurrency-lease').replace(
        '"-inf", string.format("%.0f", now_us))',
        '"-inf", "(" .. string.format("%.0f", now_us))',
      ),
    });
    expect(lease.failure?.message).toMatch(/lease/);
    // A retry rounded down.
    const retry = await gradeAs('write-sliding-log-weighted', {
      code: workedCode('write-sliding-log-weighted').replace(
        'math.ceil(wait_us / 1000000)',
        'math.floor(wait_us / 1000000)',
      ),
    });
    expect(retry.failure?.message).toMatch(/Retry-After/);
    // Trusting the leftover string counter (no TYPE check) fails on the crashed server's key.
    const leftover = await gradeAs('fix-incr-then-expire', {
      code: workedCode('fix-incr-then-expire').replace(/local kind[\s\S]*?\nend\n/, ''),
    });
    expect(leftover.failure?.name).toMatch(/crashed between INCRBY and EXPIRE/);
    // Expiry-based windows (EXPIRE on every call) miss the fixed boundary.
    const expiry = await gradeAs('fix-incr-then-expire', {
      code: `local limit, window, cost = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
local count = redis.call("INCRBY", KEYS[1], cost)
redis.call("EXPIRE", KEYS[1], window)
if cost > limit then return {0, 0, -1} end
if count > limit then return {0, 0, redis.call("TTL", KEYS[1])} end
return {1, limit - count, 0}`,
    });
    expect(expiry.passed).toBe(false);
    // The clock fix with Redis TIME (the better fix) passes; the starter without the simulated
    // skew line still fails on a clock the grader skews itself.
    const time = await gradeAs('fix-clock-backwards', {
      code: workedCode('fix-clock-backwards').replace(
        'local now = tonumber(ARGV[4])',
        'local tt = redis.call("TIME")\nlocal now = tonumber(tt[1]) - 1700000000 + tonumber(tt[2]) / 1000000',
      ),
    });
    expect(time.failure?.message ?? '').toBe('');
    const starter = String(starterSubmission(docOf('fix-clock-backwards')).code);
    const noSkew = await gradeAs('fix-clock-backwards', {
      code: starter.replace('if ARGV[5] == "B" then now = now - 30 end', ''),
    });
    expect(noSkew.failure?.name).toMatch(/C 12 s slow/);
    expect(noSkew.failure?.trace?.length).toBeGreaterThan(0);
  });

  it('fix-crossslot grades the keys on a cluster', async () => {
    const code = workedCode('fix-crossslot');
    const keys = (k: string[]) => gradeAs('fix-crossslot', { code, keys: k });
    expect((await keys(['{{tenant}}:cred:{key}', '{{tenant}}:tenant'])).passed).toBe(true);
    expect((await keys(['rl:{key}:cred', 'rl:{key}:tenant'])).failure?.message).toMatch(
      /CROSSSLOT/,
    );
    // One key for every credential of the tenant: one slot, but the wrong policy.
    const one = await keys(['rl:{{tenant}}:cred', 'rl:{{tenant}}:tenant']);
    expect(one.failure?.rows?.length).toBeGreaterThan(0);
  });

  it('never hangs on an endless loop', async () => {
    // The step budget (steps, not time) stops it; the bound is far from its real time
    // (about a second), so a busy machine cannot fail it.
    const t0 = performance.now();
    const r = await graderById('write-gcra')!.grade({ code: 'while true do end' });
    expect(r.passed).toBe(false);
    expect(performance.now() - t0).toBeLessThan(60_000);
  }, 90_000);
});
