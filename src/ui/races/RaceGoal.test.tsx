// The goal line: the invariant in words (the serial bound once known), what the learner is
// asked to do, and the crash note when servers may crash.
import { describe, expect, it } from 'vitest';
import { draw } from '../markupForTests';
import { partsOf } from './invariantText';
import { RaceGoal } from './RaceGoal';

describe('RaceGoal', () => {
  it('play: the invariant, and to see whether it holds', () => {
    const inv = { maxAdmitted: 'serial' as const, allKeysHaveTtl: true };
    expect(draw(<RaceGoal goal="play" inv={inv} allowed={3} crashes={false} />).text).toBe(
      'Invariant: no more admitted than one at a time would admit (3); every key has an expiry. ' +
        'Pick the order of the round trips and see whether it holds.',
    );
    expect(draw(<RaceGoal goal="play" inv={inv} allowed={null} crashes />).text).toBe(
      'Invariant: no more admitted than one at a time would admit; every key has an expiry. ' +
        'Pick the order of the round trips and see whether it holds. Servers may crash between two round trips.',
    );
  });

  it('break: the part to break', () => {
    const inv = { minAdmitted: 2, noChargeWhenDenied: true };
    expect(
      draw(
        <RaceGoal
          goal="break"
          part="noChargeWhenDenied"
          inv={inv}
          allowed={null}
          crashes={false}
        />,
      ).text,
    ).toBe(
      'Goal: find an ordering that makes it charge a request that is refused. ' +
        'Invariant: at least 2 admitted; a refused request charges nothing.',
    );
  });

  it('prove: look for a break, then press Prove it', () => {
    expect(draw(<RaceGoal goal="prove" inv={{ maxAdmitted: 1 }} allowed={1} crashes />).text).toBe(
      'Try to break it: no ordering should break the invariant. Look for one, then press Prove it. ' +
        'Invariant: at most 1 admitted. Servers may crash between two round trips.',
    );
  });

  it('partsOf: the parts an invariant checks (a false one does not count)', () => {
    expect(partsOf({ maxAdmitted: 1, allKeysHaveTtl: false, noChargeWhenDenied: true })).toEqual([
      'maxAdmitted',
      'noChargeWhenDenied',
    ]);
  });
});
