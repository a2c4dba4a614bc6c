// The `redis` verb (docs/spec/headless.md): JSON Lines of command cases in, one JSON line of
// replies per case out. Each case runs on a fresh model (empty database, empty script
// cache, clock at Unix 1700000000 or the case's "startTime"). Extension: a case with
// "cluster": true runs with cluster mode on (CROSSSLOT checks).
import { canonical } from '../core/redis/bytes';
import { depthProblem, sizeProblem } from '../core/jsonInput';
import { DEFAULT_START_TIME, MAX_CLOCK_SECONDS, RedisModel } from '../core/redis/model';
import { toJsonText, type Reply } from '../core/redis/reply';
import type { ScriptEngine } from '../core/redis/scripting';
import { messageWorker, type MessageWorker } from './sandbox';
import type { RedisThreadIn, RedisThreadOut } from './redisThread';
import { errorMessage } from '../core/util/errorMessage';

export type RedisStep = { cmd: string[] } | { advance: number };

export interface RedisCase {
  name: string;
  steps: RedisStep[];
  startTime?: number;
  cluster?: boolean;
}

export class RedisCaseError extends Error {}

function describe(v: unknown): string {
  return v === null ? 'null' : Array.isArray(v) ? 'an array' : typeof v;
}

/** Validate one parsed JSON line; throws RedisCaseError naming the bad field. */
export function parseRedisCase(value: unknown, where: string): RedisCase {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new RedisCaseError(`${where}: a case must be a JSON object, got ${describe(value)}`);
  }
  const o = value as Record<string, unknown>;
  if (typeof o.name !== 'string') {
    throw new RedisCaseError(`${where}: "name" must be a string, got ${describe(o.name)}`);
  }
  if (!Array.isArray(o.steps)) {
    throw new RedisCaseError(`${where}: "steps" must be an array, got ${describe(o.steps)}`);
  }
  if (o.startTime !== undefined) {
    if (
      typeof o.startTime !== 'number' ||
      !Number.isFinite(o.startTime) ||
      o.startTime < 0 ||
      o.startTime > MAX_CLOCK_SECONDS
    ) {
      throw new RedisCaseError(
        `${where}: "startTime" must be a number of Unix seconds from 0 to ${MAX_CLOCK_SECONDS}, got ${JSON.stringify(o.startTime)}`,
      );
    }
  }
  // The clock as the advances move it, so no step can take it out of the model's range.
  let clock = typeof o.startTime === 'number' ? o.startTime : DEFAULT_START_TIME;
  const steps: RedisStep[] = [];
  o.steps.forEach((s: unknown, i: number) => {
    const at = `${where}: steps[${i}]`;
    if (typeof s !== 'object' || s === null || Array.isArray(s)) {
      throw new RedisCaseError(`${at} must be an object with "cmd" or "advance"`);
    }
    const st = s as Record<string, unknown>;
    if (st.cmd !== undefined) {
      if (
        !Array.isArray(st.cmd) ||
        st.cmd.length === 0 ||
        !st.cmd.every((x: unknown) => typeof x === 'string')
      ) {
        throw new RedisCaseError(`${at}.cmd must be a non-empty array of strings`);
      }
      // Bytes that are not UTF-8 come as "\udc80".."\udcff" (src/core/redis/bytes.ts).
      steps.push({ cmd: (st.cmd as string[]).map(canonical) });
    } else if (st.advance !== undefined) {
      if (typeof st.advance !== 'number' || !Number.isFinite(st.advance)) {
        throw new RedisCaseError(`${at}.advance must be a finite number of seconds`);
      }
      clock += st.advance;
      if (!(clock >= 0 && clock <= MAX_CLOCK_SECONDS)) {
        throw new RedisCaseError(
          `${at}.advance takes the clock to ${clock} Unix seconds; it must stay within 0 to ${MAX_CLOCK_SECONDS}`,
        );
      }
      steps.push({ advance: st.advance });
    } else {
      throw new RedisCaseError(`${at} must have "cmd" or "advance"`);
    }
  });
  const c: RedisCase = { name: o.name, steps };
  if (typeof o.startTime === 'number') c.startTime = o.startTime;
  if (o.cluster !== undefined) {
    if (typeof o.cluster !== 'boolean') {
      throw new RedisCaseError(`${where}: "cluster" must be true or false`);
    }
    c.cluster = o.cluster;
  }
  return c;
}

