// The `explore` verb (README, headless contract): explorer input as JSON in (a puzzle's
// ```races block pasted as it is works too), one JSON object out: the verdict, the counts, the
// broken part, why it is not complete, the failure and the counterexample. Bad input: exit 2
// with a message naming the field and nothing on stdout. The exploration runs in a worker
// thread with a soft deadline (the answer then says not complete, and why) and a hard one, so
// no Lua (however it loops) can hang the command line.
import { parseJsonInput } from '../core/jsonInput';
import { NondeterministicCode } from '../core/races/behaviour';
import { ExploreInputError } from '../core/races/input';
import { parseRacesSpec } from '../core/races/puzzle';
import type {
  ExploreResult,
  ExploreVerdict,
  IncompleteReason,
  InvariantPart,
  Step,
} from '../core/races/types';
import type { JsonReply } from '../core/redis/reply';
import { envMs } from './envMs';
import type { ExploreJob, ExploreJobResult } from './exploreJob';
import { runInWorker, type WorkerOutcome } from './sandbox';

export interface VerbResult {
  stdout: string;
  stderr: string;
  code: number;
}

type CliStep =
  | { request: number; command: string[]; reply: JsonReply }
  | { request: number; crash: true }
  | { pause: number };

const cliSteps = (steps: Step[]): CliStep[] =>
  steps.map((s: Step): CliStep =>
    'crash' in s
      ? { request: s.request, crash: true }
      : 'pause' in s
        ? { pause: s.pause }
        : { request: s.request, command: s.command, reply: s.reply },
  );

export interface CliOutput {
  verdict: ExploreVerdict;
  summary: string;
  schedules: number;
  violations: number;
  complete: boolean;
  part: InvariantPart | null;
  incompleteReason: IncompleteReason | null;
  failure: { requests: number; schedules: number; message: string; schedule: CliStep[] } | null;
  counterexample: CliStep[] | null;
}

/** The headless contract's output: exactly these fields, in this order. */
export function cliOutput(r: ExploreResult): CliOutput {
  return {
    verdict: r.verdict,
    summary: r.summary,
    schedules: r.schedules,
    violations: r.violations,
    complete: r.complete,
    part: r.part,
    incompleteReason: r.incompleteReason,
    failure: r.failure && {
      requests: r.failure.requests,
      schedules: r.failure.schedules,
      message: r.failure.message,
      schedule: cliSteps(r.failure.schedule),
    },
    counterexample: r.counterexample && cliSteps(r.counterexample),
  };
}

/** The soft deadline, from the verb's call (start-up included): the answer (not complete, and why) comes by here. */
export const DEFAULT_EXPLORE_DEADLINE_MS = 4000;

/** Runs the job somewhere: a worker thread with a hard deadline (the default), or in-process in tests. */
export type ExploreRunner = (
  job: ExploreJob,
  hardMs: number,
) => Promise<WorkerOutcome<ExploreJobResult>>;

const inWorker: ExploreRunner = (job, hardMs) =>
  runInWorker<ExploreJobResult>(new URL('./exploreJob.ts', import.meta.url), 'exploreJob', job, {
    timeoutMs: hardMs,
  });

export async function runExploreVerb(
  text: string,
  runner: ExploreRunner = inWorker,
): Promise<VerbResult> {
  const startedAt = performance.timeOrigin + performance.now();
  const parsed = parseJsonInput(text);
  if (!parsed.ok) return { stdout: '', stderr: `${parsed.message}\n`, code: 2 };
  const value = parsed.value;
  let job: ExploreJob;
  const hardMs = envMs(process.env.EXPLORE_TIMEOUT_MS, 30000);
  // A deadline the caller sets is kept as given; the default one comes well before the hard one.
  const softMs =
    process.env.EXPLORE_DEADLINE_MS !== undefined
      ? envMs(process.env.EXPLORE_DEADLINE_MS, DEFAULT_EXPLORE_DEADLINE_MS)
      : Math.min(DEFAULT_EXPLORE_DEADLINE_MS, Math.max(100, hardMs - 5000));
  try {
    job = {
      input: parseRacesSpec(value, 'play', '').input,
      softDeadlineMs: softMs,
      startedAt,
      budgetMs: 250,
    };
  } catch (e) {
    if (e instanceof ExploreInputError)
      return { stdout: '', stderr: e.errors.join('\n') + '\n', code: 2 };
    throw e;
  }
  const out = await runner(job, hardMs);
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
