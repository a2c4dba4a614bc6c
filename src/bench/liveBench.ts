// Live rooms: how long a presenter's step takes to reach every learner's socket, on one
// instance and on two instances over a real redis-server (learners spread over both), and
// memory per learner. `BENCH_SECTIONS=live npm run bench`. Learners are protocol-level
// socket.io clients in this process (so the memory figure counts server and clients together:
// an upper bound for the server alone). Without redis-server the Redis rows are skipped
// (REQUIRE_REDIS=1: error).
import { performance } from 'node:perf_hooks';
import { io as connect, type Socket } from 'socket.io-client';
import { redisRequired, serverMissing, startServer, stopServer } from '../../test/redis/server';
import { createServer, type LabServer, type LabServerOptions } from '../server/createServer';
import { redisOptions, type RedisSetup } from '../server/redisSetup';

export interface LiveBenchRow {
  case: string;
  learners: number;
  instances: number;
  steps: number;
  /** Per learner: from the presenter's send to that learner's `state` with the new step. */
  p50Ms: number;
  p95Ms: number;
  /** Per step: until the last learner had it. */
  allP95Ms: number;
  goalMs: number;
  heapPerLearnerKB: number;
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return +(s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? NaN).toFixed(1);
};

function gc(): void {
  (globalThis as { gc?: () => void }).gc?.();
}

async function run(
  name: string,
  learners: number,
  instances: LabServer[],
  goalMs: number,
  steps = 20,
): Promise<LiveBenchRow> {
  const ports = instances.map((s) => (s.app.server.address() as { port: number }).port);
  const base = (i: number) => `http://127.0.0.1:${ports[i % ports.length]}`;
  const res = await fetch(`${base(0)}/api/rooms`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{"kind":"workshop","deck":"bench"}',
  });
  const room = (await res.json()) as { id: string; secret: string };
  const open = (i: number, auth: object) =>
    new Promise<Socket>((resolve, reject) => {
      const s = connect(base(i), {
        auth,
        transports: ['websocket'],
        forceNew: true,
        reconnection: false,
      });
      s.once('welcome', () => resolve(s));
      s.once('connect_error', reject);
    });
  const host = await open(0, { room: room.id, secret: room.secret });
  gc();
  const heap0 = process.memoryUsage().heapUsed;
  const ls: Socket[] = [];
  for (let i = 0; i < learners; i += 50)
    ls.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(50, learners - i) }, (_, k) =>
          open(i + k + 1, { room: room.id, nick: `l${i + k}` }),
        ),
      )),
    );
  gc();
  const heapPerLearnerKB = +((process.memoryUsage().heapUsed - heap0) / learners / 1024).toFixed(1);
  const per: number[] = [];
  const all: number[] = [];
  // Two warm-up steps (not counted), then the measured ones.
  for (let step = 1; step <= steps + 2; step++) {
    const t0 = performance.now();
    const arrived = Promise.all(
      ls.map(
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
    host.emit('step', { index: step });
    const times = await arrived;
    if (step <= 2) continue;
    per.push(...times);
    all.push(Math.max(...times));
  }
  for (const s of [host, ...ls]) s.disconnect();
  return {
    case: name,
    learners,
    instances: instances.length,
    steps,
    p50Ms: pct(per, 50),
    p95Ms: pct(per, 95),
    allP95Ms: pct(all, 95),
    goalMs,
    heapPerLearnerKB,
  };
}

const quiet: Partial<LabServerOptions> = {
  sweepEveryMs: 0,
  limits: { api: { capacity: 1000, refillPerSecond: 100 } },
};

export async function runLiveBench(): Promise<LiveBenchRow[]> {
  const rows: LiveBenchRow[] = [];
  const one = createServer(quiet);
  await one.listen(0);
  rows.push(await run('step to 100 learners, one instance', 100, [one], 100));
  await one.close();

  const missing = serverMissing();
  if (missing) {
    if (redisRequired) throw new Error(missing);
    console.error(`live bench: ${missing}; the Redis rows are skipped`);
    return rows;
  }
  const redis = await startServer(false);
  const url = `redis://127.0.0.1:${redis.port}`;
  const setups: RedisSetup[] = [];
  const two: LabServer[] = [];
  try {
    for (let i = 0; i < 2; i++) {
      const setup = await redisOptions(url);
      setups.push(setup);
      const s = createServer({ ...quiet, ...setup.options });
      await s.listen(0);
      two.push(s);
    }
    rows.push(await run('step to 100 learners, two instances over Redis', 100, two, 100));
    rows.push(await run('step to 1,000 learners, two instances over Redis', 1000, two, 250, 10));
  } finally {
    for (const s of two) await s.close();
    for (const s of setups) await s.close();
    stopServer(redis);
  }
  return rows;
}

export function printLiveBench(rows: LiveBenchRow[]): void {
  console.log('live rooms: a presenter step reaching every learner (ms; goal is for p95)');
  console.table(rows);
}
