// Questions with fresh numbers per attempt, and what the content check says about them and
// about problems' placeholders and lesson links.
import { describe, expect, it } from 'vitest';
import { checkContent, formatIssue, type ContentFiles } from './check';
import { fillJson, fillPlaceholders, placeholdersIn } from './placeholders';
import { drawQuestion, type SeededQuestion } from './questionInstance';

const seeded: SeededQuestion & { prompt: string; explanation: string } = {
  prompt:
    'A fixed window allows {{limit}} per minute. {{n}} requests arrive at once. How many are refused?',
  explanation: '{{n}} arrive and {{limit}} fit, so {{answer}} are refused.',
  vars: { limit: { min: 2, max: 9 }, n: [10, 12, 15] },
  scenario: {
    algorithm: 'fixed-window',
    params: { limit: '{{limit}}', windowSeconds: 60 },
    traffic: [{ pattern: 'burst', at: 0, count: '{{n}}' }],
  },
  measure: 'denied',
};

describe('seeded questions', () => {
  it('draw numbers from the seed and let the engine compute the answer', () => {
    const a = drawQuestion(seeded, 7);
    expect(drawQuestion(seeded, 7)).toEqual(a);
    expect(a.answer).toBe(Number(a.vars.n) - Number(a.vars.limit));
    expect(drawQuestion(seeded, 0).vars).toEqual({ limit: 2, n: 10 });
    const answers = new Set(
      Array.from({ length: 20 }, (_, i) => drawQuestion(seeded, i + 1).answer),
    );
    expect(answers.size).toBeGreaterThan(3);
    expect(fillPlaceholders(seeded.explanation, { ...a.vars, answer: a.answer })).not.toMatch(
      /\{\{/,
    );
  });

  it('placeholders fill text and JSON, and a missing one stays visible', () => {
    expect(fillPlaceholders('{{a}} and {{ b }} and {{c}}', { a: 1, b: 0.30000000000000004 })).toBe(
      '1 and 0.3 and {{c}}',
    );
    expect(fillJson({ x: '{{a}}', y: ['at {{a}} s'] }, { a: 2 })).toEqual({ x: 2, y: ['at 2 s'] });
    expect(placeholdersIn('{{a}} {{b}} {{a}}')).toEqual(['a', 'b']);
  });
});

const RECAP = '```recap\n- one\n```\n';
const plain =
  '```question\n{"prompt": "p?", "choices": ["a", "b"], "answer": 1, "explanation": "because"}\n```\n';
const files = (question: string, problem?: string): ContentFiles => ({
  'lessons/one.md': `---\ntitle: One\nslug: one\n---\n\nIntro.\n\n${RECAP}\n${plain}\n${question}`,
  ...(problem ? { 'lessons/practice/p.md': problem } : {}),
  'lessons/index.json': JSON.stringify({ lessons: ['one'], practice: problem ? ['p'] : [] }),
});
const issues = (f: ContentFiles) => checkContent(f).map(formatIssue);

describe('the content check', () => {
  it('accepts a seeded question and refuses broken ones', () => {
    expect(issues(files('```question\n' + JSON.stringify(seeded) + '\n```\n'))).toEqual([]);
    const typo = { ...seeded, prompt: 'Allows {{limt}}.' };
    expect(issues(files('```question\n' + JSON.stringify(typo) + '\n```\n')).join()).toMatch(
      /uses \{\{limt\}\}, which is not one of its vars/,
    );
    const both = { ...seeded, numeric: 3 };
    expect(issues(files('```question\n' + JSON.stringify(both) + '\n```\n')).join()).toMatch(
      /has no numeric, choices or answer/,
    );
    const badScenario = { ...seeded, scenario: { algorithm: 'nope' } };
    expect(issues(files('```question\n' + JSON.stringify(badScenario) + '\n```\n')).join()).toMatch(
      /question.scenario/,
    );
  });

  it('checks a problem’s lessons and its placeholders', () => {
    const problem = (front: string, body: string) =>
      `---\ntitle: P\nslug: p\nkind: predict\ngrader: predict-nginx-burst\n${front}---\n\n${body}\n\n` +
      '```starter\n{"answer": null, "vars": {"rate": 2}}\n```\n\n```hint\nh {{rate}}\n```\n\n```solution\ns\n```\n\n```answer\n{"answer": 1}\n```\n';
    const ok = issues(files(plain, problem('lessons: [one]\n', 'Rate {{rate}}.')));
    expect(ok).toEqual([]);
    const bad = issues(files(plain, problem('lessons: [nope]\n', 'Rate {{rat}}.'))).join('\n');
    expect(bad).toMatch(/lessons: "nope" is not a lesson/);
    expect(bad).toMatch(/\{\{rat\}\} has no value/);
  });
});
