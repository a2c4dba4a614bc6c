// "Own words": no run of 8 or more words from the seed chapters may appear in the lab's
// content or in code shown to learners. The seeds are not part of the repository (CI runs
// without them), so the check compares against a fingerprint: the truncated SHA-1 of every
// normalised 8-word shingle of the seeds, which holds no seed text. scripts/seed-fingerprint.ts
// regenerates it from the seeds; ownWords.test.ts checks it still matches them when present.
//
// Words are normalised exactly as the second opinion (shared/tools/copied-runs.py) does:
// lower-cased, then every maximal run of [a-z0-9'] is a word; everything else separates.
import { sha1Hex } from '../redis/sha1';

/** Shingle length: a run of this many words in a row is a copied run. */
export const SHINGLE_WORDS = 8;
/** Hex digits kept of each shingle's SHA-1 (64 bits: no false match in practice). */
export const HASH_HEX = 16;

export interface SeedFingerprint {
  version: 1;
  words: number;
  normalisation: string;
  hash: string;
  /** Per seed file: its name, its word count and how many distinct shingles it gave. */
  seeds: { file: string; words: number; shingles: number }[];
  /** Sorted, distinct shingle hashes of all seeds together. */
  hashes: string[];
}

export const NORMALISATION = "lower-case; words are maximal runs of [a-z0-9']";
export const HASH_NAME = `sha1, first ${HASH_HEX} hex digits, of the ${SHINGLE_WORDS} words joined by single spaces`;

const WORD = /[a-z0-9']+/g;

/** A text's words with the 1-based line each starts on. */
export function wordsWithLines(text: string): { words: string[]; lines: number[] } {
  const words: string[] = [];
  const lines: number[] = [];
  text.split('\n').forEach((l, k) => {
    for (const m of l.toLowerCase().matchAll(WORD)) {
      words.push(m[0]);
      lines.push(k + 1);
    }
  });
  return { words, lines };
}

export const shingleHash = (shingle: string): string => sha1Hex(shingle).slice(0, HASH_HEX);

/** The fingerprint of the seed chapters (name -> text). */
export function fingerprintSeeds(seeds: { file: string; text: string }[]): SeedFingerprint {
  const all = new Set<string>();
  const n = SHINGLE_WORDS;
  const per = [...seeds]
    .sort((a, b) => a.file.localeCompare(b.file))
    .map(({ file, text }) => {
      const { words } = wordsWithLines(text);
      const mine = new Set<string>();
      for (let i = 0; i + n <= words.length; i++)
        mine.add(shingleHash(words.slice(i, i + n).join(' ')));
      for (const h of mine) all.add(h);
      return { file, words: words.length, shingles: mine.size };
    });
  return {
    version: 1,
    words: n,
    normalisation: NORMALISATION,
    hash: HASH_NAME,
    seeds: per,
    hashes: [...all].sort(),
  };
}

export interface CopiedSpan {
  /** 1-based line of the span's first word. */
  line: number;
  /** Words in the span (at least SHINGLE_WORDS). */
  words: number;
  /** The span's opening words, as written in the checked file. */
  excerpt: string;
}

export interface CopiedRuns {
  /** Matching shingles, counted as copied-runs.py counts "runs" (overlapping). */
  runs: number;
  /** Maximal stretches of matching shingles, each reported once. */
  spans: CopiedSpan[];
}

/** Where a text repeats the seeds: every 8-word shingle whose hash is in the fingerprint. */
export function findCopiedRuns(
  text: string,
  fingerprint: Pick<SeedFingerprint, 'hashes' | 'words'>,
  known: ReadonlySet<string> = new Set(fingerprint.hashes),
): CopiedRuns {
  const n = fingerprint.words;
  const { words, lines } = wordsWithLines(text);
  const hit = new Uint8Array(words.length);
  let runs = 0;
  for (let i = 0; i + n <= words.length; i++) {
    if (!known.has(shingleHash(words.slice(i, i + n).join(' ')))) continue;
    runs++;
    hit.fill(1, i, i + n);
  }
  const spans: CopiedSpan[] = [];
  for (let i = 0; i < words.length;) {
    if (!hit[i]) {
      i++;
      continue;
    }
    let j = i;
    while (j < words.length && hit[j]) j++;
    spans.push({
      line: lines[i]!,
      words: j - i,
      excerpt: words.slice(i, Math.min(j, i + n)).join(' ') + (j - i > n ? ' ...' : ''),
    });
    i = j;
  }
  return { runs, spans };
}

/** Files the own-words rule does not apply to: SEED-MAP.md may quote the seeds' section titles. */
export const isOwnWordsExempt = (path: string): boolean => /(^|\/)SEED-MAP\.md$/.test(path);

/** Per-file issues (`file:line`) for every copied span in a set of files. */
export function ownWordsIssues(
  files: Record<string, string>,
  fingerprint: Pick<SeedFingerprint, 'hashes' | 'words'>,
): { file: string; line: number; message: string; runs: number }[] {
  const known = new Set(fingerprint.hashes);
  const out: { file: string; line: number; message: string; runs: number }[] = [];
  for (const file of Object.keys(files).sort()) {
    if (isOwnWordsExempt(file)) continue;
    const found = findCopiedRuns(files[file]!, fingerprint, known);
    for (const s of found.spans)
      out.push({
        file,
        line: s.line,
        runs: s.words - fingerprint.words + 1,
        message: `${s.words} words in a row from the seed chapters ("${s.excerpt}"): write it in the lab's own words`,
      });
  }
  return out;
}
