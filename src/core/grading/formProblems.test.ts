// Predict, configure and choose problems: fresh instances per seed, feedback that never gives a
// predicted number away, the wrong answers the issue found passing, and mutants of the worked
// answers (each must fail, with a message about its mistake, never naming the right option).
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runLane } from '../content/lanes';
import { loadContentFiles } from '../content/loadFiles';
import { parseDoc } from '../content/parseDoc';
import { instanceOf, PREDICT_SPECS } from './predict';
import { graderById } from './registry';
import { answerSubmission, problemContext } from './submission';
import type { GradeResult, Submission } from './types';

const files = loadContentFiles(resolve(__dirname, '../../..'));
const doc = (slug: string) => {
  const path = `lessons/practice/${slug}.md`;
  return parseDoc(path, files[path]!);
};
const grade = (slug: string, sub: Submission, seed = 0): Promise<GradeResult> =>
  graderById(slug)!.grade(sub, { problem: problemContext(doc(slug)), seed });
const choices = (slug: string) =>
  (answerSubmission(doc(slug))!.choices ?? answerSubmission(doc(slug))!.params) as Record<
    string,
    unknown
  >;

describe('predict instances', () => {
  for (const spec of PREDICT_SPECS) {
    it(`${spec.id}: seed 0 is the statement; the same seed draws the same instance`, () => {
      const ctx = problemContext(doc(spec.id));
      const own = instanceOf(spec, ctx, 0)!;
      expect(own.vars).toEqual(ctx.starter!.vars);
      // The statement's numbers and its scenario tell the same story.
      expect(spec.build(own.vars)).toEqual(ctx.starter!.scenario);
      const a = instanceOf(spec, ctx, 17)!;
      expect(instanceOf(spec, ctx, 17)).toEqual(a);
      const drawn = new Set(
        Array.from({ length: 12 }, (_, i) => JSON.stringify(instanceOf(spec, ctx, i + 1)!.vars)),
      );
      expect(drawn.size, 'fresh numbers across seeds').toBeGreaterThan(3);
      // Every instance is a valid scenario the engine runs.
      for (let s = 1; s <= 12; s++)
        expect(() => runLane(instanceOf(spec, ctx, s)!.scenario)).not.toThrow();
    });

    it(`${spec.id}: a wrong number is told so, never the right number`, async () => {
      for (const seed of [0, 3, 8]) {
        // Find the right number by trying: the grader must say which guess is right...
        let right: number | null = null;
        for (let guess = 0; guess <= 260 && right === null; guess++)
          if ((await grade(spec.id, { answer: guess }, seed)).passed) right = guess;
        expect(right, `${spec.id} seed ${seed} has an answer in 0..260`).not.toBeNull();
        // ...and never says it when the guess is wrong.
        const wrong = await grade(spec.id, { answer: right! + 1 }, seed);
        expect(wrong.passed).toBe(false);
        expect(wrong.failure?.message).not.toContain(String(right));
        expect(wrong.failure?.scenario).toBeUndefined();
        expect(wrong.seed).toBe(seed);
      }
    });
  }

  it('an empty or unreadable prediction names what is missing', async () => {
    expect((await grade('predict-nginx-burst', {})).failure?.message).toMatch(/missing/);
    expect((await grade('predict-nginx-burst', { answer: 'six' })).failure?.message).toMatch(
      /not a number/,
    );
  });
});

describe('configure problems', () => {
  it('configure-burst-and-sustain: mutants of 20 and 5 fail on generated traffic', async () => {
    const slug = 'configure-burst-and-sustain';
    expect((await grade(slug, { params: { capacity: 20, refillPerSecond: 5 } })).passed).toBe(true);
    for (const [capacity, refillPerSecond] of [
      [21, 5],
      [19, 5],
      [20, 5.1],
      [20, 4.9],
      [5, 20],
    ]) {
      const r = await grade(slug, { params: { capacity, refillPerSecond } });
      expect(r.passed, `${capacity}, ${refillPerSecond}`).toBe(false);
      expect(r.failure?.message).toMatch(/bursts 20 and sustains 5/);
    }
    expect((await grade(slug, { params: { capacity: '' } })).failure?.message).toMatch(
      /"capacity" is missing; "refillPerSecond" is missing/,
    );
  });

  it('configure-per-server-share: 50 per 30 s cuts a bunched tenant; 101 lets floods through', async () => {
    const slug = 'configure-per-server-share';
    const share = (limit: number, windowSeconds: number) =>
      grade(slug, { params: { limit, windowSeconds } });
    expect((await share(100, 60)).passed).toBe(true);
    expect((await share(50, 30)).failure?.message).toMatch(/gets only/);
    expect((await share(101, 60)).failure?.message).toMatch(/808|budget is 800/);
    expect((await share(100, 59)).passed).toBe(false);
  });

  it('retry-storm-jitter and shadow-mode-policy replay fresh seeds per attempt', async () => {
    const a = await grade('retry-storm-jitter', { params: { jitter: true, maxAttempts: 3 } }, 5);
    expect(a.passed).toBe(true);
    expect(a.seed).toBe(5);
    expect(a.cases.map((c) => c.name).join()).not.toMatch(/seed 11/);
    expect(
      (await grade('retry-storm-jitter', { params: { jitter: false, maxAttempts: 3 } }, 5)).passed,
    ).toBe(false);
    expect(
      (await grade('shadow-mode-policy', { params: { capacity: 20, refillPerSecond: 5 } }, 5))
        .passed,
    ).toBe(true);
    expect(
      (await grade('shadow-mode-policy', { params: { capacity: 5, refillPerSecond: 2 } }, 5))
        .passed,
    ).toBe(false);
  });
});

