// Adding a lesson directive takes one entry (README, "Add a lesson widget"): this test adds a
// toy one, `dice`, beside the built-ins and shows that the parser and the content check then
// know it (its body, its fields, its check, where it may appear) with nothing else changed.
import { describe, expect, it } from 'vitest';
import { lineOfKey } from '../block';
import { checkContent, formatIssue, type ContentFiles } from '../check';
import { parseDoc } from '../parseDoc';
import type { DirectiveEntry } from './entry';
import { DIRECTIVES } from './registry';

const dice: DirectiveEntry<'dice'> = {
  name: 'dice',
  json: true,
  fields: ['sides', 'title'],
  closed: true,
  places: ['lesson'],
  check(b, c) {
    const { sides } = b.json as { sides?: unknown };
    if (typeof sides !== 'number' || !Number.isInteger(sides) || sides < 2)
      c.add(lineOfKey(b, 'sides'), 'dice.sides must be a whole number >= 2');
  },
};
const note: DirectiveEntry<'aside'> = { name: 'aside', json: false, places: ['lesson', 'problem'] };
const REGISTRY = [...DIRECTIVES, dice, note];

const Q =
  '```question\n{"prompt": "p?", "choices": ["a", "b"], "answer": 1, "explanation": "e"}\n```\n';
const lesson = (body: string) =>
  `---\ntitle: One\n---\n\nIntro.\n\n${body}\n\n\`\`\`recap\n- r\n\`\`\`\n\n${Q}\n${Q}`;
const files = (body: string): ContentFiles => ({
  'lessons/one.md': lesson(body),
  'lessons/index.json': JSON.stringify({ lessons: ['one'] }),
});
const check = (body: string, directives = REGISTRY) =>
  checkContent(files(body), { ownWords: false, directives }).map(formatIssue);

describe('a toy directive added as one registry entry', () => {
  it('parses: a JSON body, a Markdown body, and typos of its name', () => {
    const doc = parseDoc('x.md', '```dice\n{"sides": 6}\n```\n\n```aside\nSome *words*.\n```', {
      directives: REGISTRY,
    });
    expect(doc.blocks).toMatchObject([
      { kind: 'directive', name: 'dice', json: { sides: 6 }, line: 1 },
      { kind: 'directive', name: 'aside', json: null, text: 'Some *words*.', line: 5 },
    ]);
    expect(() => parseDoc('x.md', '```dice\n{"sides": }\n```', { directives: REGISTRY })).toThrow(
      /^x\.md:\d+: the dice block is not valid JSON/,
    );
    expect(() => parseDoc('x.md', '```dise\n{}\n```', { directives: REGISTRY })).toThrow(
      /unknown directive `dise` \(did you mean `dice`\?\)/,
    );
    // Without the entry, the same block is an ordinary code block.
    expect(parseDoc('x.md', '```dice\n{"sides": 6}\n```').blocks[0]).toMatchObject({
      kind: 'markdown',
    });
  });

  it('checks: its own rule, its closed fields, its places, the links in its Markdown', () => {
    expect(check('```dice\n{"sides": 6}\n```')).toEqual([]);
    expect(check('```dice\n{\n  "sides": 1.5\n}\n```')).toEqual([
      'lessons/one.md:9: dice.sides must be a whole number >= 2',
    ]);
    expect(check('```dice\n{\n  "sides": 6,\n  "colour": "red"\n}\n```')).toEqual([
      'lessons/one.md:10: dice.colour is not a known field (allowed: sides, title)',
    ]);
    expect(check('```aside\nSee [this](#/lessons/nowhere).\n```')).toEqual([
      'lessons/one.md:8: broken link #/lessons/nowhere: there is no lesson "nowhere"',
    ]);
    const problem: ContentFiles = {
      'lessons/practice/p.md':
        '---\ntitle: P\nkind: predict\ngrader: p\n---\n\n```dice\n{"sides": 6}\n```\n',
      'lessons/index.json': JSON.stringify({ practice: ['p'] }),
    };
    const issues = checkContent(problem, { ownWords: false, directives: REGISTRY });
    expect(issues.map(formatIssue)).toContain(
      'lessons/practice/p.md:7: a dice block does not belong in a practice problem (lab, steps, editor, question, recap, hint, solution, starter, answer, races, aside)',
    );
  });

  it('is unknown to the built-in registry', () => {
    expect(DIRECTIVES.map((d) => d.name)).not.toContain('dice');
    expect(check('```dice\n{"sides": 1}\n```', [...DIRECTIVES])).toEqual([]);
  });
});

describe('the built-in registry', () => {
  it('names each directive once, and every closed body lists its fields', () => {
    const names = DIRECTIVES.map((d) => d.name);
    expect(new Set(names).size).toBe(names.length);
    for (const d of DIRECTIVES) {
      expect(d.places.length).toBeGreaterThan(0);
      if (d.closed) expect(d.fields?.length).toBeGreaterThan(0);
      if (!d.json) expect(d.fields).toBeUndefined();
    }
  });
});
