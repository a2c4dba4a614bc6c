// The trace shows what the chosen request did: its outcome, every Redis call with its reply
// (errors and lost updates marked, times in app mode), the script's reply and its logs.
import { describe, expect, it } from 'vitest';
import { byTestId, draw, textOf } from '../markupForTests';
import { TraceView } from './TracePanel';
import { denied, failed, record } from './testRecords';

const calls = [
  { args: ['HMGET', 'rl:client-1', 'tokens', 'stamp'], reply: [null, null], at: 0.55 },
  { args: ['HSET', 'rl:client-1', 'tokens', '2'], reply: 1, at: 0.6, stale: true },
  {
    args: ['expire', 'rl:client-1', '60'],
    reply: { err: 'ERR value is not an integer' },
    at: 0.65,
  },
];

/** The text of the first element of this class in the markup, or null. */
const part = (html: string, cls: string): string | null => {
  const m = new RegExp(`class="${cls}"[^>]*>(.*?)</`).exec(html);
  return m ? textOf(m[1]!) : null;
};

/** Each call of the trace: when it ran (app mode), the command, the reply, a lost-update badge. */
const callsOf = (html: string) =>
  byTestId(html, 'trace-calls')
    .split('<li')
    .slice(1)
    .map((li) => ({
      at: part(li, 'ed-at'),
      cmd: part(li, 'ed-cmd'),
      reply: part(li, 'ed-reply(?: err)?'),
      error: li.includes('class="ed-reply err"'),
      badge: part(li, 'ed-badge'),
      stale: li.startsWith(' class="stale"'),
    }));

describe('TraceView', () => {
  it('with no request, says how to get one', () => {
    const { text } = draw(<TraceView rec={null} selected={null} mode="script" />);
    expect(text).toBe(
      'Trace Run the script, then pick a request (or play the scene) to see every Redis call it made.',
    );
  });

  it('heads the trace with the request, its outcome, time, server and key', () => {
    const { text } = draw(
      <TraceView rec={record(3, { decision: denied })} selected={3} mode="script" />,
    );
    expect(text).toContain('Trace: request 4');
    expect(text).toContain('Denied (429) · arrived 1.5 s at server B · key client-1');
    expect(text).not.toContain('latest decided');
    const latest = draw(<TraceView rec={record(0)} selected={null} mode="script" />);
    expect(latest.text).toContain(
      'Admitted (200) · arrived 0 s at server A · key client-1 (latest decided; pick one above to pin it)',
    );
  });

  it('lists every call with its reply; an error reply and a lost update are marked', () => {
    const rec = record(1, { calls, reply: [0, 2], decision: denied });
    const { html } = draw(<TraceView rec={rec} selected={1} mode="script" />);
    const none = { at: null, error: false, badge: null, stale: false };
    expect(callsOf(html)).toEqual([
      { ...none, cmd: 'HMGET rl:client-1 tokens stamp', reply: '[(nil), (nil)]' },
      {
        ...none,
        cmd: 'HSET rl:client-1 tokens 2',
        reply: '(integer) 1',
        badge: 'lost update: overwrote a newer value',
        stale: true,
      },
      {
        ...none,
        cmd: 'EXPIRE rl:client-1 60',
        reply: '(error) ERR value is not an integer',
        error: true,
      },
    ]);
    expect(textOf(byTestId(html, 'trace-reply'))).toBe('Script reply: [(integer) 0, (integer) 2]');
    expect(draw(<TraceView rec={rec} selected={1} mode="script" />).text).toContain(
      'KEYS ["rl:client-1"] ARGV ["3","60"]',
    );
  });

  it('in app mode, each call shows when it ran and the reply when it was decided', () => {
    const rec = record(1, { calls: calls.slice(0, 1), decidedAt: 0.6 });
    const { html } = draw(<TraceView rec={rec} selected={1} mode="app" />);
    expect(callsOf(html)).toEqual([
      {
        at: '0.55 s',
        cmd: 'HMGET rl:client-1 tokens stamp',
        reply: '[(nil), (nil)]',
        error: false,
        badge: null,
        stale: false,
      },
    ]);
    expect(textOf(byTestId(html, 'trace-reply'))).toBe(
      'Script reply: [(integer) 1, (integer) 2] · decided at 0.6 s',
    );
  });

  it('a request with no calls, an error and logs', () => {
    const rec = record(0, {
      decision: failed,
      reply: { err: 'ERR boom' },
      logs: [
        { level: 3, message: 'bucket empty' },
        { level: 0, message: 'start' },
        { level: 7, message: 'odd level' },
      ],
    });
    const { text } = draw(<TraceView rec={rec} selected={0} mode="script" />);
    expect(text).toContain('Limiter unavailable (503)');
    expect(text).toContain('No Redis calls.');
    expect(text).toContain('Script reply: (error) ERR boom ERR boom');
    expect(text).toContain('[warning] bucket empty [debug] start [7] odd level');
  });

  it('a skipped request says why it did not run, with the run budget', () => {
    const rec = record(5, { skipped: true, decision: failed, calls });
    const { html, text } = draw(<TraceView rec={rec} selected={5} mode="script" />);
    expect(text).toContain('Not run: a whole run may take 1.5 s, and earlier requests used it up.');
    expect(html).not.toContain('trace-calls');
  });
});
