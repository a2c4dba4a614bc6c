// The lab's Lua worker client against a real worker thread: a script past its deadline is
// killed, the scenario runs again past it, settles after KILL_CAP stops, and the next job starts
// in a fresh worker with nothing of the last.
import { afterAll, describe, expect, it } from 'vitest';
import { wrapEngineRun } from '../core/lab/labRun';
import { unpackRun } from '../core/lab/transfer';
import { registerLimiter } from '../core/limiters/registry';
import { luaViewFactory } from '../core/lua/luaLimiter';
import { simulateResult } from '../core/simulate';
import { templateById } from '../core/playground/templates';
import { LabWorkerClient } from '../worker/labClient';
import { KILL_CAP } from '../worker/labJob';
import { messageWorker } from './sandbox';

const bucket = {
  algorithm: 'lua',
  params: {
    script: templateById('token-bucket')!.source,
    keys: ['rl:{key}'],
    args: ['3', '1', '{cost}'],
  },
  requests: [{ at: 0 }, { at: 0 }, { at: 0 }, { at: 0 }, { at: 1.5 }, { at: 1.6 }],
};
// Endless under the client's budget (no loop reaches 1e15 steps): only the deadline stops it.
// The deadline is far from the time the script takes to make its write (the notes say what it
// wrote before the kill), and the loop outlasts any deadline.
const slow = "redis.call('SET', KEYS[1], 'before') while true do end";
const hostile = (script: string, n = 8) => ({
  algorithm: 'lua',
  params: { script, keys: ['rl:{key}'], args: [] },
  failureMode: 'fail-closed',
  requests: Array.from({ length: n }, (_, i) => ({ at: i * 0.5 })),
});
registerLimiter('lua', luaViewFactory);
/**
 * Each attempt's overall limit (20 s by default) takes in a fresh worker thread's start-up, which
 * tsx makes seconds long on a busy machine: here it is out of reach, and only the script
 * deadlines under test stop a run.
 */
const FAR = 600_000;

describe('the lab client and a real worker thread', () => {
  const client = new LabWorkerClient({
    spawn: () => messageWorker(new URL('./labThread.ts', import.meta.url)),
    wasmUrl: '',
    deadlineMs: 1000,
    budgetSteps: 1e15,
    jobTimeoutMs: FAR,
  });
  afterAll(() => client.terminate());

  it('a script past its deadline is killed, three times, and the scenario settles', async () => {
    const r = await client.compute(hostile(slow), false);
    expect(r.ok ? '' : r.message).toBe('');
    if (!r.ok) return;
    expect(client.kills).toBe(KILL_CAP);
    expect(
      r.notes.slice(0, 3).every((n) => /killed it; the keys hold what the script wrote/.test(n)),
    ).toBe(true);
    expect(r.notes[3]).toMatch(/After 3 stopped runs, the other 5 Lua decisions/);
  }, 240_000);

  it('scripts writing megabytes a request get Redis’s OOM error past the model’s cap; the run goes on', async () => {
    // 8 MB a request, each to its own key: past 128 MB of keys the writes fail, where the
    // worker's heap would otherwise run out and the whole run fail.
    const big =
      "local s = 'x' while #s < 8 * 1024 * 1024 do s = s .. s end redis.call('SET', KEYS[1], s) return 1";
    const client = new LabWorkerClient({
      spawn: () => messageWorker(new URL('./labThread.ts', import.meta.url)),
      wasmUrl: '',
      deadlineMs: 60_000,
      jobTimeoutMs: FAR,
    });
    const scenario = (n: number, distinct: boolean) => ({
      algorithm: 'lua',
      params: { script: big, keys: ['rl:{key}'], args: [] },
      failureMode: 'fail-closed',
      requests: Array.from({ length: n }, (_, i) => ({ at: i, key: distinct ? `k${i}` : 'k' })),
    });
    try {
      const r = await client.compute(scenario(20, true), false);
      expect(r.ok ? '' : r.message).toBe('');
      if (!r.ok) return;
      const run = wrapEngineRun(unpackRun(r.run), false);
      const d = simulateResult(run).decisions;
      expect(d.slice(0, 15).every((x) => x.allowed && !x.error)).toBe(true);
      expect(d.slice(16).every((x) => /^OOM command not allowed/.test(x.error ?? ''))).toBe(true);
      expect(r.notes.join('\n')).toMatch(/passed what the lab keeps \(128 MB of keys in a run/);
      // The same key overwritten: the model stays small, but recording every state for
      // seeking would not, so the run is answered without state views.
      const s = await client.compute(scenario(12, false), true);
      expect(s.ok && s.seekable).toBe(false);
      expect(s.ok && unpackRun(s.run).requests.n).toBe(12);
    } finally {
      client.terminate();
    }
  }, 240_000);

  it('a run after kills starts from nothing (fresh worker, engine and keys)', async () => {
    // A fresh client, with a deadline far from the run's real time.
    const fair = new LabWorkerClient({
      spawn: () => messageWorker(new URL('./labThread.ts', import.meta.url)),
      wasmUrl: '',
      deadlineMs: 60_000,
      jobTimeoutMs: FAR,
    });
    const r = await fair.compute(bucket, true);
    fair.terminate();
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    registerLimiter('lua', luaViewFactory);
    const run = wrapEngineRun(unpackRun(r.run), r.seekable);
    expect(run.countsAt(Infinity)).toMatchObject({ allowed: 4, denied: 2 });
    expect(r.notes).toEqual([]);
  }, 240_000);
});
