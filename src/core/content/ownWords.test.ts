// The own-words check: its normalisation and counting (on a made-up seed), the committed
// fingerprint against the real seeds when they are on this machine, agreement with the second
// opinion (shared/tools/copied-runs.py), and the rule itself on everything this repository holds.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TEMPLATES } from '../playground/templates';
import { checkContent, type ContentFiles } from './check';
import { loadContentFiles } from './loadFiles';
import {
  HASH_HEX,
  SHINGLE_WORDS,
  findCopiedRuns,
  fingerprintSeeds,
  isOwnWordsExempt,
  ownWordsIssues,
  wordsWithLines,
} from './ownWords';
import { findSeedsDir, readSeeds } from './seedFiles';
import SEED_FINGERPRINT from './seedFingerprint.json';

const ROOT = resolve(__dirname, '../../..');

const SEED =
  'The quick brown fox jumps over the lazy dog while the farmer sleeps soundly in the barn. ' +
  "Nobody's hens were counted twice, because every counter lives in one atomic place.";
const FP = fingerprintSeeds([{ file: 'made-up.txt', text: SEED }]);

describe('normalisation (as copied-runs.py)', () => {
  it("lower-cases and splits on everything but [a-z0-9']", () => {
    expect(wordsWithLines("Hello, WORLD!\nit's 429_too-many\u2019s").words).toEqual([
      'hello',
      'world',
      "it's",
      '429',
      'too',
      'many',
      's',
    ]);
    expect(wordsWithLines('a\n\nb c').lines).toEqual([1, 3, 3]);
  });
});

describe('findCopiedRuns', () => {
  it('finds a copied run through case, punctuation, Markdown and line breaks', () => {
    const text =
      '# Title\n\nOur own intro.\n\n## THE QUICK brown fox\n`jumps` over *the* lazy dog while\nthe end.';
    const r = findCopiedRuns(text, FP);
    // "the quick brown fox jumps over the lazy dog while the" is 11 words: 4 shingles of 8.
    expect(r.runs).toBe(4);
    expect(r.spans).toEqual([
      { line: 5, words: 11, excerpt: 'the quick brown fox jumps over the lazy ...' },
    ]);
  });
  it('ignores runs of 7 and reports separate spans separately, in code too', () => {
    const seven = 'the quick brown fox jumps over the';
    expect(findCopiedRuns(`x ${seven} y`, FP).runs).toBe(0);
    const code = "```lua\n-- nobody's hens were counted twice because every counter\n```\n";
    const r = findCopiedRuns(
      `${code}\nmine\n\nthe farmer sleeps soundly in the barn nobody's hens`,
      FP,
    );
    expect(r.spans.map((s) => [s.line, s.words])).toEqual([
      [2, 8],
      [7, 9],
    ]);
  });
  it('fingerprints hold hashes only, sorted and distinct', () => {
    expect(FP.hashes.every((h) => new RegExp(`^[0-9a-f]{${HASH_HEX}}$`).test(h))).toBe(true);
    expect([...FP.hashes].sort()).toEqual(FP.hashes);
    expect(new Set(FP.hashes).size).toBe(FP.hashes.length);
    expect(JSON.stringify(FP)).not.toMatch(/fox|farmer/);
    expect(FP.seeds).toEqual([{ file: 'made-up.txt', words: 30, shingles: 23 }]);
  });
  it('exempts only SEED-MAP.md, and names file:line in the content check', () => {
    expect(isOwnWordsExempt('lessons/SEED-MAP.md')).toBe(true);
    expect(isOwnWordsExempt('lessons/atomicity.md')).toBe(false);
    const files: ContentFiles = {
      'lessons/SEED-MAP.md': SEED,
      'lessons/practice/p.md': `---\ntitle: P\n---\n\n${SEED}`,
    };
    expect(ownWordsIssues(files, FP).map((i) => `${i.file}:${i.line}`)).toEqual([
      'lessons/practice/p.md:5',
    ]);
    const issues = checkContent(files, { ownWords: true, fingerprint: FP });
    expect(issues.filter((i) => /seed chapters/.test(i.message))).toEqual([
      expect.objectContaining({ file: 'lessons/practice/p.md', line: 5 }),
    ]);
    expect(
      checkContent(files, { ownWords: false, fingerprint: FP }).some((i) =>
        /seed chapters/.test(i.message),
      ),
    ).toBe(false);
  });
});

