// The headless command line: `npm run --silent cli -- <verb> <file or ->`.
// JSON on stdout; bad input => a message naming the field on stderr, exit 2, empty stdout.
import { readFileSync } from 'node:fs';
import { parseJsonInput } from '../core/jsonInput';
import '../core/lua/register';
import { ScenarioError } from '../core/scenario/validate';
import { limiterNamesOf } from '../core/limiters/registry';
import { simulateAsync } from '../core/simulate';
import { simulateInWorker } from './simulateLua';
import { runExploreVerb } from './exploreVerb';
import { runGradeVerb } from './gradeVerb';
import { runRedisVerb } from './redisVerb';
import { parseRealFlags, RealFlagsError } from './realFlags';
import { runExploreReal, runRedisReal } from './realVerbs';

const USAGE = `usage: npm run --silent cli -- <verb> <file or ->
verbs:
  simulate FILE|-   run a scenario (JSON) and print its decisions as JSON
  redis FILE|-      run Redis command cases (JSON Lines) against the lab's Redis model
  explore FILE|-    try every interleaving of app-server requests (JSON) against an invariant
  redis --real URL FILE|-
                    the same cases on a real Redis (redis://HOST:PORT, or
                    redis+cluster://HOST:PORT,HOST:PORT); prints what the server answered
  explore --real URL --trials N [--delay-ms D] [--lockstep] FILE|-
                    the requests as real concurrent connections, N times, beside the verdict
                    (--allow-remote for a server outside 127.0.0.0/8; --prefix BASE for the
                    keys' prefix, default ratelab:)
  grade SLUG FILE [--seed N]
                    grade a practice answer (.lua script or .json form fields) and print
                    {"problem", "passed", "summary", "failure", "seed"} as JSON
`;

export interface CliResult {
  stdout: string;
  stderr: string;
  code: number;
}

function readInput(arg: string): string {
  return arg === '-' ? readFileSync(0, 'utf8') : readFileSync(arg, 'utf8');
}

/**
 * `onLine`: the redis verb hands each case's line here as soon as the case is done (main()
 * writes it out at once); the result's stdout then leaves those lines out.
 */
export async function runCli(
  argv: string[],
  read: (arg: string) => string = readInput,
  onLine?: (line: string) => void | Promise<void>,
  /** Tests: `simulate`'s wall-clock deadline per script run (default: the lab's). */
  opts: { scriptDeadlineMs?: number } = {},
): Promise<CliResult> {
  if (argv[0] === 'grade') return runGradeVerb(argv.slice(1), read);
  if ((argv[0] === 'redis' || argv[0] === 'explore') && argv.some((a) => a.startsWith('--')))
    return runRealVerb(argv[0], argv.slice(1), read, onLine);
  const [verb, file, ...rest] = argv;
  if (
    (verb !== 'simulate' && verb !== 'redis' && verb !== 'explore') ||
    file === undefined ||
    rest.length > 0
  )
    return { stdout: '', stderr: USAGE, code: 2 };
  let text: string;
  try {
    text = read(file);
  } catch (e) {
    return { stdout: '', stderr: `cannot read ${file}: ${(e as Error).message}\n`, code: 2 };
  }
  if (verb === 'redis') {
    const r = await runRedisVerb(text, onLine);
    return { stdout: onLine ? '' : r.stdout, stderr: r.stderr ?? '', code: r.code };
  }
  if (verb === 'explore') return runExploreVerb(text);
  const parsed = parseJsonInput(text);
  if (!parsed.ok) return { stdout: '', stderr: `${parsed.message}\n`, code: 2 };
  const input = parsed.value;
  // Learner Lua runs in a worker thread with a deadline per script (simulateLua.ts).
  if (limiterNamesOf(input).has('lua')) {
    const r = await simulateInWorker(input, opts.scriptDeadlineMs);
    if (!r.ok) return { stdout: '', stderr: r.errors.join('\n') + '\n', code: 2 };
    const notes = r.notes.map((n) => `note: ${n}\n`).join('');
    return { stdout: JSON.stringify(r.result) + '\n', stderr: notes, code: 0 };
  }
  try {
    const result = await simulateAsync(input);
    return { stdout: JSON.stringify(result) + '\n', stderr: '', code: 0 };
  } catch (e) {
    if (e instanceof ScenarioError)
      return { stdout: '', stderr: e.errors.join('\n') + '\n', code: 2 };
    return { stdout: '', stderr: `simulate failed: ${(e as Error).message}\n`, code: 1 };
  }
}

async function runRealVerb(
  verb: 'redis' | 'explore',
  args: string[],
  read: (arg: string) => string,
  onLine?: (line: string) => void | Promise<void>,
): Promise<CliResult> {
  let flags;
  try {
    flags = parseRealFlags(verb, args);
  } catch (e) {
    if (e instanceof RealFlagsError)
      return { stdout: '', stderr: e.errors.join('\n') + '\n' + USAGE, code: 2 };
    throw e;
  }
  if (flags.rest.length !== 1 || flags.target === null)
    return { stdout: '', stderr: USAGE, code: 2 };
  let text: string;
  try {
    text = read(flags.rest[0]!);
  } catch (e) {
    return {
      stdout: '',
      stderr: `cannot read ${flags.rest[0]}: ${(e as Error).message}\n`,
      code: 2,
    };
  }
  if (verb === 'redis') return runRedisReal(text, flags.target, onLine, flags.prefix);
  return runExploreReal(text, flags.target, {
    trials: flags.trials!,
    delayMs: flags.delayMs,
    lockstep: flags.lockstep,
    prefixBase: flags.prefix,
  });
}
/**
 * Resolves once `text` and everything written to `stream` before it has been handed to the
 * operating system (writes finish in order; an empty write waits for the earlier ones). A
 * pipe takes 64 KB at a time, so exiting before this would cut the output short.
 */
export const flushed = (stream: NodeJS.WritableStream, text = ''): Promise<void> =>
  new Promise<void>((done) => stream.write(text, () => done()));

async function main(): Promise<void> {
  // A reader that goes away (`| head`) is no reason for a stack trace.
  process.stdout.on('error', () => process.exit(process.exitCode ?? 0));
  // Each line (or piece of a huge one) waits for the pipe to take it: the output never piles up.
  const r = await runCli(process.argv.slice(2), readInput, (line) => flushed(process.stdout, line));
  await flushed(process.stdout, r.stdout);
  await flushed(process.stderr, r.stderr);
  // Exit now, with everything written: a grade's worker thread stuck in a loop must not keep
  // the process alive.
  process.exit(r.code);
}

const isMain = process.argv[1] !== undefined && /cli[\\/]main\.ts$/.test(process.argv[1]);
if (isMain) void main();
