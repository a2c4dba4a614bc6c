// How long a grade takes: every problem's worked answer (which runs every hidden case) and its
// starter (which stops at the first failure), in one process after a first, cold grade; and the
// whole `grade` command, process start to exit, as an instructor runs it.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { isProblemFile } from '../core/content/check';
import { loadContentFiles } from '../core/content/loadFiles';
import { parseDoc } from '../core/content/parseDoc';
import { graderById } from '../core/grading/registry';
import { answerSubmission, problemContext, starterSubmission } from '../core/grading/submission';

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
  for (const doc of docs) {
    const g = graderById(String(doc.front.grader))!;
    const problem = problemContext(doc);
    let t = performance.now();
    const pass = await g.grade(answerSubmission(doc)!, { problem });
    const answerMs = performance.now() - t;
    t = performance.now();
    await g.grade(starterSubmission(doc), { problem });
    const starterMs = performance.now() - t;
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
    cliMs,
  };
}

export function printGradeBench(r: GradeBenchResult): void {
  console.log('grade: every problem, worked answer (all hidden cases) and starter, warm');
  console.table(r.rows);
  console.log(
    `first Lua grade in a fresh process (cold): ${r.coldMs} ms; slowest warm grade: ${r.worstMs} ms (target: under 2000 ms); the grade command, start to exit: ${r.cliMs} ms (limit: 5000 ms)`,
  );
}
