// Every puzzle in lessons/puzzles can be solved as its goal says (a break goal has a breaking
// schedule; a prove goal holds in every schedule), and the content check names bad races blocks.
import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkContent, formatIssue, isPuzzleFile } from '../content/check';
import { loadContentFiles } from '../content/loadFiles';
import { parseDoc } from '../content/parseDoc';
import { createLuaEngine, type LuaRuntime } from '../lua/index';
import { checkRunnable, explore } from './explore';
import { breaksGoal, parseRacesSpec } from './puzzle';

let engine: LuaRuntime;
beforeAll(async () => {
  engine = await createLuaEngine({ budgetMs: 250 });
});

const files = loadContentFiles(resolve(__dirname, '../../..'));
const puzzles = Object.keys(files).filter(isPuzzleFile);

describe('puzzles', () => {
  it('there are at least 8', () => expect(puzzles.length).toBeGreaterThanOrEqual(8));
  for (const path of puzzles) {
    it(`${path} can be solved as its goal says`, () => {
      const doc = parseDoc(path, files[path]!);
      const block = doc.blocks.find((b) => b.kind === 'directive' && b.name === 'races')!;
      const spec = parseRacesSpec(block.kind === 'directive' ? block.json : null, 'break');
      expect(checkRunnable(spec.input, engine)).toEqual([]);
      const r = explore(spec.input, engine);
      expect(r.complete).toBe(true);
      if (spec.goal === 'prove') expect(r.violations).toBe(0);
      else {
        expect(r.counterexampleVerdict).not.toBeNull();
        expect(breaksGoal(spec, r.counterexampleVerdict!)).toBe(true);
        // ... and, races aside, not in every schedule: the learner has to find the ordering.
        // (Naive multi-policy charges for a refusal whatever the order: that is its lesson.)
        const naive = JSON.stringify(spec.raw.placement ?? '').includes('naive-multi-policy');
        if (!naive) expect(r.violations).toBeLessThan(r.schedules);
      }
    });
  }
});

describe('the content check on races blocks', () => {
  const index = JSON.stringify({ lessons: [], practice: [], puzzles: ['p'] });
  const issues = (body: string, extra = '```hint\nLook.\n```\n') =>
    checkContent({
      'lessons/index.json': index,
      'lessons/puzzles/p.md': `---\ntitle: P\n---\n\nGoal.\n\n${body}\n${extra}`,
    }).map(formatIssue);

  it('accepts a good puzzle', () => {
    expect(
      issues('```races\n{"goal": "break", "code": ["return 1"], "requests": [{}, {}]}\n```'),
    ).toEqual([]);
  });

  it('names the file, line and field of a bad one', () => {
    const out = issues(
      '```races\n{\n  "goal": "break",\n  "code": "return 1",\n  "requests": [{"keys": "k"}]\n}\n```',
    );
    expect(out).toEqual([
      expect.stringMatching(
        /^lessons\/puzzles\/p\.md:11: races: requests\[0\]\.keys must be an array/,
      ),
    ]);
    expect(
      issues('```races\n{"goal": "win", "code": "return 1", "requests": [{}]}\n```').join(),
    ).toMatch(/races\.goal must be one of break, prove, play/);
    expect(issues('```races\n{"code": "return 1", "requests": [{}]}\n```', '').join()).toMatch(
      /at least one hint/,
    );
    expect(
      issues(
        '```races\n{"goal": "break", "part": "allKeysHaveTtl", "code": "return 1", "requests": [{}]}\n```',
      ).join(),
    ).toMatch(/races\.part "allKeysHaveTtl" is not part of the invariant/);
  });
});
