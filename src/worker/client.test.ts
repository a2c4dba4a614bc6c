// The worker client's terminate-and-rebuild path, with a fake Worker (no browser, no wasm):
// a request the worker never answers times out, the stuck worker is terminated, a new one is
// spawned and initialised from the last snapshot, and later requests succeed.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ModelState } from '../core/lua/modelState';
import { RedisWorkerClient } from './client';
import type { RedisRequest, RedisResponse } from './protocol';

/** A stand-in for redisWorker.ts: a string map, snapshots, and a command that hangs. */
class FakeWorker {
  static all: FakeWorker[] = [];
  onmessage: ((e: MessageEvent<RedisResponse>) => void) | null = null;
  terminated = false;
  readonly received: RedisRequest[] = [];
  readonly data = new Map<string, string>();

  constructor() {
    FakeWorker.all.push(this);
  }

  postMessage(msg: RedisRequest): void {
    if (this.terminated) throw new Error('postMessage on a terminated worker');
    this.received.push(msg);
    const r = this.handle(msg);
    // A real worker answers asynchronously; a terminated one never answers.
    if (r)
      void Promise.resolve().then(() => {
        if (!this.terminated) this.onmessage?.({ data: r } as MessageEvent<RedisResponse>);
      });
  }

  terminate(): void {
    this.terminated = true;
  }

  private handle(msg: RedisRequest): RedisResponse | null {
    switch (msg.type) {
      case 'init':
        for (const [k, v] of (msg.state as unknown as Array<[string, string]>) ?? []) {
          this.data.set(k, v);
        }
        return { id: msg.id, type: 'ok' };
      case 'call': {
        const [cmd, key, value] = msg.args;
        if (cmd === 'HANG') return null; // a script the engine could not stop
        if (cmd === 'SET') this.data.set(key!, value!);
        const v = cmd === 'GET' ? (this.data.get(key!) ?? null) : 'OK';
        return { id: msg.id, type: 'reply', reply: v, logs: [], keys: [] };
      }
      case 'snapshot':
        return { id: msg.id, type: 'state', state: [...this.data] as unknown as ModelState };
      default:
        return { id: msg.id, type: 'ok' };
    }
  }
}

function makeClient(onRestart?: (reason: string) => void): RedisWorkerClient {
  return new RedisWorkerClient({
    spawn: () => new FakeWorker() as unknown as Worker,
    wasmUrl: '/glue.wasm',
    timeoutMs: 100,
    budgetMs: 50,
    onRestart,
  });
}

