// The Redis comparison as `npm run bench` prints it: a table of EVALSHA/s (median, min..max,
// spread) for the model and each pipeline depth, the ratios, and both first replies.
import type { Stat } from './benchStat';
import type { RedisCompareResult } from './redisCompare';

const fmt = (n: number): string => n.toLocaleString('en-US');
const fmtStat = (s: Stat): string =>
  `${fmt(s.median)}  (${fmt(s.min)}..${fmt(s.max)}, spread ${s.spreadPct}%)`;

/** The human-readable table for `npm run bench`. */
export function printRedisCompare(r: RedisCompareResult): void {
  const m = r.model;
  console.log(
    `\nredis: ${r.command} (${m.keyspace} keys), median of ${m.perSecond.runs.length} runs (min..max)`,
  );
  console.log(`script: ${r.script}`);
  const rows: Record<string, string>[] = [
    {
      target: 'lab model (Node, in-process)',
      'EVALSHA/s': fmtStat(m.perSecond),
      'model / this': '1',
    },
  ];
  if ('rows' in r.redis) {
    for (const row of r.redis.rows) {
      const ratio = r.ratios.find((x) => x.pipeline === row.pipeline)?.modelOverRedis ?? 0;
      rows.push({
        target: `redis-server ${r.redis.version}, -c 1 -P ${row.pipeline}`,
        'EVALSHA/s': fmtStat(row.perSecond),
        'model / this': ratio.toFixed(2),
      });
    }
  }
  console.table(rows);
  console.log(
    `model: ${fmt(m.requests)} calls per run after ${fmt(m.warmup)} warm-up, ${m.allowedPct}% allowed, ` +
      `peak heap ${m.peakHeapMB} MB, Lua heap ${fmt(m.luaHeapBytes)} B; first reply ${m.firstReply}`,
  );
  if ('rows' in r.redis) {
    console.log(
      `redis: ${fmt(r.redis.rows[0]?.requests ?? 0)} requests per run; first reply ${r.redis.firstReply}` +
        (r.redis.firstReply === m.firstReply
          ? ' (same as the model)'
          : ' (DIFFERS from the model)'),
    );
  } else console.log(`real Redis comparison skipped: ${r.redis.skipped}`);
}
