// The model against a real Redis: each request's two replies and two key states side by side,
// the rows where the core's comparison found a difference marked with what differs, and a
// summary that counts them.
import { describe, expect, it } from 'vitest';
import { keyDifferences, replyDifference, type KeyView } from '../../core/redis/compare';
import type { JsonReply } from '../../core/redis/reply';
import type { RealStep } from '../../store/realRedis';
import { byTestId, draw, textOf } from '../markupForTests';
import { RealSteps } from './RealRedisPanel';

/** A step whose differences are what the core's comparison finds (as the lab server does). */
function step(
  model: { reply: JsonReply; keys: KeyView[] },
  real: { reply: JsonReply; keys: KeyView[] },
): RealStep {
  const reply = replyDifference(model.reply, real.reply);
  return {
    command: ['EVAL', 'script', '1', 'k'],
    model,
    real,
    differences: [
      ...(reply === null ? [] : [{ where: 'reply' as const, note: reply }]),
      ...keyDifferences(model.keys, real.keys, 50),
    ],
  };
}

const key = (value: string, ttlMs: number | null): KeyView => ({
  key: 'k',
  type: 'string',
  value,
  ttlMs,
});

/** Each row's class and cells' text. */
const rows = (html: string) =>
  html
    .split('<tr')
    .slice(2)
    .map((r) => ({
      marked: r.startsWith(' class="ed-real-differs"'),
      cells: r
        .split(/<t[hd][^>]*>/)
        .slice(1)
        .map(textOf),
    }));

describe('RealSteps', () => {
  it('all the same: every row says so, none is marked', () => {
    const s = step({ reply: 1, keys: [key('1', 1000)] }, { reply: 1, keys: [key('1', 990)] });
    const { html } = draw(<RealSteps steps={[s, s]} note="back to back" />);
    expect(textOf(byTestId(html, 'real-summary'))).toBe(
      'The model and the server agree on all 2 requests. (back to back.)',
    );
    expect(rows(html)).toEqual([
      {
        marked: false,
        cells: [
          '1',
          '1',
          '1',
          'k = "1" (expires in 1000 ms)',
          'k = "1" (expires in 990 ms)',
          'same',
        ],
      },
      {
        marked: false,
        cells: [
          '2',
          '1',
          '1',
          'k = "1" (expires in 1000 ms)',
          'k = "1" (expires in 990 ms)',
          'same',
        ],
      },
    ]);
  });

  it('marks the rows that differ, with every difference, and counts them', () => {
    const same = step({ reply: 1, keys: [key('1', null)] }, { reply: 1, keys: [key('1', null)] });
    const differs = step(
      { reply: [1, 2], keys: [key('2', null)] },
      { reply: [1, 3], keys: [key('3', 5000)] },
    );
    const gone = step({ reply: null, keys: [] }, { reply: { err: 'ERR x' }, keys: [] });
    const { html } = draw(<RealSteps steps={[same, differs, gone]} note="waited" />);
    expect(textOf(byTestId(html, 'real-summary'))).toBe(
      'They part on 2 of 3 requests (marked). (waited.)',
    );
    const [r1, r2, r3] = rows(html);
    expect(r1!.marked).toBe(false);
    expect(r2).toEqual({
      marked: true,
      cells: [
        '2',
        '[1,2]',
        '[1,3]',
        'k = "2"',
        'k = "3" (expires in 5000 ms)',
        'other values at [1]: 2 and 3; "k" holds "2" on the model, "3" for real; "k" has no expiry on the model, one for real',
      ],
    });
    expect(r3).toEqual({
      marked: true,
      cells: [
        '3',
        'null',
        '{"err":"ERR x"}',
        '(no keys)',
        '(no keys)',
        'only the real server answered an error: ERR x',
      ],
    });
    expect(html.match(/data-testid="real-difference"/g)).toHaveLength(2);
    expect(html.match(/data-testid="real-same"/g)).toHaveLength(1);
  });
});
