// The lab's Lua worker client on injected timers: a script run that never ends is stopped at
// its deadline (not before), the scenario runs again past it in a fresh worker, and after
// KILL_CAP stops the job settles, in about KILL_CAP deadlines of the page's clock. The fake
// worker hangs like a script that no step budget stops; no real time passes.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LabWorkerClient, type WorkerLike } from './labClient';
import { KILL_CAP, type LabJobResult } from './labJob';
import type { LabWorkerMessage, LabWorkerRequest } from './labProtocol';

const DEADLINE = 750;
/** The client's grace after a deadline (labClient.ts GRACE_MS). */
const GRACE = 25;

/** A worker whose every script run starts and never ends, until KILL_CAP runs were killed. */
function hangingWorkers() {
  const spawned: { terminated: boolean; jobs: LabWorkerRequest[] }[] = [];
  const spawn = (): WorkerLike => {
    const me = { terminated: false, jobs: [] as LabWorkerRequest[] };
    spawned.push(me);
    let onMessage: ((m: LabWorkerMessage) => void) | null = null;
    return {
      postMessage(m) {
        me.jobs.push(m);
        const seq = m.job.killed.length;
        queueMicrotask(() => {
          if (me.terminated) return;
          if (seq >= KILL_CAP) {
            const result = { ok: true, notes: [], stops: KILL_CAP, seekable: false };
            onMessage?.({ type: 'done', id: m.id, result: result as unknown as LabJobResult });
            return;
          }
          onMessage?.({ type: 'start', id: m.id, seq });
          onMessage?.({ type: 'write', id: m.id, seq, args: ['SET', 'k', String(seq)] });
        });
      },
      terminate() {
        me.terminated = true;
      },
      listen(m) {
        onMessage = m;
      },
    };
  };
  return { spawn, spawned };
}

describe('the lab worker client on a fake clock', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('stops a run at its deadline, KILL_CAP times, and settles after KILL_CAP deadlines', async () => {
    const { spawn, spawned } = hangingWorkers();
    const client = new LabWorkerClient({ spawn, wasmUrl: '', deadlineMs: DEADLINE });
    let settled: LabJobResult | null = null;
    void client.compute({ algorithm: 'lua' }, false).then((r) => (settled = r));
    // Just before the first deadline (and its grace) nothing is stopped.
    await vi.advanceTimersByTimeAsync(DEADLINE + GRACE - 1);
    expect(client.kills).toBe(0);
    expect(spawned[0]!.terminated).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(client.kills).toBe(1);
    expect(spawned[0]!.terminated).toBe(true);
    // The rest of the stops, one deadline each, each in a fresh worker told what was killed.
    await vi.advanceTimersByTimeAsync((KILL_CAP - 1) * (DEADLINE + GRACE));
    expect(client.kills).toBe(KILL_CAP);
    expect(settled).toMatchObject({ ok: true, stops: KILL_CAP });
    expect(spawned).toHaveLength(KILL_CAP + 1);
    const last = spawned[KILL_CAP]!.jobs[0]!.job;
    expect(last.killed.map(([seq, writes]) => [seq, writes])).toEqual(
      Array.from({ length: KILL_CAP }, (_, k) => [k, [['SET', 'k', String(k)]]]),
    );
    // On the page's clock: KILL_CAP deadlines of 750 ms (and their grace) is within 3 s.
    expect(KILL_CAP * (DEADLINE + GRACE)).toBeLessThan(3000);
  });
});
