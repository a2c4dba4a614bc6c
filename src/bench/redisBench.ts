// EVALSHA throughput of the seed chapter's token-bucket script (read from the seeds when they
// are on this machine, else the lab's own template) through the lab's Redis model and Lua
// engine, in-process (Node). Usage: npx tsx src/bench/redisBench.ts [runs]
import { createLuaEngine } from '../core/lua/index';
import { RedisModel } from '../core/redis/model';
import { benchScript } from './benchScript';

const runs = Number(process.argv[2] ?? 100000);
const { source: script, origin } = benchScript();
const engine = await createLuaEngine();
const model = new RedisModel({ scriptEngine: engine });
const load = model.call(['SCRIPT', 'LOAD', script]);
if (load.t !== 'bulk') throw new Error('SCRIPT LOAD failed');
const sha = load.v;
const keys = Array.from({ length: 64 }, (_, i) => `rl:client-${i}`);

function batch(n: number): number {
  let allowed = 0;
  for (let i = 0; i < n; i++) {
    model.advance(0.001);
    const r = model.call(['EVALSHA', sha, '1', keys[i & 63]!, '20', '5', '1']);
    if (r.t === 'arr' && r.v[0]?.t === 'int' && r.v[0].v === 1n) allowed++;
    else if (r.t === 'err') throw new Error(r.v);
  }
  return allowed;
}

batch(20000); // warm-up
const t0 = performance.now();
const allowed = batch(runs);
const ms = performance.now() - t0;
console.log(
  JSON.stringify({
    script: origin,
    runs,
    ms: Math.round(ms),
    perSecond: Math.round((runs / ms) * 1000),
    allowed,
    luaHeapBytes: engine.memoryInUse(),
  }),
);
