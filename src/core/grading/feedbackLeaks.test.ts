// Feedback teaches without giving the answer away. For every practice problem, no hint and no
// failure (of its starter, of its learner-style wrong answers) carries the fix: a line of the
// worked answer's code that the starter does not have, a known fix snippet, or the worked
// answer's settings; and no failure links to a reference run whose parameters are the answer.
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isProblemFile } from '../content/check';
import { loadContentFiles } from '../content/loadFiles';
import { parseDoc, type ParsedDoc } from '../content/parseDoc';
import { applyEdits, WRONG } from './learnerAnswers.fixture';
import { graderById } from './registry';
import { answerSubmission, problemContext, starterSubmission } from './submission';
import type { FailingCase, Submission } from './types';

const files = loadContentFiles(resolve(__dirname, '../../..'));
const problems = Object.keys(files)
  .filter(isProblemFile)
  .map((path) => parseDoc(path, files[path]!));

/** Fixes that were once spelled out in hints (any problem). */
const FIX_SNIPPETS = [
  'math.max(now, stamp)',
  'math.max(now, stored time)',
  '{{tenant}}',
  '"(" ..',
  'string.match(member',
  '"<id>|<slots>"',
  'tonumber(redis.call("GET"',
  '-inf now`',
  '8 x limit <= 800',
  'a hash with fields `w` and `n`',
  'a hash with `w` and `n`',
  'makes the bound exclusive',
];

const squash = (s: string) => s.replace(/\s+/g, ' ').trim();

/** Lines of the worked code the starter does not have (the fix), long enough to mean something. */
function fixLines(doc: ParsedDoc): string[] {
  const answer = answerSubmission(doc);
  const starter = starterSubmission(doc);
  if (typeof answer?.code !== 'string') return [];
  const had = new Set(
    String(starter.code ?? '')
      .split('\n')
      .map(squash),
  );
  return answer.code
    .split('\n')
    .map(squash)
    .filter((l) => l.length >= 24 && !l.startsWith('--') && !had.has(l))
    .filter((l) => !/^(local \w+(, \w+)* = tonumber\(ARGV|return redis\.error_reply|end$)/.test(l));
}

/** The worked answer's settings as a compact JSON object (form problems), or null. */
function answerSettings(doc: ParsedDoc): string | null {
  const answer = answerSubmission(doc);
  if (!answer || typeof answer.code === 'string') return null;
  const params = answer.params ?? answer.choices;
  if (params && typeof params === 'object' && Object.keys(params).length > 1)
    return JSON.stringify(params);
  return null;
}

const hintsOf = (doc: ParsedDoc): string[] =>
  doc.blocks.flatMap((b) => (b.kind === 'directive' && b.name === 'hint' ? [b.text] : []));

/** What a learner reads of a failure (the replay of their own answer aside). */
function readable(f: FailingCase): string {
  const { scenario: _s, replay: _r, ...rest } = f;
  return squash(JSON.stringify(rest));
}

function leaks(doc: ParsedDoc, text: string): string[] {
  const t = squash(text);
  const found = FIX_SNIPPETS.filter((s) => t.includes(s));
  for (const l of fixLines(doc)) if (t.includes(l)) found.push(l);
  const settings = answerSettings(doc);
  if (settings && t.replace(/\\"/g, '"').includes(settings)) found.push(settings);
  return found;
}

describe('feedback never gives the fix away', () => {
  it('finds the problems, their hints and the fix lines to look for', () => {
    expect(problems.length).toBeGreaterThanOrEqual(20);
    expect(problems.flatMap(hintsOf).length).toBeGreaterThanOrEqual(40);
    const gcra = problems.find((d) => d.file.endsWith('write-gcra.md'))!;
    expect(fixLines(gcra).some((l) => l.includes('next_tat'))).toBe(true);
    const burst = problems.find((d) => d.file.endsWith('configure-burst-and-sustain.md'))!;
    expect(answerSettings(burst)).toBe('{"capacity":20,"refillPerSecond":5}');
  });

  for (const doc of problems) {
    const slug = doc.file.replace(/^.*\/|\.md$/g, '');
    it(`${slug}: hints point at the property, not the fix`, () => {
      for (const h of hintsOf(doc)) expect(leaks(doc, h), h).toEqual([]);
    });

    it(`${slug}: failures name what broke, not the fix`, async () => {
      const g = graderById(String(doc.front.grader))!;
      const problem = problemContext(doc);
      const worked = answerSubmission(doc)!;
      const subs: Submission[] = [starterSubmission(doc)];
      for (const w of WRONG[slug] ?? [])
        subs.push({ ...worked, code: applyEdits(String(worked.code), w), ...(w.extra ?? {}) });
      for (const sub of subs) {
        const r = await g.grade(sub, { problem });
        expect(r.passed).toBe(false);
        expect(leaks(doc, readable(r.failure!))).toEqual([]);
        expect(leaks(doc, r.summary)).toEqual([]);
        if (answerSettings(doc)) expect(r.failure?.reference).toBeUndefined();
      }
    }, 60_000);
  }
});