/** Parse JSON Lines input (blank lines skipped); throws RedisCaseError with the line number. */
export function parseRedisCases(input: string): RedisCase[] {
  const cases: RedisCase[] = [];
  const lines = input.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (line === '') continue;
    const size = sizeProblem(line, `line ${i + 1}`);
    if (size) throw new RedisCaseError(size);
    let v: unknown;
    try {
      v = JSON.parse(line);
    } catch (e) {
      throw new RedisCaseError(`line ${i + 1}: not valid JSON: ${errorMessage(e)}`);
    }
    const deep = depthProblem(line, `line ${i + 1}`);
    if (deep) throw new RedisCaseError(deep);
    cases.push(parseRedisCase(v, `line ${i + 1}`));
  }
  return cases;
}

const SCRIPT_CMDS = new Set([
  'eval',
  'evalsha',
  'script',
  'eval_ro',
  'evalsha_ro',
  'function',
  'fcall',
  'fcall_ro',
]);

/** Does any case call scripting commands (so the Lua engine is worth loading)? */
export function needsScripting(cases: readonly RedisCase[]): boolean {
  return cases.some((c) =>
    c.steps.some((s) => 'cmd' in s && SCRIPT_CMDS.has(s.cmd[0]!.toLowerCase())),
  );
}

let enginePromise: Promise<ScriptEngine | null> | null = null;

/** The Lua engine from src/core/lua, or null when it cannot be loaded. Loaded once. */
export function loadScriptEngine(): Promise<ScriptEngine | null> {
  enginePromise ??= (async () => {
    try {
      const mod = (await import('../core/lua/index')) as {
        createLuaEngine?: () => Promise<ScriptEngine>;
      };
      return mod.createLuaEngine ? await mod.createLuaEngine() : null;
    } catch (_e) {
      return null;
    }
  })();
  return enginePromise;
}

/** Run one case on a fresh model; one reply per `cmd` step. */
export function runRedisCase(c: RedisCase, engine: ScriptEngine | null): Reply[] {
  const model = new RedisModel({
    startTime: c.startTime,
    clusterMode: c.cluster ?? false,
    scriptEngine: engine,
  });
  engine?.flushScripts?.();
  const replies: Reply[] = [];
  for (const s of c.steps) {
    if ('cmd' in s) replies.push(model.call(s.cmd));
    else model.advance(s.advance);
  }
  return replies;
}

/** A scripting case's wall-clock deadline in its worker thread (the engine's budget aside). */
export const CASE_DEADLINE_MS = 3000;
/** A worker thread's start (tsx and the wasm compile, on a loaded machine). */
const BOOT_TIMEOUT_MS = 30_000;

/** A case's replies as JSON texts (from the worker) or as replies (run here), or its error. */
type CaseOutcome = { replies: readonly (string | Reply)[] } | { error: string };

/**
 * Scripting cases run in a worker thread, one at a time, each on a fresh engine; a case past
 * its deadline (or one that crashes the thread) gets its own error line and the next case
 * starts in a fresh thread.
 */
class CaseRunner {
  constructor(
    private readonly deadlineOf: (c: RedisCase) => number,
    private readonly budgetSteps?: number,
  ) {}
  private w: MessageWorker<RedisThreadIn, RedisThreadOut> | null = null;
  private ready: Promise<void> | null = null;
  private id = 1;

  private start(): Promise<void> {
    if (this.ready) return this.ready;
    const w = messageWorker<RedisThreadIn, RedisThreadOut>(
      new URL('./redisThread.ts', import.meta.url),
    );
    this.w = w;
    this.ready = new Promise<void>((resolve, reject) => {
      const t = setTimeout(
        () => reject(new Error('the worker thread did not start')),
        BOOT_TIMEOUT_MS,
      );
      w.listen(
        (m) => {
          if ('ready' in m) {
            clearTimeout(t);
            resolve();
          }
        },
        (message) => {
          clearTimeout(t);
          reject(new Error(message));
        },
      );
    });
    return this.ready;
  }

  stop(): void {
    this.w?.terminate();
    this.w = null;
    this.ready = null;
  }