describe('RedisWorkerClient', () => {
  beforeEach(() => {
    FakeWorker.all = [];
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('initialises the worker, then snapshots after each request', async () => {
    const client = makeClient();
    const r = await client.request({ type: 'call', args: ['SET', 'a', '1'] });
    expect(r).toMatchObject({ type: 'reply', reply: 'OK' });
    expect(FakeWorker.all).toHaveLength(1);
    const w = FakeWorker.all[0]!;
    expect(w.received.map((m) => m.type)).toEqual(['init', 'call', 'snapshot']);
    expect(w.received[0]).toMatchObject({ type: 'init', wasmUrl: '/glue.wasm', budgetMs: 50 });
    expect((w.received[0] as { state?: unknown }).state).toBeUndefined();
    client.terminate();
  });

  it('times out a stuck request, terminates the worker and rebuilds it from the last snapshot', async () => {
    const restarts: string[] = [];
    const client = makeClient((reason) => restarts.push(reason));
    await client.request({ type: 'call', args: ['SET', 'a', '1'] });
    await client.request({ type: 'call', args: ['SET', 'b', '2'] });
    const first = FakeWorker.all[0]!;

    const stuck = client.request({ type: 'call', args: ['HANG'] });
    const failed = expect(stuck).rejects.toThrow(
      'the Redis worker did not answer within 100 ms and was restarted',
    );
    await vi.advanceTimersByTimeAsync(99);
    expect(first.terminated).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await failed;

    // The stuck worker is gone and a new one was started with the state of the last snapshot.
    expect(first.terminated).toBe(true);
    expect(restarts).toEqual(['timeout']);
    expect(FakeWorker.all).toHaveLength(2);
    const second = FakeWorker.all[1]!;
    expect(second.received[0]).toMatchObject({ type: 'init', wasmUrl: '/glue.wasm' });
    expect((second.received[0] as { state?: unknown }).state).toEqual([
      ['a', '1'],
      ['b', '2'],
    ]);

    // Later requests go to the new worker and see the restored data.
    const r = await client.request({ type: 'call', args: ['GET', 'b'] });
    expect(r).toMatchObject({ type: 'reply', reply: '2' });
    await client.request({ type: 'call', args: ['SET', 'c', '3'] });
    expect(FakeWorker.all).toHaveLength(2);
    expect(first.received.filter((m) => m.type === 'call')).toHaveLength(3);
    expect(second.received.map((m) => m.type)).toEqual([
      'init',
      'call',
      'snapshot',
      'call',
      'snapshot',
    ]);

    // A second hang rebuilds again, from the newest snapshot.
    const again = client.request({ type: 'call', args: ['HANG'] });
    const failedAgain = expect(again).rejects.toThrow('was restarted');
    await vi.advanceTimersByTimeAsync(100);
    await failedAgain;
    expect(second.terminated).toBe(true);
    expect(restarts).toEqual(['timeout', 'timeout']);
    const third = FakeWorker.all[2]!;
    expect((third.received[0] as { state?: unknown }).state).toEqual([
      ['a', '1'],
      ['b', '2'],
      ['c', '3'],
    ]);
    expect(await client.request({ type: 'call', args: ['GET', 'c'] })).toMatchObject({
      reply: '3',
    });
    client.terminate();
  });

  it('a request made while the rebuilt worker initialises waits for it', async () => {
    const client = makeClient();
    await client.request({ type: 'call', args: ['SET', 'k', 'v'] });
    const stuck = client.request({ type: 'call', args: ['HANG'] });
    const failed = expect(stuck).rejects.toThrow('was restarted');
    await vi.advanceTimersByTimeAsync(100);
    await failed;
    // Issued right after the restart, before the new worker's init was answered.
    const next = client.request({ type: 'call', args: ['GET', 'k'] });
    await expect(next).resolves.toMatchObject({ type: 'reply', reply: 'v' });
    const second = FakeWorker.all[1]!;
    expect(second.received.map((m) => m.type)).toEqual(['init', 'call', 'snapshot']);
    client.terminate();
  });

  it('terminate() rejects pending requests and the next request starts a fresh worker', async () => {
    const client = makeClient();
    await client.request({ type: 'call', args: ['SET', 'k', 'v'] });
    const pending = client.request({ type: 'call', args: ['HANG'] });
    const stopped = expect(pending).rejects.toThrow('the Redis worker was stopped');
    await vi.advanceTimersByTimeAsync(10);
    client.terminate();
    await stopped;
    expect(FakeWorker.all[0]!.terminated).toBe(true);
    const r = await client.request({ type: 'call', args: ['GET', 'k'] });
    expect(r).toMatchObject({ reply: 'v' });
    expect(FakeWorker.all).toHaveLength(2);
    client.terminate();
  });

  // When the worker answers init with an error, the client drops that worker and the next
  // request spawns a fresh one (it used to stay wedged on the rejected init for good).
  it('recovers after a failed init', async () => {
    let inits = 0;
    const client = new RedisWorkerClient({
      spawn: () => {
        const w = new FakeWorker();
        const post = w.postMessage.bind(w);
        w.postMessage = (msg: RedisRequest) => {
          if (msg.type === 'init' && inits++ === 0) {
            void Promise.resolve().then(() =>
              w.onmessage?.({
                data: { id: msg.id, type: 'error', message: 'init failed' },
              } as MessageEvent<RedisResponse>),
            );
          } else post(msg);
        };
        return w as unknown as Worker;
      },
      wasmUrl: '/glue.wasm',
      timeoutMs: 100,
    });
    await expect(client.request({ type: 'call', args: ['PING'] })).rejects.toThrow('init failed');
    expect(FakeWorker.all[0]!.terminated).toBe(true);
    await expect(client.request({ type: 'call', args: ['PING'] })).resolves.toMatchObject({
      type: 'reply',
    });
    expect(FakeWorker.all).toHaveLength(2);
    client.terminate();
  });

  it('a rebuilt worker that cannot load the saved state is retried once without it', async () => {
    const client = new RedisWorkerClient({
      spawn: () => {
        const w = new FakeWorker();
        const post = w.postMessage.bind(w);
        w.postMessage = (msg: RedisRequest) => {
          if (msg.type === 'init' && msg.state !== undefined) {
            void Promise.resolve().then(() =>
              w.onmessage?.({
                data: { id: msg.id, type: 'error', message: 'bad state' },
              } as MessageEvent<RedisResponse>),
            );
          } else post(msg);
        };
        return w as unknown as Worker;
      },
      wasmUrl: '/glue.wasm',
      timeoutMs: 100,
    });
    await client.request({ type: 'call', args: ['SET', 'k', 'v'] });
    const stuck = client.request({ type: 'call', args: ['HANG'] });
    const failed = expect(stuck).rejects.toThrow('was restarted');
    await vi.advanceTimersByTimeAsync(100);
    await failed;
    // The rebuild with the state failed; a third worker started from an empty model.
    const r = await client.request({ type: 'call', args: ['GET', 'k'] });
    expect(r).toMatchObject({ type: 'reply', reply: null });
    expect(FakeWorker.all).toHaveLength(3);
    expect(FakeWorker.all[1]!.terminated).toBe(true);
    expect((FakeWorker.all[2]!.received[0] as { state?: unknown }).state).toBeUndefined();
    client.terminate();
  });
});
