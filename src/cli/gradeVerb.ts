// `grade SLUG FILE [--seed N]`: grades one answer file the way the practice page does and prints
// {"problem", "passed", "summary", "failure", "seed"}. Exit 0 for every grade, passed or not;
// exit 2 (message on stderr) for an unknown problem, a file that is no answer at all, or bad
// arguments. The grade runs in a worker thread with a hard deadline: the CPU time left until
// 4.5 s after the process started (at least 3 s): a runaway loop burns CPU at full speed, so on
// a machine that is not overloaded the whole command stays under 5 s of wall time, while on a
// crowded one an honest answer still gets its grade. A wall-clock limit of 15 s is the backstop.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseDoc } from '../core/content/parseDoc';
import { readAnswerFile } from '../core/grading/answerFile';
import { gradeProblem, isSeed, timedOut, type GradeReport } from '../core/grading/grade';
import { problemContext } from '../core/grading/submission';
import { envMs } from './envMs';
import { runWithDeadline } from './sandbox';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const PRACTICE = resolve(ROOT, 'lessons/practice');
/** Time the whole command may use, from process start (ms); `GRADE_DEADLINE_MS` sets another. */
export const GRADE_DEADLINE_MS = 4500;
/** The wall-clock limit on a machine too busy to finish anything in time (ms from the grade). */
const WALL_LIMIT_MS = 15_000;

export interface VerbResult {
  stdout: string;
  stderr: string;
  code: number;
}

const usage = (why: string): VerbResult => ({
  stdout: '',
  stderr: `${why}\nusage: npm run --silent cli -- grade SLUG FILE [--seed N]\n`,
  code: 2,
});

export async function runGradeVerb(
  args: string[],
  read: (file: string) => string,
  {
    deadlineMs = envMs(process.env.GRADE_DEADLINE_MS, GRADE_DEADLINE_MS),
    minCpuMs = 3000,
    wallLimitMs = Math.max(WALL_LIMIT_MS, deadlineMs),
    inProcess = false,
  }: {
    deadlineMs?: number;
    minCpuMs?: number;
    /** The wall-clock limit, ms from the grade (15 s, or the deadline when that is later). */
    wallLimitMs?: number;
    /** Tests: grade on this thread, with no deadline (only for answers known to finish). */
    inProcess?: boolean;
  } = {},
): Promise<VerbResult> {
  const rest: string[] = [];
  let seed = 0;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const m = /^--seed(?:=(.*))?$/.exec(a);
    if (!m) {
      rest.push(a);
      continue;
    }
    const v = m[1] ?? args[++i];
    if (v === undefined || !/^\d+$/.test(v) || !isSeed(Number(v)))
      return usage(`--seed needs a whole number from 0 to 2147483647 (got ${v ?? 'nothing'})`);
    seed = Number(v);
  }
  const [slug, file, ...extra] = rest;
  if (!slug || !file || extra.length) return usage('grade takes a problem slug and one file');
  const path = resolve(PRACTICE, `${slug}.md`);
  if (!/^[a-z0-9][\w-]*$/.test(slug) || !existsSync(path)) {
    const known = readdirSync(PRACTICE)
      .filter((f) => f.endsWith('.md'))
      .map((f) => f.slice(0, -3))
      .sort();
    return {
      stdout: '',
      stderr: `unknown problem "${slug}"; the problems are: ${known.join(', ')}\n`,
      code: 2,
    };
  }
  let text: string;
  try {
    text = read(file);
  } catch (e) {
    return { stdout: '', stderr: `cannot read ${file}: ${(e as Error).message}\n`, code: 2 };
  }
  const doc = parseDoc(`lessons/practice/${slug}.md`, readFileSync(path, 'utf8'));
  const answer = readAnswerFile(file, text, doc);
  if (!answer.ok) return { stdout: '', stderr: `${answer.message}\n`, code: 2 };
  const job = {
    slug,
    graderId: String(doc.front.grader ?? slug),
    submission: answer.submission,
    problem: problemContext(doc),
    seed,
  };
  if (inProcess) {
    const {
      cases: _c,
      total: _t,
      ...report
    } = await gradeProblem(job.slug, job.graderId, job.submission, job.problem, job.seed);
    return { stdout: `${JSON.stringify(report)}\n`, stderr: '', code: 0 };
  }
  const now = performance.now();
  const r = await runWithDeadline<GradeReport>(new URL('./gradeWorker.ts', import.meta.url), job, {
    cpuMs: Math.max(minCpuMs, deadlineMs - now),
    wallMs: now + wallLimitMs,
  });
  let report: GradeReport;
  if (r.ok) report = r.value;
  else if (r.reason === 'timeout')
    report = timedOut(slug, seed, Math.round((performance.now() - now) / 100) / 10);
  else return { stdout: '', stderr: `grade failed: ${r.message}\n`, code: 1 };
  return { stdout: `${JSON.stringify(report)}\n`, stderr: '', code: 0 };
}
