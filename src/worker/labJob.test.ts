// The lab's Lua job in process: the kill list, the cap, the recorded states (the client and a
// real worker thread: src/cli/labThread.test.ts).
import { afterAll, describe, expect, it } from 'vitest';
import { wrapEngineRun, labRunFromInput } from '../core/lab/labRun';
import { unpackRun } from '../core/lab/transfer';
import { registerLimiter, getLimiterFactory } from '../core/limiters/registry';
import type { LimiterFactory } from '../core/limiters/types';
import { createLuaEngine } from '../core/lua/index';
import { luaLimiterFactory, luaViewFactory } from '../core/lua/luaLimiter';
import { templateById } from '../core/playground/templates';
import { CAPPED_MESSAGE, KILL_CAP, runLabJob, type LabJob } from './labJob';

const tokenBucket = templateById('token-bucket')!.source;
const bucket = {
  algorithm: 'lua',
  params: { script: tokenBucket, keys: ['rl:{key}'], args: ['3', '1', '{cost}'] },
  requests: [{ at: 0 }, { at: 0 }, { at: 0 }, { at: 0 }, { at: 1.5 }, { at: 1.6 }],
};
const hostile = (script: string, n = 8) => ({
  algorithm: 'lua',
  params: { script, keys: ['rl:{key}'], args: [] },
  failureMode: 'fail-closed',
  requests: Array.from({ length: n }, (_, i) => ({ at: i * 0.5 })),
});

let saved: LimiterFactory | undefined;
const register = (f: LimiterFactory) => {
  saved ??= getLimiterFactory('lua');
  registerLimiter('lua', f);
};
const quiet = { start: () => undefined, end: () => undefined, write: () => undefined };
afterAll(() => {
  if (saved) registerLimiter('lua', saved);
});

async function job(j: Partial<LabJob> & { input: unknown }) {
  const engine = await createLuaEngine();
  const r = runLabJob(
    { seekable: true, killed: [], deadlineMs: 750, ...j },
    engine,
    quiet,
    register,
  );
  registerLimiter('lua', luaViewFactory);
  return r;
}

describe('the lab job (in process)', () => {
  it('runs the token bucket; the page-side run (no script) has the same outcomes and states', async () => {
    const r = await job({ input: bucket });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const page = wrapEngineRun(unpackRun(structuredClone(r.run)), r.seekable);
    expect(r.seekable).toBe(true);
    expect(page.countsAt(Infinity)).toMatchObject({ allowed: 4, denied: 2 });
    // The same run with the script run in process (its seeker replays the script).
    const target = page.targets[0]!.id;
    const times = [0, 0.5, 1.5, 1.6, 5];
    registerLimiter('lua', luaLimiterFactory(await createLuaEngine()));
    const direct = labRunFromInput(bucket);
    const want = direct.ok ? times.map((t) => JSON.stringify(direct.run.views(target, t))) : [];
    registerLimiter('lua', luaViewFactory);
    expect(direct.ok).toBe(true);
    expect(times.map((t) => JSON.stringify(page.views(target, t)))).toEqual(want);
    expect(want.join('')).toContain('tokens');
  });

  it('a killed run is an error with its writes applied, without running; after the cap none run', async () => {
    const starts: number[] = [];
    const engine = await createLuaEngine();
    const r = runLabJob(
      {
        input: hostile('return 1'),
        seekable: true,
        killed: [[2, [['SET', 'rl:client', 'partial']]]],
        deadlineMs: 750,
      },
      engine,
      { ...quiet, start: (s) => starts.push(s) },
      register,
    );
    registerLimiter('lua', luaViewFactory);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(starts).not.toContain(2);
    const run = wrapEngineRun(unpackRun(r.run), r.seekable);
    expect(run.request(2).error).toMatch(
      /stopped this script after 750 ms .*keys hold what the script wrote/,
    );
    expect(run.request(2).outcome).toBe('unavailable');
    expect(run.request(3).error).toBeNull();
    expect(r.notes[0]).toMatch(
      /^Request 3 \(at 1 s\): .*killed it; the keys hold what the script wrote/,
    );
    const view = run.views(run.targets[0]!.id, 1.2)[0];
    expect(JSON.stringify(view)).toContain('partial');
  });

  it('after KILL_CAP budget stops, later decisions are errors without running', async () => {
    const starts: number[] = [];
    const engine = await createLuaEngine({ budgetMs: 5 });
    const r = runLabJob(
      { input: hostile('while true do end'), seekable: false, killed: [], deadlineMs: 750 },
      engine,
      { ...quiet, start: (s) => starts.push(s) },
      register,
    );
    registerLimiter('lua', luaViewFactory);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(starts).toEqual([0, 1, 2].slice(0, KILL_CAP));
    const run = wrapEngineRun(unpackRun(r.run), r.seekable);
    expect(run.request(7).error).toBe(CAPPED_MESSAGE);
    expect(r.notes.at(-1)).toMatch(/After 3 stopped runs, the other 5 Lua decisions are errors/);
  });
});
