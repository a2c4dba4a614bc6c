// Live rooms over Redis: what one presenter step costs the redis-server, whatever the machine's
// load: the commands it runs and the bytes in and out per step, for a workshop of N learners on
// two instances (INFO commandstats and stats after CONFIG RESETSTAT). Part of
// `BENCH_SECTIONS=live` (BENCH_LIVE_COST_LEARNERS, default 1,000); skipped without redis-server.
import { Redis } from 'ioredis';
import { instancesOverRedis, openWorkshop, stepArrival, type BenchRoom } from './liveRoom';

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
  const two = await instancesOverRedis(2);
  if (!two) return null;
  const admin = new Redis(two.url);
  let room: BenchRoom | null = null;
  try {
    // A slow machine connects slowly: this measures bytes, not time.
    room = await openWorkshop(two.instances, 300_000);
    const { host } = room;
    const ls = await room.join(learners, 25);
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
      const arrived = stepArrival(ls, step);
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
    room?.disconnect();
    admin.disconnect();
    await two.close();
  }
}

export function printLiveRedisCost(c: LiveRedisCost | null): void {
  if (!c) return;
  console.log(`live rooms over Redis: one step to ${c.learners} learners costs the redis-server`);
  console.table({ ...c.commandsPerStep, netInKB: c.netInKBPerStep, netOutKB: c.netOutKBPerStep });
}
