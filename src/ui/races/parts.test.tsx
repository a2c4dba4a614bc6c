// The scheduler's columns as the learner reads them: a server's code with the line it stands
// on, its local variables, the command it sends next and how it ended; the store's keys with
// the ones the last round trip changed; the schedule so far.
import { describe, expect, it } from 'vitest';
import type { ServerView } from '../../core/races/session';
import type { KeyState, Step } from '../../core/races/types';
import { byTestId, draw, textOf } from '../markupForTests';
import { ServerColumn, StepLog, StoreColumn, commandText, replyText } from './parts';

const code = [
  'local limit = tonumber(ARGV[1])',
  'local count = tonumber(redis.call("GET", KEYS[1]) or "0")',
  'if count + 1 > limit then return 0 end',
  'redis.call("SET", KEYS[1], count + 1)',
  'return 1',
].join('\n');

const running: ServerView = {
  status: 'running',
  next: ['SET', 'count:client', '3'],
  line: 4,
  canCrash: true,
  roundTrips: 1,
  end: null,
  locals: [
    { name: 'limit', value: '3' },
    { name: 'count', value: '2' },
  ],
};

const column = (server: ServerView, onCrash: (() => void) | null = () => undefined) =>
  draw(
    <ServerColumn
      name="A"
      index={0}
      code={code}
      server={server}
      disabled={false}
      onStep={() => undefined}
      onCrash={onCrash}
    />,
  );

describe('ServerColumn', () => {
  it("shows the server's locals where it stands", () => {
    const { html } = column(running);
    expect(textOf(byTestId(html, 'race-locals-0'))).toBe("Server A's locals: limit = 3, count = 2");
  });

  it('before any local is set, says none yet; a long value is cut at 40 characters', () => {
    expect(textOf(byTestId(column({ ...running, locals: [] }).html, 'race-locals-0'))).toBe(
      "Server A's locals: none yet",
    );
    const long = { name: 'blob', value: `"${'x'.repeat(60)}"` };
    const { html } = column({ ...running, locals: [long] });
    expect(textOf(byTestId(html, 'race-locals-0'))).toBe(
      `Server A's locals: blob = "${'x'.repeat(39)}…`,
    );
  });

  it('marks the line it stands on, counts its round trips and offers its next command', () => {
    const { html, text } = column(running);
    const current = html.match(/<span class="race-line is-current"[^>]*>.*?<\/span><\/span>/g);
    expect(current).toHaveLength(1);
    expect(current![0]).toContain('aria-current="step"');
    expect(textOf(current![0])).toBe('4redis.call("SET", KEYS[1], count + 1)');
    expect(text).toContain('Server A 1 round trip');
    expect(text).toContain('Next: SET count:client 3');
    expect(textOf(byTestId(html, 'race-step-0'))).toBe('Send it (key 1)');
    expect(textOf(byTestId(html, 'race-crash-0'))).toBe('Crash A');
  });

  it('offers no crash where none is possible now', () => {
    expect(column(running, null).html).not.toContain('race-crash-0');
  });

  it('a finished server shows how its request ended, and no current line', () => {
    const done: ServerView = {
      ...running,
      status: 'done',
      next: null,
      roundTrips: 2,
      end: { kind: 'refused', reply: 0 },
    };
    const { html, text } = column(done);
    expect(html).toContain('data-status="done"');
    expect(html).not.toContain('is-current');
    expect(html).not.toContain('race-step-0');
    expect(text).toContain('2 round trips');
    expect(textOf(byTestId(html, 'end-chip'))).toBe('refused (429)');
  });
});

const keys: KeyState[] = [
  { key: 'count:client', type: 'string', value: '3', ttlMs: 59_500 },
  { key: 'lock', type: 'string', value: 'A', ttlMs: 1_250 },
  {
    key: 'bucket',
    type: 'hash',
    value: [
      ['tokens', '4'],
      ['stamp', '17'],
    ],
    ttlMs: null,
  },
];

describe('StoreColumn', () => {
  it('lists each key with its value and time to live, and marks the changed ones', () => {
    const { html, text } = draw(<StoreColumn keys={keys} changed={new Set(['lock'])} />);
    expect(text).toContain('Shared Redis 3 keys');
    const rows = html
      .split('<tr')
      .slice(2)
      .map((r) => ({
        changed: r.startsWith(' class="is-changed"'),
        cells: r
          .split(/<td[^>]*>/)
          .slice(1)
          .map(textOf),
        noTtl: r.includes('class="race-no-ttl"'),
      }));
    expect(rows).toEqual([
      { changed: false, cells: ['count:client', '3', '60 s'], noTtl: false },
      { changed: true, cells: ['lock', 'A', '1.3 s'], noTtl: false },
      { changed: false, cells: ['bucket', 'tokens=4 stamp=17 (hash)', 'no expiry'], noTtl: true },
    ]);
  });

  it('an empty store says so', () => {
    expect(draw(<StoreColumn keys={[]} changed={new Set()} />).text).toBe(
      'Shared Redis 0 keys Empty.',
    );
  });
});

describe('StepLog', () => {
  it('each round trip with its reply, a crash and a pause, by server name', () => {
    const steps: Step[] = [
      { request: 0, command: ['GET', 'count:client'], reply: '2', line: 2, state: [] },
      { request: 1, crash: true, state: [] },
      { request: -1, pause: 61_000, state: [] },
      {
        request: 0,
        command: ['SET', 'count:client', '3'],
        reply: { ok: 'OK' },
        line: 4,
        state: [],
      },
    ];
    const { html } = draw(<StepLog steps={steps} names={['east', 'west']} />);
    expect(
      html
        .split('<li')
        .slice(1)
        .map((li) => textOf(`<li${li}`)),
    ).toEqual([
      'east GET count:client → "2"',
      'west crashes (sends nothing more, never answers)',
      "Pause: 61,000 ms pass on the store's clock",
      'east SET count:client 3 → OK',
    ]);
  });

  it('before the first round trip, says how to start', () => {
    expect(draw(<StepLog steps={[]} names={undefined} />).text).toBe(
      'No round trips yet. Pick which server goes first (or press its number key).',
    );
  });
});

describe('replyText and commandText', () => {
  it('read replies and commands the way redis-cli users do, shortened', () => {
    expect(replyText(null)).toBe('(nil)');
    expect(replyText([1, '2', { ok: 'OK' }])).toBe('[(integer) 1, "2", OK]');
    expect(replyText({ err: 'ERR x' })).toBe('(error) ERR x');
    expect(replyText('y'.repeat(50))).toBe(`"${'y'.repeat(39)}…"`);
    expect(commandText(['EVAL', 'local a\nreturn a', '0'])).toBe('EVAL «script, 2 lines» 0');
    expect(commandText(['SET', 'k', 'two words', ''])).toBe('SET k "two words" ""');
  });
});
