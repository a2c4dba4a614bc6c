// The content check over the real lessons/ folder, plus the checker's own behaviour on
// small broken documents (so a regression in the checker cannot silently pass everything).
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkContent, formatIssue, type ContentFiles } from './check';
import { loadContentFiles } from './loadFiles';
import { parseDoc } from './parseDoc';
import { parseInterview } from './interview';
import { installLuaLimiter } from '../lua/luaLimiter';

const ROOT = resolve(__dirname, '../../..');

describe('the lessons folder', () => {
  it('passes the content check (every issue names file:line)', async () => {
    await installLuaLimiter(); // lessons may run `algorithm: "lua"`
    const issues = checkContent(loadContentFiles(ROOT)).map(formatIssue);
    expect(issues).toEqual([]);
  });
});

const Q = (n: number) =>
  Array.from(
    { length: n },
    () =>
      '```question\n{"prompt": "p?", "choices": ["a", "b"], "answer": 1, "explanation": "because"}\n```\n',
  ).join('\n');
const RECAP = '```recap\n- one\n```\n';
const lesson = (body: string, slug = 'one') =>
  `---\ntitle: One\nslug: ${slug}\n---\n\nIntro.\n\n${body}\n${RECAP}\n${Q(2)}`;
const withIndex = (files: ContentFiles, lessons = ['one']): ContentFiles => ({
  ...files,
  'lessons/index.json': JSON.stringify({ lessons, practice: [] }),
});
const issuesOf = (body: string) =>
  checkContent(withIndex({ 'lessons/one.md': lesson(body) })).map(formatIssue);

describe('checkContent', () => {
  it('accepts a well-formed lesson', () => {
    const lab =
      '```lab\n{"title": "t", "algorithm": "fixed-window", "params": {"limit": 3, "windowSeconds": 60}, "requests": [{"at": 0}], "compare": {"placement": "local"}}\n```';
    expect(issuesOf(lab)).toEqual([]);
  });

  it('names the line of malformed directive JSON', () => {
    const issues = issuesOf(
      '```lab\n{"algorithm": "fixed-window",\n "params": {"limit": 3,}\n}\n```',
    );
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatch(/^lessons\/one\.md:\d+: the lab block is not valid JSON/);
  });

  it('refuses unknown scenario fields on their own line', () => {
    const issues = issuesOf(
      '```lab\n{\n  "algorithm": "fixed-window",\n  "params": {"limit": 3, "windowSeconds": 60},\n  "requestz": [],\n  "requests": []\n}\n```',
    );
    expect(issues).toEqual([
      expect.stringMatching(/^lessons\/one\.md:12: lab: scenario\.requestz is not a known field/),
    ]);
  });

  it('validates the compare lane merged over the scenario', () => {
    const issues = issuesOf(
      '```lab\n{"algorithm": "fixed-window", "params": {"limit": 3, "windowSeconds": 60}, "requests": [],\n "compare": {"placement": "everywhere"}}\n```',
    );
    expect(issues).toEqual([
      expect.stringMatching(/one\.md:10: lab compare lane: placement must be one of/),
    ]);
  });

  it('refuses missing templates, bad questions and broken links', () => {
    const issues = issuesOf(
      [
        '```editor\n{"template": "no-such"}\n```',
        '```question\n{"prompt": "p", "choices": ["a", "b"], "answer": 2, "explanation": "e"}\n```',
        '```question\n{"prompt": "p", "choices": ["a", "b"], "answer": 0}\n```',
        'See [the next one](#/lessons/nope), [a problem](#/practice/nope) and [file](missing.md).',
      ].join('\n\n'),
    );
    expect(issues.join('\n')).toMatch(/editor\.template "no-such" is not a Lua template/);
    expect(issues.join('\n')).toMatch(/question\.answer 2 is out of range: it must be 0\.\.1/);
    expect(issues.join('\n')).toMatch(/question\.explanation is required/);
    expect(issues.join('\n')).toMatch(/broken link #\/lessons\/nope/);
    expect(issues.join('\n')).toMatch(/broken link #\/practice\/nope/);
    expect(issues.join('\n')).toMatch(
      /broken link missing\.md: lessons\/missing\.md does not exist/,
    );
  });

  it('needs two questions and a recap per lesson, and an index naming real files', () => {
    const files: ContentFiles = {
      'lessons/one.md': '---\ntitle: One\n---\n\nText.\n\n' + Q(1),
      'lessons/index.json': JSON.stringify({ lessons: ['one', 'ghost'] }),
    };
    const issues = checkContent(files).map(formatIssue).join('\n');
    expect(issues).toMatch(/at least 2 question blocks \(has 1\)/);
    expect(issues).toMatch(/needs a recap block/);
    expect(issues).toMatch(/lessons names "ghost", but lessons\/ghost\.md does not exist/);
  });

  it('reports unknown directive fields and directive typos', () => {
    expect(issuesOf('```editor\n{"template": "gcra", "colour": "red"}\n```').join('\n')).toMatch(
      /one\.md:9: editor\.colour is not a known field/,
    );
    expect(issuesOf('```questoin\n{}\n```').join('\n')).toMatch(
      /unknown directive `questoin` \(did you mean `question`\?\)/,
    );
  });
});

describe('parseDoc', () => {
  it('keeps ordinary code blocks as Markdown and reads lua bodies verbatim', () => {
    const d = parseDoc(
      'x.md',
      '---\ntitle: X\n---\n```lua\nreturn 1\n```\n\n```answer lua\nreturn 2\n```\n',
    );
    expect(d.blocks.map((b) => b.kind)).toEqual(['markdown', 'directive']);
    const a = d.blocks[1]!;
    expect(a.kind === 'directive' && a.info === 'lua' && a.text === 'return 2').toBe(true);
  });
});

describe('parseInterview', () => {
  it('splits questions, answers and lesson links', () => {
    const iv = parseInterview(
      'lessons/interview.md',
      '---\ntitle: Mock interview\n---\n\nIntro text.\n\n## Why share the counter?\n\nTwo servers...\n\n```answer\nBecause.\n```\n\nLesson: two-servers-one-budget, lab 2\n\n## Second\n\nQ2\n\n```answer\nA2\n```\n\nLesson: fixed-window\n',
    );
    expect(iv.title).toBe('Mock interview');
    expect(iv.questions).toHaveLength(2);
    expect(iv.questions[0]).toMatchObject({
      title: 'Why share the counter?',
      prompt: 'Two servers...',
      answer: 'Because.',
      lesson: 'two-servers-one-budget',
      lab: 2,
    });
    expect(iv.questions[1]).toMatchObject({ lesson: 'fixed-window', lab: undefined });
  });
});
