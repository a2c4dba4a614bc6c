// Narrated steps: the parser's typed result and errors, the engine checks, and the content
// check's file:line for a bad step.
import { describe, expect, it } from 'vitest';
import { checkContent, formatIssue } from './check';
import { runLane } from './lanes';
import { parseSteps, stepAsks, stepsAgainstLanes } from './steps';

const LAB = {
  algorithm: 'fixed-window',
  params: { limit: 3, windowSeconds: 60 },
  placement: 'local',
  servers: 2,
  requests: [
    { at: 0, server: 'A', key: 'client' },
    { at: 10, server: 'B', key: 'client' },
    { at: 20, server: 'A', key: 'client' },
  ],
};

describe('a step that says predict', () => {
  it('asks where its wording is not caught, and names a bad value', () => {
    const r = parseSteps({
      steps: [
        { at: 0, caption: 'Request 1 takes a token.', predict: 'admitted' },
        { at: 1, caption: 'Request 2 takes the last one.' },
      ],
    });
    expect(r.errors).toEqual([]);
    expect(r.spec!.steps.map(stepAsks)).toEqual([true, false]);
    expect(stepAsks({ at: 2, caption: 'Request 3 is refused.' })).toBe(true);
    const bad = parseSteps({
      steps: [
        { at: 0, caption: 'One.', predict: true },
        { at: 1, caption: 'Two.' },
      ],
    });
    expect(bad.errors.map((e) => e.message)).toEqual([
      'steps[0].predict must be "admitted" (the step asks how many requests get through first)',
    ]);
  });
});

describe('parseSteps', () => {
  it('types a good block', () => {
    const r = parseSteps({
      title: 'Walk it',
      steps: [
        { at: 0, caption: ' First. ', request: 1, server: 'A' },
        { at: 10, caption: 'Second.', key: 'client', lane: 2 },
      ],
    });
    expect(r.errors).toEqual([]);
    expect(r.spec).toEqual({
      title: 'Walk it',
      steps: [
        { at: 0, caption: 'First.', request: 1, server: 'A' },
        { at: 10, caption: 'Second.', key: 'client', lane: 2 },
      ],
    });
  });
  it('names every bad field', () => {
    const r = parseSteps({
      colour: 'red',
      steps: [
        { at: 5, caption: 'ok' },
        { at: 2, caption: '', request: 0, lane: 3, speed: 2 },
      ],
    });
    expect(r.spec).toBeNull();
    expect(r.errors.map((e) => [e.step, e.field])).toEqual([
      [-1, 'colour'],
      [1, 'speed'],
      [1, 'caption'],
      [1, 'request'],
      [1, 'lane'],
      [1, 'at'],
    ]);
    expect(parseSteps({ steps: [{ at: 0, caption: 'one' }] }).errors[0]!.message).toMatch(
      /at least 2 steps/,
    );
  });
});

describe('stepsAgainstLanes', () => {
  const lanes = [runLane(LAB)];
  it('accepts steps that match the run', () => {
    const { spec } = parseSteps({
      steps: [
        { at: 0, caption: 'a', request: 1, server: 'A', key: 'client' },
        { at: 20, caption: 'b', request: 3, key: 'rl:client' },
      ],
    });
    expect(stepsAgainstLanes(spec!, lanes)).toEqual([]);
  });
  it('refuses a request before it arrives, a wrong server, a missing lane, a late time', () => {
    const { spec } = parseSteps({
      steps: [
        { at: 5, caption: 'a', request: 2 },
        { at: 10, caption: 'b', request: 2, server: 'A' },
        { at: 10, caption: 'c', request: 9 },
        { at: 11, caption: 'd', lane: 2 },
        { at: 500, caption: 'e', server: 'C', key: 'nobody' },
      ],
    });
    expect(stepsAgainstLanes(spec!, lanes).map((e) => e.message)).toEqual([
      "steps[0].request 2 arrives at 10 s, after this step's time (5 s)",
      'steps[1].server "A": request 2 goes to server B',
      'steps[2].request 9: the lab has 3 requests',
      'steps[3].lane 2: this lab has one lane',
      "steps[4].at 500 s is after the lab's run ends (20 s)",
      'steps[4].server "C" serves no request in this lab (servers: A, B)',
      'steps[4].key "nobody" is not a key of this lab\'s requests (client)',
    ]);
  });
});

const Q =
  '```question\n{"prompt": "p?", "choices": ["a", "b"], "answer": 1, "explanation": "because"}\n```\n';
const doc = (body: string) =>
  `---\ntitle: One\n---\n\nIntro.\n\n${body}\n\n\`\`\`recap\n- r\n\`\`\`\n\n${Q}\n${Q}`;
const issues = (body: string) =>
  checkContent({
    'lessons/one.md': doc(body),
    'lessons/index.json': JSON.stringify({ lessons: ['one'], practice: [] }),
  }).map(formatIssue);
const lab = '```lab\n' + JSON.stringify(LAB) + '\n```';

describe('the content check on steps', () => {
  it('passes good steps and fails a bad step with file:line', () => {
    const good =
      '```steps\n{"steps": [\n  {"at": 0, "caption": "one", "request": 1},\n  {"at": 10, "caption": "two", "request": 2}\n]}\n```';
    expect(issues(`${lab}\n\n${good}`)).toEqual([]);
    const bad =
      '```steps\n{"steps": [\n  {"at": 0, "caption": "one", "request": 1},\n  {"at": 10,\n   "caption": "two",\n   "request": 3}\n]}\n```';
    // The steps fence is on line 11, so the second step's "request" is on line 16.
    expect(issues(`${lab}\n\n${bad}`)).toEqual([
      "lessons/one.md:16: steps[1].request 3 arrives at 20 s, after this step's time (10 s) (lab at line 7)",
    ]);
  });
  it('needs a lab to narrate', () => {
    expect(
      issues('```steps\n{"steps": [{"at": 0, "caption": "a"}, {"at": 1, "caption": "b"}]}\n```'),
    ).toEqual([
      'lessons/one.md:7: a steps block narrates a lab: put it after a lab block, or name one with "lab"',
    ]);
  });
});

describe('the lessons', () => {
  it('narrate at least eight mechanisms with steps the engine agrees with', async () => {
    const { resolve } = await import('node:path');
    const { loadContentFiles } = await import('./loadFiles');
    const { installLuaLimiter } = await import('../lua/luaLimiter');
    await installLuaLimiter(); // a steps block may narrate a Lua lab
    const files = loadContentFiles(resolve(__dirname, '../../..'));
    const withSteps = Object.entries(files).filter(
      ([f, t]) => /^lessons\/[a-z]/.test(f) && /^```steps\s*$/m.test(t),
    );
    expect(withSteps.length).toBeGreaterThanOrEqual(8);
    const stepIssues = checkContent(files)
      .filter((i) => /^steps/.test(i.message) || /lab at line/.test(i.message))
      .map(formatIssue);
    expect(stepIssues).toEqual([]);
  });
});
