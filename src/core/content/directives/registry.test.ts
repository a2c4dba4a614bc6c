// The built-in entries as the parser and the check read them: which bodies may be a verbatim
// script, and where each directive may appear.
import { describe, expect, it } from 'vitest';
import { checkContent, formatIssue, type ContentFiles } from '../check';
import { parseDoc } from '../parseDoc';

const LUA = "local n = redis.call('INCR', KEYS[1])\nreturn n";
const fence = (head: string, body: string) => '```' + head + '\n' + body + '\n```\n';

describe('the built-in directives', () => {
  it('take ```name lua as a verbatim script only where a script belongs (starter, answer)', () => {
    const doc = parseDoc('p.md', fence('starter lua', LUA) + fence('answer lua', LUA));
    expect(doc.blocks).toMatchObject([
      { name: 'starter', json: null, text: LUA, info: 'lua' },
      { name: 'answer', json: null, text: LUA, info: 'lua' },
    ]);
    // Anywhere else the body is still JSON, and a script there is a clear error, not a crash.
    for (const name of ['lab', 'editor', 'question', 'steps', 'races'])
      expect(() => parseDoc('l.md', fence(`${name} lua`, LUA))).toThrow(
        new RegExp(`^l\\.md:\\d+: the ${name} block is not valid JSON`),
      );
  });

  it('refuse a block in a file it does not belong in, naming the file line', () => {
    const files: ContentFiles = {
      'lessons/one.md': `---\ntitle: One\n---\n\n${fence('hint', 'A hint.')}`,
      'lessons/puzzles/p.md': `---\ntitle: P\n---\n\n${fence('lab', '{}')}`,
      'lessons/index.json': JSON.stringify({ lessons: ['one'], puzzles: ['p'] }),
    };
    const issues = checkContent(files, { ownWords: false }).map(formatIssue);
    expect(issues).toContain(
      'lessons/one.md:5: a hint block belongs in a practice problem, not a lesson',
    );
    expect(issues).toContain(
      'lessons/puzzles/p.md:5: a lab block does not belong in a puzzle (recap, hint, races)',
    );
  });
});
