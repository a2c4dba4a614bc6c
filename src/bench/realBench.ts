// BENCH_SECTIONS=real: the lab on a real Redis, in one run against a loopback redis-server
// the bench starts: real-race trials per second (check-then-increment in lockstep, which
// breaks every trial, and the atomic script free-running, which never does), and EVALSHA of
// the token-bucket script per second through the model, through the lab's own ioredis
// connection (one client, one command at a time) and through redis-benchmark (-c 1 -P 1).
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { stat, type Stat } from './benchStat';
import { TOKEN_BUCKET_SOURCE } from './benchScript';
import { benchModelEvalsha } from './modelEvalsha';
import { benchRealRedis } from './redisServerBench';
import { TypedConnection } from '../server/real/connection';
import { runRealRace } from '../server/real/raceRunner';
import { newPrefix } from '../server/real/safety';
import { RealStore } from '../server/real/store';
import { parseTarget } from '../server/real/target';
import { startRedis, whyNoRedis } from '../server/real/testing/servers';

export interface RealRaceRow {
  program: string;
  trials: number;
  violations: number;
  explorerViolations: number;
  trialsPerSecond: Stat;
}

export type RealBenchResult =
  | {
      races: RealRaceRow[];
      evalsha: { model: Stat; ioredis: Stat; redisBenchmark: Stat | null };
      server: string;
    }
  | { skipped: string };

function puzzle(slug: string): unknown {
  const md = readFileSync(`lessons/puzzles/${slug}.md`, 'utf8');
  const p = JSON.parse(/```races\n([\s\S]*?)\n```/.exec(md)![1]!) as Record<string, unknown>;
  const { goal: _g, part: _p, ...rest } = p;
  return { ...rest, code: (p.code as string[]).join('\n') };
}

async function ioredisEvalsha(url: string, requests: number): Promise<number> {
  const target = parseTarget(url);
  const c = await TypedConnection.open(target.nodes[0]!, { commandTimeoutMs: 10_000 });
  const prefix = newPrefix();
  try {
    const load = await c.send(['SCRIPT', 'LOAD', TOKEN_BUCKET_SOURCE]);
    if (load.t !== 'bulk') throw new Error('SCRIPT LOAD failed');
    const t0 = performance.now();
    for (let i = 0; i < requests; i++)
      await c.send(['EVALSHA', load.v, '1', `${prefix}${i % 10_000}`, '20', '5', '1']);
    return requests / ((performance.now() - t0) / 1000);
  } finally {
    await c.close();
    const store = await RealStore.open(target);
    await store.cleanup(prefix);
    await store.close();
  }
}

export async function runRealBench(
  opts: { trials?: number; reps?: number; evalsha?: number } = {},
): Promise<RealBenchResult> {
  const missing = whyNoRedis();
  if (missing) {
    if (process.env.REQUIRE_REDIS === '1') throw new Error(missing);
    return { skipped: missing };
  }
  const trials = opts.trials ?? 200;
  const reps = opts.reps ?? 3;
  const evalsha = opts.evalsha ?? 20_000;
  const server = await startRedis();
  try {
    const target = parseTarget(server.url);
    const races: RealRaceRow[] = [];
    for (const [slug, lockstep] of [
      ['check-then-incr', true],
      ['atomic-script-holds', false],
    ] as const) {
      const rates: number[] = [];
      let last: RealRaceRow | null = null;
      for (let k = 0; k < reps; k++) {
        const r = await runRealRace(puzzle(slug), { target, trials, lockstep });
        if (!r.ok) throw new Error(`${slug}: ${r.errors.join('; ')}`);
        rates.push(r.result.trialsPerSecond);
        last = {
          program: `${slug}${lockstep ? ' (lockstep)' : ''}`,
          trials: r.result.trials,
          violations: r.result.violations,
          explorerViolations: r.result.explorer.violations,
          trialsPerSecond: stat([]),
        };
      }
      races.push({ ...last!, trialsPerSecond: stat(rates) });
    }
    const model = await benchModelEvalsha({ requests: evalsha, warmup: 5_000, reps });
    const io: number[] = [];
    for (let k = 0; k < reps; k++) io.push(await ioredisEvalsha(server.url, evalsha));
    const rb = await benchRealRedis({ requests: evalsha, reps, pipelines: [1] });
    return {
      server: server.url,
      races,
      evalsha: {
        model: model.perSecond,
        ioredis: stat(io),
        redisBenchmark: 'rows' in rb ? rb.rows[0]!.perSecond : null,
      },
    };
  } finally {
    server.stop();
  }
}

const fmt = (n: number): string => n.toLocaleString('en-US');

export function printRealBench(r: RealBenchResult): void {
  if ('skipped' in r) {
    console.log(`\nreal: skipped (${r.skipped})`);
    return;
  }
  console.log(
    `\nreal: races and EVALSHA on a loopback redis-server (${r.server}), median (min..max)`,
  );
  console.table(
    r.races.map((x) => ({
      program: x.program,
      trials: x.trials,
      'violating trials': x.violations,
      'explorer violations': x.explorerViolations,
      'trials/s': `${fmt(x.trialsPerSecond.median)} (${fmt(x.trialsPerSecond.min)}..${fmt(x.trialsPerSecond.max)})`,
    })),
  );
  const row = (s: Stat) => `${fmt(s.median)} (${fmt(s.min)}..${fmt(s.max)})`;
  console.table([
    { 'EVALSHA/s': 'lab model (in-process)', rate: row(r.evalsha.model) },
    {
      'EVALSHA/s': 'redis-server via the lab (ioredis, 1 at a time)',
      rate: row(r.evalsha.ioredis),
    },
    ...(r.evalsha.redisBenchmark
      ? [
          {
            'EVALSHA/s': 'redis-server via redis-benchmark -c 1 -P 1',
            rate: row(r.evalsha.redisBenchmark),
          },
        ]
      : []),
  ]);
}