  async run(c: RedisCase): Promise<CaseOutcome> {
    try {
      await this.start();
    } catch (e) {
      this.stop();
      return { error: `the case could not start its worker: ${errorMessage(e)}` };
    }
    const w = this.w!;
    const id = this.id++;
    const deadlineMs = this.deadlineOf(c);
    return new Promise<CaseOutcome>((resolve) => {
      const done = (o: CaseOutcome, kill: boolean) => {
        clearTimeout(timer);
        w.listen(null, null);
        if (kill) this.stop();
        resolve(o);
      };
      const timer = setTimeout(
        () =>
          done(
            {
              error: `the case was stopped after ${deadlineMs / 1000} s (a script the engine's budget could not stop); the next case runs in a fresh worker`,
            },
            true,
          ),
        deadlineMs,
      );
      w.listen(
        (m) => {
          if (m.id !== id) return;
          if ('replies' in m) done({ replies: m.replies }, false);
          else if ('error' in m) done({ error: `the case failed: ${m.error}` }, true);
        },
        (message) => done({ error: `the case crashed its worker: ${message}` }, true),
      );
      w.postMessage({
        id,
        case: c,
        ...(this.budgetSteps ? { budgetSteps: this.budgetSteps } : {}),
      });
    });
  }
}

/** A case without scripts, on this thread; a failure of the model is the case's error line. */
function runHere(c: RedisCase): CaseOutcome {
  try {
    return { replies: runRedisCase(c, null) };
  } catch (e) {
    return { error: `the case failed: ${errorMessage(e)}` };
  }
}

/** Past this many characters a case's line goes out in pieces (no string outgrows V8's). */
const PIECE_CHARS = 16 * 1024 * 1024;

/** Emit a case's line: in one piece, or reply by reply when it is huge. */
async function emitCase(
  name: string,
  o: CaseOutcome,
  emit: (piece: string) => void | Promise<void>,
): Promise<void> {
  const head = `{"name":${JSON.stringify(name)}`;
  if ('error' in o) return emit(`${head},"error":${JSON.stringify(o.error)}}\n`);
  let line = `${head},"replies":[`;
  for (let i = 0; i < o.replies.length; i++) {
    const r = o.replies[i]!;
    line += (i ? ',' : '') + (typeof r === 'string' ? r : toJsonText(r));
    if (line.length > PIECE_CHARS) {
      await emit(line);
      line = '';
    }
  }
  await emit(line + ']}\n');
}

/**
 * Run the cases; each line goes to `onLine` as soon as its case is done (so a later failure
 * never loses earlier results; a line over 16 MB goes in pieces, and a returned promise is
 * awaited), or else into the returned stdout.
 */
export async function runRedisVerb(
  input: string,
  onLine?: (line: string) => void | Promise<void>,
  opts: {
    /** A case's deadline (ms), or each case's (tests: far from the work, but for a kill). */
    caseDeadlineMs?: number | ((c: RedisCase) => number);
    /** The engine's step budget in steps (tests: one no loop reaches). */
    budgetSteps?: number;
  } = {},
): Promise<{ stdout: string; stderr?: string; code: number }> {
  let cases: RedisCase[];
  try {
    cases = parseRedisCases(input);
  } catch (e) {
    if (e instanceof RedisCaseError)
      return { stdout: '', stderr: `redis: ${e.message}\n`, code: 2 };
    throw e;
  }
  let out = '';
  let stopped = 0;
  const d = opts.caseDeadlineMs ?? CASE_DEADLINE_MS;
  const runner = new CaseRunner(typeof d === 'number' ? () => d : d, opts.budgetSteps);
  try {
    for (const c of cases) {
      // Learner Lua only in the worker thread; plain commands run here.
      const o: CaseOutcome = needsScripting([c]) ? await runner.run(c) : runHere(c);
      if ('error' in o) stopped++;
      await emitCase(
        c.name,
        o,
        onLine ??
          ((piece) => {
            out += piece;
          }),
      );
    }
  } finally {
    runner.stop();
  }
  const stderr = stopped
    ? `redis: ${stopped} case${stopped === 1 ? '' : 's'} could not finish (see their "error" lines)\n`
    : undefined;
  return { stdout: out, stderr, code: 0 };
}
