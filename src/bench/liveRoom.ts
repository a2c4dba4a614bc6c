// What the live-room benches (liveBench.ts, liveRedisCost.ts) share: lab server instances over
// a fresh loopback redis-server, a workshop room on them with protocol-level socket.io clients
// (the presenter, then learners joining in batches, spread over the instances), and a step's
// arrival at every learner.
import { performance } from 'node:perf_hooks';
import { io as connect, type Socket } from 'socket.io-client';
import { redisRequired, serverMissing, startServer, stopServer } from '../../test/redis/server';
import { createServer, type LabServer, type LabServerOptions } from '../server/createServer';
import { redisOptions, type RedisSetup } from '../server/redisSetup';

/** A bench server: no sweeping, and an API limit the bench's own room requests never reach. */
export const BENCH_SERVER: Partial<LabServerOptions> = {
  sweepEveryMs: 0,
  limits: { api: { capacity: 1000, refillPerSecond: 100 } },
};

export interface RedisInstances {
  url: string;
  instances: LabServer[];
  /** Closes the instances, their Redis connections and the redis-server. */
  close(): Promise<void>;
}

/**
 * `n` listening lab server instances sharing one fresh redis-server; null without redis-server
 * (with REQUIRE_REDIS=1 that is an error), after telling `onMissing` why.
 */
export async function instancesOverRedis(
  n: number,
  onMissing: (why: string) => void = () => {},
): Promise<RedisInstances | null> {
  const missing = serverMissing();
  if (missing) {
    if (redisRequired) throw new Error(missing);
    onMissing(missing);
    return null;
  }
  const redis = await startServer(false);
  const url = `redis://127.0.0.1:${redis.port}`;
  const setups: RedisSetup[] = [];
  const instances: LabServer[] = [];
  const close = async () => {
    for (const s of instances) await s.close();
    for (const s of setups) await s.close();
    stopServer(redis);
  };
  try {
    for (let i = 0; i < n; i++) {
      const setup = await redisOptions(url);
      setups.push(setup);
      const s = createServer({ ...BENCH_SERVER, ...setup.options });
      await s.listen(0);
      instances.push(s);
    }
  } catch (e) {
    await close();
    throw e;
  }
  return { url, instances, close };
}

export interface BenchRoom {
  /** The presenter's socket (on the first instance). */
  host: Socket;
  /** `n` learners, joined `batch` at a time, learner k on instance (k + 1) mod instances. */
  join(n: number, batch: number): Promise<Socket[]>;
  /** Every socket opened so far, the presenter's included. */
  disconnect(): void;
}

/**
 * A workshop room on the instances, with its presenter connected. `connectTimeoutMs`: how long
 * one socket may take to connect (a slow machine connects slowly).
 */
export async function openWorkshop(
  instances: LabServer[],
  connectTimeoutMs?: number,
): Promise<BenchRoom> {
  const ports = instances.map((s) => (s.app.server.address() as { port: number }).port);
  const base = (i: number) => `http://127.0.0.1:${ports[i % ports.length]}`;
  const res = await fetch(`${base(0)}/api/rooms`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{"kind":"workshop","deck":"bench"}',
  });
  const room = (await res.json()) as { id: string; secret: string };
  const sockets: Socket[] = [];
  const open = (i: number, auth: object) =>
    new Promise<Socket>((resolve, reject) => {
      const s = connect(base(i), {
        auth,
        transports: ['websocket'],
        forceNew: true,
        reconnection: false,
        ...(connectTimeoutMs !== undefined ? { timeout: connectTimeoutMs } : {}),
      });
      sockets.push(s);
      s.once('welcome', () => resolve(s));
      s.once('connect_error', reject);
    });
  const host = await open(0, { room: room.id, secret: room.secret });
  return {
    host,
    async join(n, batch) {
      const ls: Socket[] = [];
      for (let i = 0; i < n; i += batch)
        ls.push(
          ...(await Promise.all(
            Array.from({ length: Math.min(batch, n - i) }, (_, k) =>
              open(i + k + 1, { room: room.id, nick: `l${i + k}` }),
            ),
          )),
        );
      return ls;
    },
    disconnect: () => sockets.forEach((s) => s.disconnect()),
  };
}

/** Resolves when every learner has had step `step`: each one's ms since `t0`. */
export function stepArrival(
  learners: readonly Socket[],
  step: number,
  t0 = performance.now(),
): Promise<number[]> {
  return Promise.all(
    learners.map(
      (s) =>
        new Promise<number>((resolve) => {
          const on = (st: { step: number }) => {
            if (st.step !== step) return;
            s.off('state', on);
            resolve(performance.now() - t0);
          };
          s.on('state', on);
        }),
    ),
  );
}
