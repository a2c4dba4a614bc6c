// Live rooms: how long a presenter's step takes to reach every learner's socket, on one
// instance and on two instances over a real redis-server (learners spread over both), and
// memory per learner. `BENCH_SECTIONS=live npm run bench`. Learners are protocol-level
// socket.io clients in this process (so the memory figure counts server and clients together:
// an upper bound for the server alone). Without redis-server the Redis rows are skipped
// (REQUIRE_REDIS=1: error).
import { createServer, type LabServer } from '../server/createServer';
import { BENCH_SERVER, instancesOverRedis, openWorkshop, stepArrival } from './liveRoom';

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
  const room = await openWorkshop(instances);
  gc();
  const heap0 = process.memoryUsage().heapUsed;
  const ls = await room.join(learners, 50);
  gc();
  const heapPerLearnerKB = +((process.memoryUsage().heapUsed - heap0) / learners / 1024).toFixed(1);
  const per: number[] = [];
  const all: number[] = [];
  // Two warm-up steps (not counted), then the measured ones.
  for (let step = 1; step <= steps + 2; step++) {
    const arrived = stepArrival(ls, step);
    room.host.emit('step', { index: step });
    const times = await arrived;
    if (step <= 2) continue;
    per.push(...times);
    all.push(Math.max(...times));
  }
  room.disconnect();
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

export async function runLiveBench(): Promise<LiveBenchRow[]> {
  const rows: LiveBenchRow[] = [];
  const one = createServer(BENCH_SERVER);
  await one.listen(0);
  rows.push(await run('step to 100 learners, one instance', 100, [one], 100));
  await one.close();

  const two = await instancesOverRedis(2, (missing) =>
    console.error(`live bench: ${missing}; the Redis rows are skipped`),
  );
  if (!two) return rows;
  try {
    rows.push(await run('step to 100 learners, two instances over Redis', 100, two.instances, 100));
    rows.push(
      await run('step to 1,000 learners, two instances over Redis', 1000, two.instances, 250, 10),
    );
  } finally {
    await two.close();
  }
  return rows;
}

export function printLiveBench(rows: LiveBenchRow[]): void {
  console.log('live rooms: a presenter step reaching every learner (ms; goal is for p95)');
  console.table(rows);
}
