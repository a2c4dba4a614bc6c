// Every ```races block in the lessons (each puzzle's, and the lessons' scheduler widgets)
// pastes into the `explore` verb as it is: goal, part, title, caption, servers and code as a
// list of lines are all accepted, and the verb answers with the verdict the block's goal
// expects. The job runs in-process here (the worker thread is tested in explore.test.ts).
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isPuzzleFile } from '../core/content/check';
import { loadContentFiles } from '../core/content/loadFiles';
import { parseDoc } from '../core/content/parseDoc';
import { exploreJob } from './exploreJob';
import { runExploreVerb, type ExploreRunner } from './exploreVerb';

// The verb's soft deadline (4 s from its call) is pushed out of reach: a busy machine must not
// turn a complete search into an incomplete one.
const inProcess: ExploreRunner = async (job) => ({
  ok: true,
  value: await exploreJob({ ...job, softDeadlineMs: 600_000 }),
});

const files = loadContentFiles(resolve(__dirname, '../..'));
const blocks: { path: string; json: unknown }[] = [];
for (const path of Object.keys(files).filter((p) => p.endsWith('.md'))) {
  if (!files[path]!.includes('```races')) continue;
  for (const b of parseDoc(path, files[path]!).blocks)
    if (b.kind === 'directive' && b.name === 'races') blocks.push({ path, json: b.json });
}

describe('explore takes a races block as it is', () => {
  it('finds every puzzle', () => {
    expect(blocks.filter((b) => isPuzzleFile(b.path)).length).toBeGreaterThanOrEqual(8);
  });
  for (const [k, { path, json }] of blocks.entries()) {
    it(`${path} (block ${k})`, async () => {
      const r = await runExploreVerb(JSON.stringify(json), inProcess);
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      const out = JSON.parse(r.stdout);
      expect(out.complete).toBe(true);
      const block = json as { goal?: string; part?: string };
      if (block.goal === 'prove') expect(out.verdict).toBe('safe');
      if (block.goal === 'break' || (block.goal === undefined && isPuzzleFile(path))) {
        expect(out.verdict).toBe('unsafe');
        if (block.part) expect(out.counterexample).not.toBeNull();
      }
    }, 60000);
  }
  it('a bad goal or part is named without a prefix', async () => {
    const r = await runExploreVerb(
      JSON.stringify({ code: ['return 1'], requests: [{}], goal: 'win', part: 'nope' }),
      inProcess,
    );
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('goal must be one of break, prove, play');
    expect(r.stderr).toContain('part must be one of maxAdmitted');
  });
});
