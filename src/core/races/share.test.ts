// Share links: round trip, and every hostile or broken link refused with a message, quickly.
import fc from 'fast-check';
import { compressToEncodedURIComponent } from 'lz-string';
import { describe, expect, it } from 'vitest';
import { decodeRaceShare, encodeRaceShare, parseScheduleText, scheduleText } from './share';

const input = {
  code: 'return 1',
  requests: [{ keys: ['k'], args: ['1'] }, { keys: ['k'] }],
  initial: [['SET', 'k', '1']],
  invariant: { maxAdmitted: 1 },
  crashes: true,
  maxSchedules: 100,
};

describe('race share links', () => {
  it('round-trips the input and the schedule', () => {
    const schedule = [{ request: 0 }, { request: 1 }, { request: 0, crash: true }];
    expect(scheduleText(schedule)).toBe('ABa');
    const back = decodeRaceShare(encodeRaceShare(input, schedule));
    expect(back.schedule).toEqual(schedule);
    expect(back.input).toMatchObject({ code: 'return 1', crashes: true, maxSchedules: 100 });
  });

  it('refuses broken links with a message that says what is wrong', () => {
    const err = (p: string) => {
      try {
        decodeRaceShare(p);
        return '';
      } catch (e) {
        return (e as Error).message;
      }
    };
    expect(err('x'.repeat(9000))).toMatch(/too long/);
    expect(err('abc\ndef')).toMatch(/characters a compressed link never has/);
    expect(decodeRaceShare(encodeRaceShare(input, []).replace(/\+/g, ' ')).input.code).toBe(
      'return 1',
    );
    expect(err('AAAA')).toMatch(/damaged/);
    expect(err(compressToEncodedURIComponent('[1,2]'))).toMatch(/does not hold a schedule/);
    expect(err(compressToEncodedURIComponent('{"v":2}'))).toMatch(/another version/);
    const z = (o: unknown) => compressToEncodedURIComponent(JSON.stringify(o));
    expect(err(z({ v: 1, input: { ...input, requests: [] }, schedule: '' }))).toMatch(
      /not valid: requests must hold 1 to 4/,
    );
    expect(err(z({ v: 1, input, schedule: 'AXB' }))).toMatch(
      /step 2 is "X"; a step is a server letter A-B/,
    );
    expect(err(z({ v: 1, input, schedule: 'A'.repeat(401) }))).toMatch(/at most 400/);
    let deep: unknown = 1;
    for (let i = 0; i < 50; i++) deep = [deep];
    expect(err(z({ v: 1, input: { ...input, initial: deep }, schedule: '' }))).toMatch(
      /nested too deeply/,
    );
    expect(parseScheduleText('ABba', 2)).toHaveLength(4);
  });

  it('never throws anything but a message on random input', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (s) => {
        try {
          decodeRaceShare(s);
        } catch (e) {
          expect(e).toBeInstanceOf(Error);
          expect((e as Error).message.length).toBeGreaterThan(10);
        }
      }),
      { numRuns: 300, seed: 7 },
    );
  });
});