const seedsDir = findSeedsDir(ROOT);

describe('the committed seed fingerprint', () => {
  it('is well formed and holds no seed text', () => {
    expect(SEED_FINGERPRINT.words).toBe(SHINGLE_WORDS);
    expect(SEED_FINGERPRINT.hashes.length).toBeGreaterThan(1000);
    expect(SEED_FINGERPRINT.hashes.every((h) => /^[0-9a-f]{16}$/.test(h))).toBe(true);
    expect(new Set(SEED_FINGERPRINT.hashes).size).toBe(SEED_FINGERPRINT.hashes.length);
    expect(SEED_FINGERPRINT.hashes.length).toBeLessThanOrEqual(
      SEED_FINGERPRINT.seeds.reduce((n, s) => n + s.shingles, 0),
    );
  });
  it(`matches the seed chapters (${seedsDir ?? 'not on this machine: only the form is checked'})`, () => {
    if (!seedsDir) return; // CI's clean checkout has no seeds; the committed file is the truth
    const fresh = fingerprintSeeds(readSeeds(seedsDir));
    expect(fresh.seeds).toEqual(SEED_FINGERPRINT.seeds);
    expect(fresh.hashes).toEqual(SEED_FINGERPRINT.hashes);
  });
});

describe('agreement with the second opinion (copied-runs.py)', () => {
  const tool = seedsDir ? resolve(seedsDir, '../tools/copied-runs.py') : null;
  it('counts the same runs per file', () => {
    if (!tool || !existsSync(tool)) return; // the tool lives beside the seeds
    const r = spawnSync('python3', [tool, 'lessons'], { cwd: ROOT, encoding: 'utf8' });
    if (r.error) return; // no python3 on this machine
    const theirs: Record<string, number> = {};
    for (const m of r.stdout.matchAll(/^\s*(\d+)\s+(\S+\/\S+)\s/gm)) theirs[m[2]!] = Number(m[1]);
    const files = loadContentFiles(ROOT);
    const ours: Record<string, number> = {};
    for (const [f, text] of Object.entries(files)) {
      if (isOwnWordsExempt(f)) continue;
      const n = findCopiedRuns(text, SEED_FINGERPRINT).runs;
      if (n) ours[f] = n;
    }
    expect(ours).toEqual(theirs);
  });
});

describe('own words in what this repository owns today', () => {
  it('no content file (lessons, practice, puzzles, decks, interview) has a run of 8 seed words', () => {
    const files = loadContentFiles(ROOT);
    expect(
      ownWordsIssues(files, SEED_FINGERPRINT).map((i) => `${i.file}:${i.line}: ${i.message}`),
    ).toEqual([]);
  });
  it('the README, the docs and the source (every string a learner may read) are our own', () => {
    const files: string[] = ['README.md'];
    const walk = (dir: string) => {
      for (const e of readdirSync(resolve(ROOT, dir), { withFileTypes: true })) {
        const rel = `${dir}/${e.name}`;
        if (e.isDirectory()) walk(rel);
        else if (/\.(md|ts|tsx|lua|json)$/.test(e.name) && !/seedFingerprint\.json$/.test(e.name))
          files.push(rel);
      }
    };
    walk('docs');
    walk('src');
    const issues = files.flatMap((f) =>
      findCopiedRuns(readFileSync(resolve(ROOT, f), 'utf8'), SEED_FINGERPRINT).spans.map(
        (s) => `${f}:${s.line}: ${s.excerpt}`,
      ),
    );
    expect(issues).toEqual([]);
  });
  it('every editor template is the lab’s own code', () => {
    const issues = TEMPLATES.flatMap((t) =>
      findCopiedRuns(`${t.title}\n${t.summary}\n${t.source}`, SEED_FINGERPRINT).spans.map(
        (s) => `${t.id}:${s.line}: ${s.excerpt}`,
      ),
    );
    expect(issues).toEqual([]);
  });
});
