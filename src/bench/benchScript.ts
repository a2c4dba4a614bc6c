// The script the Redis comparison runs: the seed chapter's token-bucket script when the seeds
// are on this machine (../shared/seeds or $SEEDS_DIR), else the lab's own `token-bucket`
// template (the same replies); and its ARGV.
import { findSeedsDir, seedTokenBucketScript } from '../core/content/seedFiles';
import { templateById } from '../core/playground/templates';

/** The script the comparison runs, and where it came from. */
export function benchScript(root = process.cwd()): { source: string; origin: string } {
  const seed = seedTokenBucketScript(findSeedsDir(root));
  if (seed) return { source: seed.source, origin: `the seed chapter's script (${seed.file})` };
  return {
    source: templateById('token-bucket')!.source,
    origin:
      "the lab's token-bucket template (seed chapters not found: set SEEDS_DIR to measure the seed's own script)",
  };
}

export const BENCH_SCRIPT = benchScript();
export const TOKEN_BUCKET_SOURCE = BENCH_SCRIPT.source;
/** ARGV: capacity 20, refill 5/s, cost 1 (as the redis-benchmark command line). */
export const BENCH_ARGV = ['20', '5', '1'] as const;
