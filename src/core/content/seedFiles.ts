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

/**
 * The seed chapter's Redis token-bucket script, cut out of its text (from the `-- KEYS[1]`
 * comment to the last `return` before the prose resumes), or null when no seed holds one.
 * Used where the lab measures or compares against the seed's own script without committing it.
 */
export function seedTokenBucketScript(dir: string | null): { file: string; source: string } | null {
  if (!dir) return null;
  for (const { file, text } of readSeeds(dir)) {
    const lines = text.replace(/\r\n?/g, '\n').split('\n');
    const start = lines.findIndex((l) => /^-- KEYS\[1\]/.test(l));
    if (start < 0) continue;
    // The script ends where an English sentence starts ("The return values are:").
    let stop = lines.findIndex((l, k) => k > start && /^[A-Z][a-z]+ [a-z]+/.test(l));
    if (stop < 0) stop = lines.length;
    let end = stop - 1;
    while (end > start && !/^return\b/.test(lines[end]!.trim())) end--;
    const source = lines.slice(start, end + 1).join('\n') + '\n';
    if (/redis\.call\(\s*["']TIME["']\s*\)/.test(source) && /HMGET/.test(source))
      return { file, source };
  }
  return null;
}
