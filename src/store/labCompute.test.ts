import { describe, expect, it } from 'vitest';
import type { LabWorkerClient } from '../worker/labClient';
import { labRunFromInput, engineOf } from '../core/lab/labRun';
import { packRun } from '../core/lab/transfer';
import {
  pageLabRun,
  pageLabRunAsync,
  installLabWorker,
  labInputsReady,
  PAGE_MAX_REQUESTS,
  PAGE_SYNC_MAX,
  pageSizeError,
  pendingRuns,
  runsLearnerLua,
  scriptNotes,
} from './labCompute';

const steady = (ratePerSecond: number, to: number) => ({
  algorithm: 'fixed-window',
  params: { limit: 10, windowSeconds: 1 },
  traffic: [{ pattern: 'steady', ratePerSecond, from: 0, to }],
});

describe('runs too big for the page', () => {
  it('5 million requests (the documented cap) are refused at once, naming the limit and the fix', () => {
    const r = pageLabRun(steady(1000, 5000));
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
    const small = pageLabRun(steady(10, 2));
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
      const r = pageLabRun(big);
      expect(r).toBeInstanceOf(Promise);
      expect(await r).toMatchObject({ ok: false, message: 'from the worker' });
      expect(sent).toEqual([big]);
      expect(pageLabRun(steady(10, 2))).toMatchObject({ ok: true });
      expect(sent).toHaveLength(1);
    } finally {
      installLabWorker(null);
    }
  });
});

/** A worker that answers with the engine's own run once `release()` is called. */
function gatedWorker() {
  const calls: unknown[] = [];
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  const client = {
    compute(input: unknown, seekable: boolean) {
      calls.push(input);
      return gate.then(() => {
        const r = labRunFromInput(input, { seekable });
        return r.ok
          ? { ok: true, run: packRun(engineOf(r.run)), seekable, notes: ['a note'], stops: 0 }
          : r;
      });
    },
  } as unknown as LabWorkerClient;
  return { client, calls, release: () => release() };
}

describe('runs from the worker', () => {
  const big = steady(100, (PAGE_SYNC_MAX + 100) / 100);

  it('one request per input while it runs; then the same input answers at once, from the cache', async () => {
    const w = gatedWorker();
    installLabWorker(w.client);
    try {
      const a = pageLabRun(big);
      const b = pageLabRun(structuredClone(big));
      expect(a).toBeInstanceOf(Promise);
      expect(b).toBe(a);
      expect(pendingRuns([big, null, steady(10, 2)])).toBeInstanceOf(Promise);
      expect(labInputsReady([big])).toBe(false);
      w.release();
      const r = await a;
      expect(r).toMatchObject({ ok: true });
      expect(w.calls).toHaveLength(1);
      const again = pageLabRun(big);
      expect(again).toBe(r);
      expect(pendingRuns([big, steady(10, 2)])).toBeNull();
      expect(labInputsReady([big, null])).toBe(true);
      if (again instanceof Promise || !again.ok) throw new Error('expected a run');
      expect(scriptNotes(again.run)).toEqual(['a note']);
      expect(again.run.n).toBe(buildOk(big).n);
    } finally {
      installLabWorker(null);
    }
  });

  it('a worker that fails is a message, never a throw', async () => {
    installLabWorker({
      compute: () => Promise.reject(new Error('the worker died')),
    } as unknown as LabWorkerClient);
    try {
      expect(await pageLabRunAsync(big)).toEqual({
        ok: false,
        errors: ['the worker died'],
        message: 'the worker died',
      });
    } finally {
      installLabWorker(null);
    }
  });

  it('learner Lua is sent to the worker; a scenario without it, or bad input, is not', () => {
    const lua = { algorithm: 'lua', params: { script: 'return 1' }, requests: [{ at: 1 }] };
    expect(runsLearnerLua(lua)).toBe(true);
    expect(runsLearnerLua({ policies: [{ algorithm: 'fixed-window' }, lua] })).toBe(true);
    expect(runsLearnerLua(steady(1, 1))).toBe(false);
    expect(runsLearnerLua(null)).toBe(false);
    const w = gatedWorker();
    installLabWorker(w.client);
    try {
      expect(pageLabRun({ algorithm: 'nope', requests: [] })).toMatchObject({ ok: false });
      expect(w.calls).toEqual([]);
    } finally {
      installLabWorker(null);
    }
  });
});

function buildOk(input: unknown) {
  const r = labRunFromInput(input);
  if (!r.ok) throw new Error(r.message);
  return r.run;
}
