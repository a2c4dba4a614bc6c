import { describe, expect, it } from 'vitest';
import { createPrivate, type SessionPrivate } from '../../core/interview/session';
import type { HostView } from '../../core/live/room';
import { heldBy, hostMessages, restoreFrom } from './hostMirror';

const priv = (p: Partial<SessionPrivate>): SessionPrivate => ({
  ...createPrivate('s1', 'w'),
  ...p,
});
const host = (h: Partial<HostView>): HostView => ({
  notes: '',
  marks: {},
  verdict: null,
  predictions: null,
  learners: [],
  board: {},
  ...h,
});

describe('the host mirror', () => {
  it('sends notes, verdict and each question marks, cut to the server caps', () => {
    const msgs = hostMessages(
      priv({
        notes: 'n'.repeat(25000),
        verdict: 'yes',
        marks: {
          'check-then-increment': { met: Array(40).fill(true), notes: 'ok', asked: 50 },
          'Not A Slug': { met: [true], notes: '', asked: 0 },
        },
      }),
    );
    expect(msgs.map((m) => m.key)).toEqual(['notes', 'verdict', 'mark:check-then-increment']);
    expect((msgs[0]!.payload.text as string).length).toBe(20000);
    expect(msgs[1]!.payload).toEqual({ verdict: 'yes' });
    const mark = msgs[2]!.payload;
    expect((mark.met as boolean[]).length).toBe(32);
    expect(mark.asked).toBe(32);
  });

  it('what the server holds is recognised, so it is not sent again', () => {
    const p = priv({
      notes: 'x',
      verdict: 'no',
      marks: { a: { met: [true], notes: 'm', asked: 1 } },
    });
    const held = heldBy(
      host({ notes: 'x', verdict: 'no', marks: { a: { met: [true], notes: 'm', asked: 1 } } }),
    );
    for (const m of hostMessages(p)) expect(held.get(m.key)).toBe(JSON.stringify(m.payload));
  });

  it('restores only what this window lacks, never over local work', () => {
    const server = host({
      notes: 'server notes',
      verdict: 'strong-yes',
      marks: { a: { met: [true, false], notes: 'sa', asked: 2 }, b: { met: [true], notes: 'sb' } },
    });
    expect(restoreFrom(priv({}), server)).toEqual({
      notes: 'server notes',
      verdict: 'strong-yes',
      marks: {
        a: { met: [true, false], notes: 'sa', asked: 2 },
        b: { met: [true], notes: 'sb', asked: 0 },
      },
    });
    const mine = priv({
      notes: 'mine',
      verdict: 'no',
      marks: { a: { met: [false, false], notes: 'local', asked: 0 } },
    });
    expect(restoreFrom(mine, server)).toEqual({
      marks: { b: { met: [true], notes: 'sb', asked: 0 } },
    });
    expect(restoreFrom(priv({}), host({ verdict: 'maybe' })).verdict).toBeUndefined();
  });
});
