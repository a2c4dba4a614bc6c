import { describe, expect, it } from 'vitest';
import type { LabWorkerClient } from '../worker/labClient';
import {
  computeLabRun,
  installLabWorker,
  PAGE_MAX_REQUESTS,
  PAGE_SYNC_MAX,
  pageSizeError,
} from './labCompute';

const steady = (ratePerSecond: number, to: number) => ({
  algorithm: 'fixed-window',
  params: { limit: 10, windowSeconds: 1 },
  traffic: [{ pattern: 'steady', ratePerSecond, from: 0, to }],
});

describe('runs too big for the page', () => {
  it('5 million requests (the documented cap) are refused at once, naming the limit and the fix', () => {
    const r = computeLabRun(steady(1000, 5000));
    expect(r).toMatchObject({ ok: false });
    if (r instanceof Promise || r.ok) throw new Error('expected a refusal');
    expect(r.message).toBe(
      `this scenario makes about 5,000,000 requests; the lab page runs and draws at most ${PAGE_MAX_REQUESTS.toLocaleString('en-US')} (to keep the page answering): lower traffic[0].ratePerSecond or shorten traffic[0].from to traffic[0].to. The command line's simulate runs up to 5,000,000.`,
    );
  });

  it('a huge listed array is refused before it is checked item by item', () => {
    const input = { ...steady(1, 1), requests: new Array(PAGE_MAX_REQUESTS + 1).fill(null) };
    expect(pageSizeError(input)).toMatch(/^requests lists 50,001 requests; .* list fewer/);
  });

  it('up to the limit the run is built; bad input still gets the engine message', () => {
    expect(pageSizeError(steady(10, PAGE_MAX_REQUESTS / 10))).toBeNull();
    expect(pageSizeError({ algorithm: 'nope' })).toBeNull();
    const small = computeLabRun(steady(10, 2));
    expect(small).toMatchObject({ ok: true });
  });
});

describe('big runs are built off the page thread', () => {
  it('above PAGE_SYNC_MAX the run goes to the worker; below it stays synchronous', async () => {
    const sent: unknown[] = [];
    const fake = {
      compute(input: unknown) {
        sent.push(input);
        return Promise.resolve({
          ok: false,
          errors: ['from the worker'],
          message: 'from the worker',
        });
      },
    } as unknown as LabWorkerClient;
    installLabWorker(fake);
    try {
      const big = steady(100, (PAGE_SYNC_MAX + 100) / 100);
      const r = computeLabRun(big);
      expect(r).toBeInstanceOf(Promise);
      expect(await r).toMatchObject({ ok: false, message: 'from the worker' });
      expect(sent).toEqual([big]);
      expect(computeLabRun(steady(10, 2))).toMatchObject({ ok: true });
      expect(sent).toHaveLength(1);
    } finally {
      installLabWorker(null);
    }
  });
});
