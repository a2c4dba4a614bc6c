// Regenerates src/core/content/seedFingerprint.json from the seed chapters, which are not in
// the repository: `npx tsx scripts/seed-fingerprint.ts` (or `--check` to only compare).
// The fingerprint holds hashes of 8-word shingles, no seed text (see src/core/content/ownWords.ts).
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fingerprintSeeds } from '../src/core/content/ownWords';
import { findSeedsDir, readSeeds } from '../src/core/content/seedFiles';

const root = resolve(fileURLToPath(new URL('.', import.meta.url)), '..');
const out = resolve(root, 'src/core/content/seedFingerprint.json');
const dir = findSeedsDir(root);
if (!dir) {
  console.error('No seed chapters found (set SEEDS_DIR, or put them in ../shared/seeds).');
  process.exit(1);
}
const text = JSON.stringify(fingerprintSeeds(readSeeds(dir)), null, 2) + '\n';
if (process.argv.includes('--check')) {
  const same = readFileSync(out, 'utf8') === text;
  console.log(same ? `${out} matches ${dir}` : `${out} is out of date with ${dir}`);
  process.exit(same ? 0 : 1);
}
writeFileSync(out, text);
const fp = JSON.parse(text) as { hashes: string[]; seeds: unknown[] };
console.log(
  `wrote ${out}: ${fp.hashes.length} shingle hashes from ${fp.seeds.length} seeds in ${dir}`,
);
