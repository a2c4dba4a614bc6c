// The one worker client: a request's deadline runs on fake timers, and a worker that misses
// it is terminated and replaced by a fresh one (fake workers stand in for real ones).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WorkerClient, WorkerTimeoutError } from './workerClient';

type Body = { type: 'init' } | { type: 'echo'; text: string } | { type: 'hang' };
type Res =
  | { id: number; type: 'ok' }
  | { id: number; type: 'echo'; text: string }
  | { id: number; type: 'error'; message: string };

class FakeWorker {
  onmessage: ((e: MessageEvent<Res>) => void) | null = null;
  onerror: ((e: ErrorEvent) => void) | null = null;
  readonly seen: string[] = [];
  terminated = false;
  constructor(private readonly initAnswer: Res['type'] = 'ok') {}
  postMessage(msg: Body & { id: number }): void {
    this.seen.push(msg.type);
    if (msg.type === 'hang') return;
    const reply: Res =
      msg.type === 'echo'
        ? { id: msg.id, type: 'echo', text: msg.text }
        : this.initAnswer === 'error'
          ? { id: msg.id, type: 'error', message: 'the wasm did not load' }
          : { id: msg.id, type: 'ok' };
    queueMicrotask(() => this.onmessage?.({ data: reply } as MessageEvent<Res>));
  }
  terminate(): void {
    this.terminated = true;
  }
  fail(message: string): void {
    this.onerror?.({ message, preventDefault: () => {} } as ErrorEvent);
  }
}

function setup(initAnswer: Res['type'] = 'ok') {
  const workers: FakeWorker[] = [];
  const client = new WorkerClient<Body, Res>({
    name: 'the test worker',
    spawn: () => {
      const w = new FakeWorker(initAnswer);
      workers.push(w);
      return w as unknown as Worker;
    },
    init: { type: 'init' },
    initTimeoutMs: 15_000,
    timeoutMessage: (ms) => `no answer within ${ms / 1000} s`,
  });
  return { client, workers };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the worker client', () => {
  it('starts the worker with init, then matches each answer to its request', async () => {
    const { client, workers } = setup();
    const [a, b] = await Promise.all([
      client.request({ type: 'echo', text: 'a' }, 1000),
      client.request({ type: 'echo', text: 'b' }, 1000),
    ]);
    expect([a, b].map((r) => r.type === 'echo' && r.text)).toEqual(['a', 'b']);
    expect(workers).toHaveLength(1);
    expect(workers[0]!.seen).toEqual(['init', 'echo', 'echo']);
  });

  it('waits until the deadline, then terminates the worker and fails the request', async () => {
    const { client, workers } = setup();
    await client.start();
    const hung = client.request({ type: 'hang' }, 5000);
    const outcome = hung.then(
      () => 'answered',
      (e: unknown) => e,
    );
    await vi.advanceTimersByTimeAsync(4999);
    expect(workers[0]!.terminated).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const e = await outcome;
    expect(e).toBeInstanceOf(WorkerTimeoutError);
    expect((e as Error).message).toBe('no answer within 5 s');
    expect(workers[0]!.terminated).toBe(true);
    expect(client.restarts).toBe(1);
  });

  it('fails the other waiting requests with the stop, and starts a fresh worker next time', async () => {
    const { client, workers } = setup();
    await client.start();
    const hung = client.request({ type: 'hang' }, 1000).catch((e: Error) => e.message);
    const other = client.request({ type: 'hang' }, 60_000).catch((e: Error) => e.message);
    await vi.advanceTimersByTimeAsync(1000);
    expect(await hung).toBe('no answer within 1 s');
    expect(await other).toBe('the test worker was stopped');
    const r = await client.request({ type: 'echo', text: 'again' }, 1000);
    expect(r).toMatchObject({ type: 'echo', text: 'again' });
    expect(workers).toHaveLength(2);
    expect(workers[1]!.seen).toEqual(['init', 'echo']);
  });

  it('an answer before the deadline clears it: the worker keeps running', async () => {
    const { client, workers } = setup();
    await client.request({ type: 'echo', text: 'x' }, 1000);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(workers[0]!.terminated).toBe(false);
    expect(client.restarts).toBe(0);
  });

  it('a worker whose init fails is stopped, and its error is the request error', async () => {
    const { client, workers } = setup('error');
    await expect(client.request({ type: 'echo', text: 'x' }, 1000)).rejects.toThrow(
      'the wasm did not load',
    );
    expect(workers[0]!.terminated).toBe(true);
  });

  it('a worker that crashes fails its waiting requests, naming the worker', async () => {
    const { client, workers } = setup();
    await client.start();
    const hung = client.request({ type: 'hang' }, 60_000).catch((e: Error) => e.message);
    await vi.advanceTimersByTimeAsync(0); // the request is posted
    expect(workers[0]!.seen).toEqual(['init', 'hang']);
    workers[0]!.fail('out of memory');
    expect(await hung).toBe('the test worker failed: out of memory');
    expect(workers[0]!.terminated).toBe(true);
  });
});
