// Once every request has finished: admitted against what the limit allows, each request's end,
// what broke, and whether the learner (not the explorer) solved a "break it" puzzle.
import { describe, expect, it } from 'vitest';
import type { Verdict } from '../../core/races/types';
import { byTestId, draw, textOf } from '../markupForTests';
import { RaceVerdict } from './RaceVerdict';

const broken: Verdict = {
  admitted: 2,
  allowed: 1,
  ends: [
    { kind: 'admitted', reply: 1 },
    { kind: 'admitted', reply: 1 },
  ],
  broken: [{ part: 'maxAdmitted', why: '2 requests admitted, but the limit allows 1.' }],
};
const verdict = (v: Verdict, reached = false, assisted = false) =>
  draw(<RaceVerdict verdict={v} names={undefined} reached={reached} assisted={assisted} />);

describe('RaceVerdict', () => {
  it('a broken invariant: the counts, each end and what broke', () => {
    const { html, text } = verdict(broken);
    expect(html).toContain('class="race-verdict is-broken"');
    expect(html).toContain('data-broken="maxAdmitted"');
    expect(text).toBe(
      'Every request has finished 2 admitted · the limit allows 1 ' +
        'Server A: admitted Server B: admitted 2 requests admitted, but the limit allows 1.',
    );
    expect(html).not.toContain('race-goal-reached');
  });

  it('holding, without a bound, a refused and a crashed request', () => {
    const holds: Verdict = {
      admitted: 1,
      allowed: null,
      ends: [
        { kind: 'refused', reply: 0 },
        { kind: 'crashed', afterRoundTrips: 1 },
      ],
      broken: [],
    };
    const { html, text } = draw(
      <RaceVerdict verdict={holds} names={['east', 'west']} reached={false} assisted={false} />,
    );
    expect(html).toContain('class="race-verdict is-safe"');
    expect(html).not.toContain('race-allowed');
    expect(text).toBe(
      'Every request has finished 1 admitted Server east: refused (429) Server west: crashed: no answer The invariant holds in this ordering.',
    );
  });

  it('a failed request never reads as holding', () => {
    const failed: Verdict = {
      admitted: 0,
      allowed: 1,
      ends: [{ kind: 'error', reply: { err: 'ERR x' }, message: 'ERR x' }],
      broken: [],
    };
    const { html } = verdict(failed);
    expect(html).toContain('is-broken');
    expect(textOf(byTestId(html, 'race-failed'))).toBe(
      'A request failed, so this ordering proves nothing: fix the code first.',
    );
  });

  it('solved by the learner, or found by the explorer (which does not count)', () => {
    const own = byTestId(verdict(broken, true, false).html, 'race-goal-reached');
    expect(own).toContain('data-assisted="false"');
    expect(textOf(own)).toBe('Solved: you found an ordering that breaks it.');
    const found = byTestId(verdict(broken, true, true).html, 'race-goal-reached');
    expect(found).toContain('data-assisted="true"');
    expect(textOf(found)).toBe(
      'That is a bad schedule (the explorer found it). Restart and find one yourself to solve the puzzle.',
    );
  });
});
