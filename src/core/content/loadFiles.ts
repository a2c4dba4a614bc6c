// Reads every content file from disk for the content check (Node only: tests and the Vite
// plugin). Paths in the result are relative to the project root, with forward slashes.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ContentFiles } from './check';

export function loadContentFiles(root: string): ContentFiles {
  const files: ContentFiles = {};
  for (const dir of [
    'lessons',
    'lessons/practice',
    'lessons/interview',
    'lessons/decks',
    'lessons/puzzles',
  ]) {
    const abs = join(root, dir);
    if (!existsSync(abs)) continue;
    for (const name of readdirSync(abs)) {
      if (name.endsWith('.md') || (dir === 'lessons' && name === 'index.json'))
        files[`${dir}/${name}`] = readFileSync(join(abs, name), 'utf8');
    }
  }
  return files;
}
