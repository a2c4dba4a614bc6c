// The interview session's clock and the scorecard built from it.
import { describe, expect, it } from 'vitest';
import { buildScorecard, scorecardMarkdown } from './scorecard';
import {
  createPrivate,
  createSession,
  endSession,
  moveTo,
  readPrivate,
  readPublic,
  sessionElapsed,
  supersedes,
  timePerQuestion,
  updateMarks,
} from './session';

const T0 = Date.UTC(2026, 0, 5, 9, 0, 0);
const sec = (s: number) => T0 + s * 1000;

describe('an interview session', () => {
  it('keeps one clock for the session and adds up time per question across visits', () => {
    let s = createSession('s1', ['a', 'b', 'c'], sec(0), 'host');
    s = moveTo(s, 1, sec(300), 'host');
    s = moveTo(s, 0, sec(420), 'cand'); // back to a for a minute
    s = moveTo(s, 1, sec(480), 'host');
    expect(sessionElapsed(s, sec(600))).toBe(600_000);
    const t = timePerQuestion(s, sec(600));
    expect(t.get('a')).toBe(360_000);
    expect(t.get('b')).toBe(240_000);
    expect(t.get('c')).toBe(0);
    s = endSession(s, sec(700), 'host');
    expect(sessionElapsed(s, sec(9999))).toBe(700_000);
    expect(timePerQuestion(s, sec(9999)).get('b')).toBe(340_000);
    // Nothing moves after the end.
    expect(moveTo(s, 2, sec(800), 'host')).toBe(s);
  });

  it('resolves two windows writing at once by revision, then by writer', () => {
    const s = createSession('s1', ['a', 'b'], sec(0), 'host');
    const fromHost = moveTo(s, 1, sec(5), 'host');
    const fromCand = moveTo(s, 1, sec(5), 'cand');
    expect(supersedes(fromHost, s)).toBe(true);
    expect(supersedes(s, fromHost)).toBe(false);
    expect(supersedes(fromHost, fromCand)).toBe(true);
    expect(supersedes(fromCand, fromHost)).toBe(false);
    const newer = createSession('s2', ['a'], sec(60), 'host');
    expect(supersedes(newer, fromHost)).toBe(true);
  });

  it('refuses damaged stored state instead of trusting it', () => {
    const s = createSession('s1', ['a', 'b'], sec(0), 'host');
    expect(readPublic(JSON.parse(JSON.stringify(s)))).toEqual(s);
    expect(readPublic({ ...s, index: 7 })).toBeNull();
    expect(readPublic({ ...s, order: [] })).toBeNull();
    expect(readPublic({ ...s, log: [{ index: 9, at: 1 }] })).toBeNull();
    expect(readPublic('x')).toBeNull();
    const p = createPrivate('s1', 'host');
    expect(readPrivate(JSON.parse(JSON.stringify(p)))).toEqual(p);
    expect(readPrivate({ ...p, marks: { a: { met: 'yes' } } })).toBeNull();
  });
});

describe('the scorecard', () => {
  const questions = [
    {
      id: 'a',
      title: 'First',
      rubric: ['one', 'two', 'three'],
      followUps: [{ ask: 'f1' }, { ask: 'f2' }],
    },
    { id: 'b', title: 'Second', rubric: ['x', 'y', 'z'], followUps: [{ ask: 'g1' }] },
    { id: 'c', title: 'Third', rubric: ['p', 'q', 'r'], followUps: [] },
  ];
  it('lists what was asked, the points met, follow-ups, notes and times', () => {
    let s = createSession('s1', ['b', 'a', 'c'], sec(0), 'host');
    s = moveTo(s, 1, sec(90), 'host');
    s = endSession(s, sec(200), 'host');
    let p = createPrivate('s1', 'host');
    p = { ...p, candidate: 'Ada', notes: 'Strong on atomicity.\nWeak on HTTP.' };
    p = updateMarks(
      p,
      'a',
      3,
      (m) => ({ ...m, met: [true, false, true], asked: 1, notes: 'Good - really' }),
      'host',
    );
    const card = buildScorecard(s, p, questions, sec(999));
    expect(card.durationSeconds).toBe(200);
    expect(card.questions.map((q) => [q.id, q.position, q.timeSeconds])).toEqual([
      ['b', 1, 90],
      ['a', 2, 110],
    ]);
    expect(card.questions[1]).toMatchObject({
      rubricMet: 2,
      rubricTotal: 3,
      followUpsAsked: ['f1'],
    });
    expect(card.notReached).toEqual([{ id: 'c', title: 'Third' }]);
    expect(card.totals).toEqual({ questionsAsked: 2, rubricMet: 2, rubricTotal: 6 });
    expect(JSON.parse(JSON.stringify(card))).toEqual(card);
    const md = scorecardMarkdown(card);
    expect(md).toContain('# Interview scorecard: Ada');
    expect(md).toContain('- Duration: 03:20');
    expect(md).toContain('## 2. First');
    expect(md).toContain('Time: 01:50 · rubric 2 of 3');
    expect(md).toContain('- [x] one\n- [ ] two\n- [x] three');
    expect(md).toContain('1. f1');
    expect(md).toContain('> Good - really');
    expect(md).toContain('> Strong on atomicity.\n> Weak on HTTP.');
    expect(md).toContain('## Not reached\n\n- Third');
  });

  it("carries the overall verdict and the candidate's code, fenced so the code cannot end it", () => {
    const s = endSession(createSession('s2', ['a'], sec(0), 'host'), sec(60), 'host');
    const none = buildScorecard(s, createPrivate('s2', 'host'), questions, sec(60));
    expect([none.verdict, none.code]).toEqual([null, '']);
    expect(scorecardMarkdown(none)).toContain('- Overall verdict: none given');
    const code = 'local s = "```"\nreturn 1\n';
    const p = { ...createPrivate('s2', 'host'), verdict: 'strong-yes' as const, code };
    const card = buildScorecard(s, p, questions, sec(60));
    expect(card).toMatchObject({ verdict: 'strong-yes', code });
    const md = scorecardMarkdown(card);
    expect(md).toContain('- Overall verdict: Strong yes');
    expect(md).toContain('## The candidate\'s code\n\n````lua\nlocal s = "```"\nreturn 1\n````');
    // Stored and read back with the session.
    expect(readPrivate(JSON.parse(JSON.stringify(p)))).toMatchObject({
      verdict: 'strong-yes',
      code,
    });
    expect(
      readPrivate({ ...JSON.parse(JSON.stringify(p)), verdict: 'maybe' })?.verdict,
    ).toBeUndefined();
  });
});