describe('choose problems', () => {
  const slug = 'choose-failure-modes';
  const modes = (search: string, payment: string, llm: string) =>
    grade(slug, { search, payment, llm });

  it('local-fallback for all three endpoints fails on payments, without naming the answer (issue 11)', async () => {
    const r = await modes('local-fallback', 'local-fallback', 'local-fallback');
    expect(r.passed).toBe(false);
    expect(r.failure?.name).toBe('payment endpoint');
    expect(r.failure?.message).toMatch(/irreversible charge/);
    expect(r.failure?.message).toMatch(/\d+ requests were admitted/);
    expect(r.failure?.message).not.toMatch(/fail-closed/);
  });

  it('every option is judged against its endpoint’s risk', async () => {
    expect((await modes('local-fallback', 'fail-closed', 'fail-closed')).passed).toBe(true);
    expect((await modes('fail-open', 'fail-closed', 'local-fallback')).passed).toBe(true);
    const closedSearch = await modes('fail-closed', 'fail-closed', 'fail-closed');
    expect(closedSearch.failure?.message).toMatch(/answered 503.*product outage/);
    const openPay = await modes('fail-open', 'fail-open', 'fail-closed');
    expect(openPay.failure?.message).toMatch(/went through unchecked/);
    const openLlm = await modes('fail-open', 'fail-closed', 'fail-open');
    expect(openLlm.failure?.message).toMatch(/spend is unbounded/);
    for (const r of [closedSearch, openPay, openLlm])
      expect(r.failure?.message).not.toMatch(/use (fail|local)|choose (fail|local)|should be/i);
    expect((await modes('', 'fail-closed', 'maybe')).failure?.message).toMatch(
      /search endpoint .*llm.*"maybe" is not one of them/,
    );
  });

  it('http-429-response: Cache-Control private, max-age=86400 fails (issue 11)', async () => {
    const right = choices('http-429-response');
    expect((await grade('http-429-response', { choices: right })).passed).toBe(true);
    const { body: _b, ...noBody } = right;
    expect((await grade('http-429-response', { choices: noBody })).passed).toBe(true);
    const priv = await grade('http-429-response', {
      choices: { ...right, cacheControl: 'private, max-age=86400' },
    });
    expect(priv.failure?.name).toBe('Cache-Control');
    expect(priv.failure?.message).toMatch(/private only keeps shared caches out/);
    expect(priv.failure?.message).not.toMatch(/no-store/);
  });

  it('http-429-response mutants: status, Retry-After, media type, body, 503', async () => {
    const right = choices('http-429-response');
    const bad = async (patch: Record<string, unknown>, name: RegExp) => {
      const r = await grade('http-429-response', { choices: { ...right, ...patch } });
      expect(r.passed, JSON.stringify(patch)).toBe(false);
      expect(r.failure?.name).toMatch(name);
    };
    await bad({ status: 503 }, /status of the refusal/);
    await bad({ retryAfter: 3 }, /Retry-After/);
    await bad({ retryAfter: 3.5 }, /Retry-After/);
    await bad({ contentType: 'application/json' }, /media type/);
    await bad({ cacheControl: 'no-cache' }, /Cache-Control/);
    await bad({ body: '{"status": 503, "title": "x"}' }, /body/);
    await bad({ body: 'not json' }, /body/);
    await bad({ statusWhenStoreDown: 429 }, /store does not answer/);
    const missing = await grade('http-429-response', { choices: { status: 429 } });
    expect(missing.failure?.message).toMatch(/missing "retryAfter", "contentType"/);
  });
});
