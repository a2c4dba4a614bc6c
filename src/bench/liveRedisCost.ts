// Live rooms over Redis: what one presenter step costs the redis-server, whatever the machine's
// load: the commands it runs and the bytes in and out per step, for a workshop of N learners on
// two instances (INFO commandstats and stats after CONFIG RESETSTAT). Part of
// `BENCH_SECTIONS=live` (BENCH_LIVE_COST_LEARNERS, default 1,000); skipped without redis-server.
import { Redis } from 'ioredis';
import { io as connect, type Socket } from 'socket.io-client';
import { redisRequired, serverMissing, startServer, stopServer } from '../../test/redis/server';
import { createServer, type LabServer } from '../server/createServer';
import { redisOptions, type RedisSetup } from '../server/redisSetup';

export interface LiveRedisCost {
  learners: number;
  steps: number;
  /** Redis commands per step, by name (a script's own calls included). */
  commandsPerStep: Record<string, number>;
  netInKBPerStep: number;
  netOutKBPerStep: number;
}

export async function runLiveRedisCost(
  learners: number,
  steps = 10,
): Promise<LiveRedisCost | null> {
  const missing = serverMissing();
  if (missing) {
    if (redisRequired) throw new Error(missing);
    return null;
  }
  const redis = await startServer(false);
  const url = `redis://127.0.0.1:${redis.port}`;
  const setups: RedisSetup[] = [];
  const two: LabServer[] = [];
  const sockets: Socket[] = [];
  const admin = new Redis(url);
  try {
    for (let i = 0; i < 2; i++) {
      const setup = await redisOptions(url);
      setups.push(setup);
      const s = createServer({
        sweepEveryMs: 0,
        limits: { api: { capacity: 1000, refillPerSecond: 100 } },
        ...setup.options,
      });
      await s.listen(0);
      two.push(s);
    }
    const ports = two.map((s) => (s.app.server.address() as { port: number }).port);
    const base = (i: number) => `http://127.0.0.1:${ports[i % ports.length]}`;
    const res = await fetch(`${base(0)}/api/rooms`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"kind":"workshop","deck":"bench"}',
    });
    const room = (await res.json()) as { id: string; secret: string };
    // A slow machine connects slowly: this measures bytes, not time.
    const open = (i: number, auth: object) =>
      new Promise<Socket>((resolve, reject) => {
        const s = connect(base(i), {
          auth,
          transports: ['websocket'],
          forceNew: true,
          reconnection: false,
          timeout: 300_000,
        });
        sockets.push(s);
        s.once('welcome', () => resolve(s));
        s.once('connect_error', reject);
      });
    const host = await open(0, { room: room.id, secret: room.secret });
    const ls: Socket[] = [];
    for (let i = 0; i < learners; i += 25)
      ls.push(
        ...(await Promise.all(
          Array.from({ length: Math.min(25, learners - i) }, (_, k) =>
            open(i + k + 1, { room: room.id, nick: `l${i + k}` }),
          ),
        )),
      );
    // Every learner's join has been handled: the host's view lists them all.
    await new Promise<void>((resolve) => {
      const on = (h: { learners: unknown[] }) => {
        if (h.learners.length < learners) return;
        host.off('host', on);
        resolve();
      };
      host.on('host', on);
    });
    await admin.config('RESETSTAT');
    for (let step = 1; step <= steps; step++) {
      const arrived = Promise.all(
        ls.map(
          (s) =>
            new Promise<void>((resolve) => {
              const on = (st: { step: number }) => {
                if (st.step !== step) return;
                s.off('state', on);
                resolve();
              };
              s.on('state', on);
            }),
        ),
      );
      await host.timeout(300_000).emitWithAck('step', { index: step });
      await arrived;
    }
    const stats = await admin.info('stats');
    const cmd = await admin.info('commandstats');
    const commandsPerStep: Record<string, number> = {};
    for (const m of cmd.matchAll(/cmdstat_(\w+):calls=(\d+)/g))
      if (m[1] !== 'info') commandsPerStep[m[1]!] = +(Number(m[2]) / steps).toFixed(1);
    const kb = (re: RegExp) => +(Number(re.exec(stats)?.[1] ?? NaN) / steps / 1024).toFixed(1);
    return {
      learners,
      steps,
      commandsPerStep,
      netInKBPerStep: kb(/total_net_input_bytes:(\d+)/),
      netOutKBPerStep: kb(/total_net_output_bytes:(\d+)/),
    };
  } finally {
    for (const s of sockets) s.disconnect();
    admin.disconnect();
    for (const s of two) await s.close();
    for (const s of setups) await s.close();
    stopServer(redis);
  }
}

export function printLiveRedisCost(c: LiveRedisCost | null): void {
  if (!c) return;
  console.log(`live rooms over Redis: one step to ${c.learners} learners costs the redis-server`);
  console.table({ ...c.commandsPerStep, netInKB: c.netInKBPerStep, netOutKB: c.netOutKBPerStep });
}
