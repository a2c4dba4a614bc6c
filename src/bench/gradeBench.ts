// How long a grade takes: every problem's worked answer (which runs every hidden case) and its
// starter (which stops at the first failure), in one process after a first, cold grade; and the
// whole `grade` command, process start to exit, as an instructor runs it. The median is over
// every warm grade measured; the practice page grades warm too (its worker loads Lua on open).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { isProblemFile } from '../core/content/check';
import { loadContentFiles } from '../core/content/loadFiles';
import { parseDoc } from '../core/content/parseDoc';
import { graderById } from '../core/grading/registry';
import { answerSubmission, problemContext, starterSubmission } from '../core/grading/submission';

const SEEDS = [0, 1, 2];

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

export interface GradeBenchRow {
  problem: string;
  'answer ms': number;
  'starter ms': number;
  passed: boolean;
}

export interface GradeBenchResult {
  /** The first grade in a fresh process (the Lua engine loads and warms up). */
  coldMs: number;
  rows: GradeBenchRow[];
  /** Slowest passing grade, warm. */
  worstMs: number;
  /** Median over every warm grade measured (answers on seeds 0-2, and starters). */
  medianMs: number;
  /** `npm run --silent cli -- grade write-gcra <worked answer>`, wall time. */
  cliMs: number;
}

export async function runGradeBench(): Promise<GradeBenchResult> {
  const root = resolve(import.meta.dirname, '../..');
  const files = loadContentFiles(root);
  const docs = Object.keys(files)
    .filter(isProblemFile)
    .sort()
    .map((p) => parseDoc(p, files[p]!));
  // Cold: the first grade of a Lua problem in this process (the engine loads and warms up).
  const gcra = docs.find((d) => d.file.endsWith('/write-gcra.md'))!;
  const c = performance.now();
  await graderById('write-gcra')!.grade(answerSubmission(gcra)!, { problem: problemContext(gcra) });
  const coldMs = performance.now() - c;
  const rows: GradeBenchRow[] = [];
  const all: number[] = [];
  for (const doc of docs) {
    const g = graderById(String(doc.front.grader))!;
    const problem = problemContext(doc);
    // The worked answer on three attempts' seeds (each draws its own generated cases).
    const answerTimes: number[] = [];
    let pass = { passed: false };
    for (const seed of SEEDS) {
      const t = performance.now();
      const r = await g.grade(answerSubmission(doc)!, { problem, seed });
      answerTimes.push(performance.now() - t);
      if (seed === 0) pass = r;
    }
    const answerMs = median(answerTimes);
    const t = performance.now();
    await g.grade(starterSubmission(doc), { problem });
    const starterMs = performance.now() - t;
    all.push(...answerTimes, starterMs);
    rows.push({
      problem: doc.file.replace(/^.*\//, '').replace(/\.md$/, ''),
      'answer ms': Math.round(answerMs),
      'starter ms': Math.round(starterMs),
      passed: pass.passed,
    });
  }
  const dir = mkdtempSync(join(tmpdir(), 'grade-bench-'));
  const file = join(dir, 'gcra.lua');
  writeFileSync(file, String(answerSubmission(gcra)!.code));
  const c0 = performance.now();
  spawnSync('npm', ['run', '--silent', 'cli', '--', 'grade', 'write-gcra', file], {
    cwd: root,
    encoding: 'utf8',
  });
  const cliMs = Math.round(performance.now() - c0);
  return {
    coldMs: Math.round(coldMs),
    rows,
    worstMs: Math.max(...rows.map((r) => r['answer ms'])),
    medianMs: Math.round(median(all)),
    cliMs,
  };
}

export function printGradeBench(r: GradeBenchResult): void {
  console.log(
    'grade: every problem, worked answer (all hidden cases; median of seeds 0, 1, 2) and starter, warm',
  );
  console.table(r.rows);
  console.log(
    `median warm grade: ${r.medianMs} ms (target: 500 ms); first Lua grade in a fresh process (cold): ${r.coldMs} ms; slowest warm grade: ${r.worstMs} ms (target: under 2000 ms); the grade command, start to exit: ${r.cliMs} ms (limit: 5000 ms)`,
  );
}
