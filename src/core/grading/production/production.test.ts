// The production problems (issue 15): each problem's starter fails, its worked answer passes on
// more than one attempt's generated cases, and wrong answers fail with a message about their
// own mistake, never naming the answer.
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadContentFiles } from '../../content/loadFiles';
import { parseDoc } from '../../content/parseDoc';
import { graderById } from '../registry';
import { answerSubmission, problemContext, starterSubmission } from '../submission';
import type { GradeResult, Submission } from '../types';

const files = loadContentFiles(resolve(__dirname, '../../../..'));
const doc = (slug: string) => {
  const path = `lessons/practice/${slug}.md`;
  return parseDoc(path, files[path]!);
};
const grade = (slug: string, sub: Submission, seed = 0): Promise<GradeResult> =>
  graderById(slug)!.grade(sub, { problem: problemContext(doc(slug)), seed });

/** Each problem: wrong answers with the hidden case and the words their failure must carry. */
const PROBLEMS: Record<
  string,
  { wrong: [Record<string, unknown>, RegExp][]; right?: Record<string, unknown>[] }
> = {
  'failover-replica-lag': {
    wrong: [
      [{ lagSeconds: 0.3 }, /6 beyond the limit.*6\.0%, more than 5%/],
      [{ lagSeconds: 0.26 }, /more than 5%/],
      [{ lagSeconds: 1 }, /never saw 20 admitted writes/],
      [{ lagSeconds: 0.05 }, /fires whenever the replica is at its normal/],
      [{ lagSeconds: 'soon' }, /"lagSeconds" must be a number/],
    ],
    // "no more than 5%": 0.25 s gives exactly 5 extra on a limit of 100, and passes
    right: [{ lagSeconds: 0.2 }, { lagSeconds: 0.1 }, { lagSeconds: 0.25 }, { lagSeconds: '0.25' }],
  },
  'lease-size': {
    wrong: [
      [{ size: 5, ttlSeconds: 2 }, /5\.0 times fewer .*not 10/],
      [{ size: 15, ttlSeconds: 0.1 }, /times fewer|expire unspent/],
      [{ size: 60, ttlSeconds: 2 }, /times fewer|expire unspent|more than the limit/],
      [{ size: 15 }, /"ttlSeconds" is missing/],
      // four servers each carrying 26 leased tokens across a turn: 104 extra, over 10%
      [{ size: 27, ttlSeconds: 2 }, /one request on each server .* 104 more than .*more than 10%/],
      [{ size: 28, ttlSeconds: 3 }, /held across the turn .*more than 10%/],
    ],
    // 26 leaves at most 4 x 25 = 100 tokens to cross a turn: exactly 10%, which passes
    right: [
      { size: 12, ttlSeconds: 2 },
      { size: 25, ttlSeconds: 2 },
      { size: 26, ttlSeconds: 2 },
    ],
  },
  'shard-hot-key': {
    wrong: [
      [{ shards: 4, shardBudget: 'copy' }, /budget copied admitted \d+ more than 1000/],
      [{ shards: 2, shardBudget: 'split' }, /more than the 300 one Redis key can take/],
      [{ shards: 32, shardBudget: 'split' }, /refused 3\.\d+% .*at most 1%/],
      [{ shards: 4.5, shardBudget: 'split' }, /whole number/],
    ],
    right: [{ shards: 5, shardBudget: 'split' }],
  },
  'clock-skew-threshold': {
    wrong: [
      [{ maxOffsetSeconds: 0.2 }, /more than 5%/],
      [{ maxOffsetSeconds: 0.5 }, /refills for time that has not passed/],
      [{ maxOffsetSeconds: 0.001 }, /fires all day/],
    ],
    right: [{ maxOffsetSeconds: 0.01 }, { maxOffsetSeconds: 0.05 }],
  },
  'shadow-enforce-false': {
    wrong: [
      [{ limit: 120, enforce: true }, /refused with 429: the new policy is enforcing/],
      [{ limit: 60, enforce: false }, /a normal tenant; the target is under 0\.1%/],
      [{ limit: 400, enforce: false }, /tenant-0.*held back by at least half/],
    ],
    right: [{ limit: 200, enforce: 'false' }],
  },
  'signals-alert': {
    wrong: [
      [{ metric: 'rate503', threshold: 0.01 }, /fail-open: rate503 .* stayed quiet/],
      [{ metric: 'rate429', threshold: 0.05 }, /stayed quiet through a real outage/],
      [{ metric: 'errors', threshold: 0.1 }, /errors over the run was .* stayed quiet/],
      [{ metric: 'failOpen', threshold: 0 }, /stayed quiet/],
    ],
    right: [{ metric: 'errors', threshold: 0 }],
  },
};

describe('production problems', () => {
  for (const [slug, p] of Object.entries(PROBLEMS)) {
    it(`${slug}: the starter fails, the worked answer passes on three attempts`, async () => {
      expect((await grade(slug, starterSubmission(doc(slug)))).passed).toBe(false);
      const answer = answerSubmission(doc(slug))!;
      for (const seed of [0, 1, 2]) {
        const r = await grade(slug, answer, seed);
        expect(r.passed, `${slug} seed ${seed}: ${r.failure?.message}`).toBe(true);
        expect(r.seed).toBe(seed);
      }
      for (const params of p.right ?? [])
        for (const seed of [0, 1, 2]) {
          const r = await grade(slug, { params }, seed);
          expect(r.passed, `${JSON.stringify(params)} seed ${seed}: ${r.failure?.message}`).toBe(
            true,
          );
        }
    }, 120_000);

    it(`${slug}: wrong answers fail with their own mistake`, async () => {
      const answer = JSON.stringify((answerSubmission(doc(slug))!.params as object) ?? {});
      for (const [params, why] of p.wrong) {
        const r = await grade(slug, { params });
        expect(r.passed, JSON.stringify(params)).toBe(false);
        expect(r.failure?.message, JSON.stringify(params)).toMatch(why);
        // the worked answer's setting is never spelled out
        expect(r.failure?.message).not.toContain(answer);
      }
    }, 60_000);
  }

  it('a generated failure replays from its seed', async () => {
    const a = await grade('shard-hot-key', { params: { shards: 3, shardBudget: 'split' } }, 5);
    const b = await grade('shard-hot-key', { params: { shards: 3, shardBudget: 'split' } }, 5);
    expect(a.passed).toBe(false);
    expect(b.failure).toEqual(a.failure);
  }, 60_000);
});
