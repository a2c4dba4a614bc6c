// The key table shows the store as it stood at the scene's time: the last frame at or before
// it, each TTL counted down from that frame, expired keys gone, collections folded.
import { describe, expect, it } from 'vitest';
import type { KeyFrame } from '../../core/playground/runner';
import type { KeySnapshot } from '../../core/redis/keyspace';
import { keySlot } from '../../core/redis/slot';
import { draw, textOf } from '../markupForTests';
import { KeyTable } from './KeyInspector';

/** A key as the model reports it (its cluster slot computed from its name). */
const snap = (k: Omit<KeySnapshot, 'slot'>): KeySnapshot => ({ ...k, slot: keySlot(k.key) });

const frames: KeyFrame[] = [
  { at: 0, keys: [] },
  { at: 1, keys: [snap({ key: 'count', type: 'string', value: '1', ttlMs: 2000 })] },
  {
    at: 2,
    keys: [
      snap({ key: 'count', type: 'string', value: '2', ttlMs: 1000 }),
      snap({
        key: 'bucket',
        type: 'hash',
        value: [
          ['tokens', '4'],
          ['stamp', '2000'],
        ],
        ttlMs: null,
      }),
      snap({ key: 'log', type: 'zset', value: [['a', 1]], ttlMs: 60000 }),
    ],
  },
];

/** Each row as key, type, value (a collection's folded summary) and TTL. */
const rows = (html: string): string[][] =>
  html
    .split('<tr data-testid="key-row">')
    .slice(1)
    .map((r) => {
      const cells = r.split(/<td[^>]*>/);
      const summary = /<summary>(.*?)<\/summary>/.exec(r)?.[1];
      const ttl = /data-testid="key-ttl">([^<]*)</.exec(r)![1]!;
      return [textOf(cells[1]!), textOf(cells[2]!), textOf(summary ?? cells[3]!), ttl];
    });

describe('KeyTable', () => {
  it('before the first run, asks for one', () => {
    expect(draw(<KeyTable frames={null} now={0} />).text).toBe(
      'Keys in the store at t = 0.00 s Run the script to fill the store.',
    );
  });

  it('an empty store at the time shown', () => {
    expect(draw(<KeyTable frames={frames} now={0.5} />).text).toBe(
      'Keys in the store at t = 0.50 s No keys yet at this moment.',
    );
  });

  it('counts a TTL down from the frame it was recorded in', () => {
    const { html, text } = draw(<KeyTable frames={frames} now={1.25} />);
    expect(text).toContain('at t = 1.25 s');
    expect(rows(html)).toEqual([['count', 'string', '"1"', '1.8 s']]);
  });

  it('shows the later frame once its time comes, collections folded with their size', () => {
    const { html } = draw(<KeyTable frames={frames} now={2.5} />);
    expect(rows(html)).toEqual([
      ['count', 'string', '"2"', '0.5 s'],
      ['bucket', 'hash', '2 fields', 'no expiry'],
      ['log', 'zset', '1 members', '60 s'],
    ]);
    expect(html).toContain('<code>tokens</code></td><td><code>4</code>');
  });

  it('drops a key once its TTL has run out', () => {
    const { html } = draw(<KeyTable frames={frames} now={3.2} />);
    expect(rows(html).map((r) => r[0])).toEqual(['bucket', 'log']);
  });
});
