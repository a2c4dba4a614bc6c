// The practice page's grading worker is started once, warmed before the first grade, and
// reused by every grade after (a fake worker stands in for the real one).
import { describe, expect, it } from 'vitest';
import { GradeWorkerClient } from './gradeClient';
import type { GradeJob, GradeWorkerRequest, GradeWorkerResponse } from './gradeWorker';

class FakeWorker {
  onmessage: ((e: MessageEvent<GradeWorkerResponse>) => void) | null = null;
  onerror: ((e: ErrorEvent) => void) | null = null;
  readonly seen: GradeWorkerRequest['type'][] = [];
  terminated = false;
  postMessage(msg: GradeWorkerRequest): void {
    this.seen.push(msg.type);
    const reply: GradeWorkerResponse =
      msg.type === 'init'
        ? { id: msg.id, type: 'ok' }
        : {
            id: msg.id,
            type: 'result',
            report: {
              problem: msg.slug,
              passed: true,
              summary: 'ok',
              failure: null,
              seed: msg.seed,
              cases: [],
            },
          };
    queueMicrotask(() => this.onmessage?.({ data: reply } as MessageEvent<GradeWorkerResponse>));
  }
  terminate(): void {
    this.terminated = true;
  }
}

const job: GradeJob = { slug: 'p', graderId: 'p', submission: {}, problem: {}, seed: 3 };

function clientWithFakes() {
  const workers: FakeWorker[] = [];
  const client = new GradeWorkerClient(() => {
    const w = new FakeWorker();
    workers.push(w);
    return w as unknown as Worker;
  });
  return { client, workers };
}

describe('the grading worker client', () => {
  it('prewarm starts the worker and sends init before any grade', async () => {
    const { client, workers } = clientWithFakes();
    await client.prewarm();
    expect(workers).toHaveLength(1);
    expect(workers[0]!.seen).toEqual(['init']);
  });

  it('every grade after a prewarm reuses the one worker, initialised once', async () => {
    const { client, workers } = clientWithFakes();
    void client.prewarm();
    await client.prewarm();
    const a = await client.grade(job);
    const b = await client.grade({ ...job, seed: 4 });
    expect([a.seed, b.seed]).toEqual([3, 4]);
    expect(workers).toHaveLength(1);
    expect(workers[0]!.seen).toEqual(['init', 'grade', 'grade']);
  });

  it('a stopped worker is replaced by a fresh one on the next grade', async () => {
    const { client, workers } = clientWithFakes();
    await client.grade(job);
    client.terminate();
    expect(workers[0]!.terminated).toBe(true);
    await client.grade(job);
    expect(workers).toHaveLength(2);
    expect(workers[1]!.seen).toEqual(['init', 'grade']);
  });
});
