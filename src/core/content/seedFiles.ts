// Finds the seed chapters on a developer's machine (Node only: tests, scripts, the bench).
// They are not in the repository: CI runs on a clean checkout where they may be absent, so
// every caller must work without them (the own-words check reads the committed fingerprint).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * The seeds folder: $SEEDS_DIR, else `shared/seeds` beside the checkout (../shared/seeds for
 * /work/main, ../../shared/seeds for a worktree in /work/wt/<name>), else null.
 */
export function findSeedsDir(root: string): string | null {
  const candidates = [
    process.env.SEEDS_DIR,
    resolve(root, '../shared/seeds'),
    resolve(root, '../../shared/seeds'),
  ].filter((d): d is string => Boolean(d));
  for (const d of candidates)
    if (existsSync(d) && readdirSync(d).some((f) => f.endsWith('.txt'))) return d;
  return null;
}

/** Every seed chapter (*.txt) in a folder, sorted by name. */
export function readSeeds(dir: string): { file: string; text: string }[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.txt'))
    .sort()
    .map((file) => ({ file, text: readFileSync(join(dir, file), 'utf8') }));
}
