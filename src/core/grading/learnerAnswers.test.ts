// Answers as learners write them (learnerAnswers.fixture.ts): each mistake fails on three
// attempts' generated cases, with a message about the property it breaks; each correct answer
// written another way passes on the same three; and so does every worked answer.
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadContentFiles } from '../content/loadFiles';
import { parseDoc } from '../content/parseDoc';
import { applyEdits, RIGHT, WRONG, type Edit } from './learnerAnswers.fixture';
import { graderById } from './registry';
import { answerSubmission, problemContext } from './submission';
import type { GradeResult } from './types';

const files = loadContentFiles(resolve(__dirname, '../../..'));
const doc = (slug: string) => {
  const path = `lessons/practice/${slug}.md`;
  return parseDoc(path, files[path]!);
};
const SEEDS = [0, 1, 2];

async function gradeEdit(slug: string, e: Edit | null, seed: number): Promise<GradeResult> {
  const d = doc(slug);
  const worked = answerSubmission(d)!;
  const sub = e
    ? { ...worked, code: applyEdits(String(worked.code), e), ...(e.extra ?? {}) }
    : worked;
  return graderById(slug)!.grade(sub, { problem: problemContext(d), seed });
}

describe('answers as learners write them', () => {
  for (const slug of new Set([...Object.keys(WRONG), ...Object.keys(RIGHT)])) {
    describe(slug, () => {
      it('the worked answer passes on three attempts', async () => {
        for (const seed of SEEDS) {
          const r = await gradeEdit(slug, null, seed);
          expect(r.failure?.message ?? '', `seed ${seed}`).toBe('');
        }
      }, 120_000);
      for (const w of WRONG[slug] ?? [])
        it(`fails: ${w.name}`, async () => {
          for (const seed of SEEDS) {
            const r = await gradeEdit(slug, w, seed);
            expect(r.passed, `seed ${seed}`).toBe(false);
            expect(r.failure?.message ?? '', `seed ${seed}`).toMatch(w.property);
          }
        }, 120_000);
      for (const right of RIGHT[slug] ?? [])
        it(`passes: ${right.name}`, async () => {
          for (const seed of SEEDS) {
            const r = await gradeEdit(slug, right, seed);
            expect(r.failure?.message ?? '', `seed ${seed}`).toBe('');
          }
        }, 120_000);
    });
  }
});
