// `npm run bench` (table) or `npm run bench -- --json`. Sections are modules; add yours
// to SECTIONS. For a clean peak-heap figure run with: node --expose-gc --import tsx src/bench/run.ts
import { runEngineBench } from './engine';

const SECTIONS: Record<string, () => unknown> = {
  engine: () => runEngineBench(Number(process.env.BENCH_REQUESTS ?? 1_000_000)),
};

const json = process.argv.includes('--json');
const results: Record<string, unknown> = {};
for (const [name, fn] of Object.entries(SECTIONS)) results[name] = fn();

if (json) process.stdout.write(JSON.stringify(results, null, 2) + '\n');
else {
  const e = results.engine as ReturnType<typeof runEngineBench>;
  console.log('engine: decisions/s on a 1M-request trace, event log + checkpoints on');
  console.table(e.algorithms);
  console.log('seek in a 10,000-request run:', e.seek);
}
