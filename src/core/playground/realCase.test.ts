import { describe, expect, it } from 'vitest';
import { editorRunAsCase } from './realCase';

const reqs = [
  { at: 0, server: 'A', key: 'c', cost: 1 },
  { at: 2, server: 'B', key: 'c', cost: 2 },
];

describe('editorRunAsCase', () => {
  it('makes one EVAL a request, with the gaps as waits when they are short', () => {
    const r = editorRunAsCase('return 1', ['rl:{key}'], ['{cost}', '{now}'], reqs, 10);
    expect(r.waits).toBe(true);
    expect(r.case.steps).toEqual([
      { cmd: ['EVAL', 'return 1', '1', 'rl:c', '1', '0'] },
      { advance: 2 },
      { cmd: ['EVAL', 'return 1', '1', 'rl:c', '2', '2'] },
    ]);
  });
  it('runs back to back when the run is longer than a real wait may be', () => {
    const r = editorRunAsCase('return 1', ['k'], [], reqs, 1);
    expect(r.waits).toBe(false);
    expect(r.case.steps.every((s) => 'cmd' in s)).toBe(true);
  });
});
