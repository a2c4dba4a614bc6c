// The `explore` verb (README, headless contract): explorer input as JSON in, one JSON object
// out: {"schedules", "violations", "complete", "counterexample"}. Bad input: exit 2 with a
// message naming the field and nothing on stdout. The exploration runs in a worker thread
// with a hard deadline, so no Lua (however it loops) can hang the command line.
import { parseJsonInput } from '../core/jsonInput';
import { NondeterministicCode } from '../core/races/behaviour';
import { ExploreInputError, parseExploreInput } from '../core/races/input';
import type { ExploreResult, Step } from '../core/races/types';
import type { JsonReply } from '../core/redis/reply';
import type { ExploreJob, ExploreJobResult } from './exploreJob';
import { runInWorker } from './sandbox';

export interface VerbResult {
  stdout: string;
  stderr: string;
  code: number;
}

type CliStep =
  { request: number; command: string[]; reply: JsonReply } | { request: number; crash: true };

/** The headless contract's output: exactly these four fields. */
export function cliOutput(r: ExploreResult): {
  schedules: number;
  violations: number;
  complete: boolean;
  counterexample: CliStep[] | null;
} {
  return {
    schedules: r.schedules,
    violations: r.violations,
    complete: r.complete,
    counterexample:
      r.counterexample?.map((s: Step): CliStep =>
        'crash' in s
          ? { request: s.request, crash: true }
          : { request: s.request, command: s.command, reply: s.reply },
      ) ?? null,
  };
}

const num = (v: string | undefined, dflt: number): number => {
  const n = Number(v);
  return v !== undefined && Number.isFinite(n) && n > 0 ? n : dflt;
};

export async function runExploreVerb(text: string): Promise<VerbResult> {
  const parsed = parseJsonInput(text);
  if (!parsed.ok) return { stdout: '', stderr: `${parsed.message}\n`, code: 2 };
  const value = parsed.value;
  let job: ExploreJob;
  const hardMs = num(process.env.EXPLORE_TIMEOUT_MS, 30000);
  try {
    job = {
      input: parseExploreInput(value),
      softDeadlineMs: Math.max(100, hardMs - 5000),
      budgetMs: 250,
    };
  } catch (e) {
    if (e instanceof ExploreInputError)
      return { stdout: '', stderr: e.errors.join('\n') + '\n', code: 2 };
    throw e;
  }
  const out = await runInWorker<ExploreJobResult>(
    new URL('./exploreJob.ts', import.meta.url),
    'exploreJob',
    job,
    { timeoutMs: hardMs },
  );
  if (!out.ok) {
    if (out.reason === 'timeout')
      return {
        stdout: '',
        stderr: `code: the exploration was stopped after ${hardMs / 1000} s (its deadline; try fewer requests or a lower maxSchedules)\n`,
        code: 2,
      };
    if (
      out.message.includes(NondeterministicCode.name) ||
      /did not send the same commands/.test(out.message)
    )
      return { stdout: '', stderr: `code: ${out.message}\n`, code: 2 };
    return { stdout: '', stderr: `explore failed: ${out.message}\n`, code: 1 };
  }
  const r = out.value;
  if (!r.ok) return { stdout: '', stderr: r.errors.join('\n') + '\n', code: 2 };
  return { stdout: JSON.stringify(cliOutput(r.result)) + '\n', stderr: '', code: 0 };
}
