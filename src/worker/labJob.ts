// One lab run with learner Lua, where a script may be killed: the page's Lua worker
// (labWorker.ts) and Node's worker thread run this. It is `labRunFromInput` with a
// "lua" limiter that
// - tells the caller, before each script run, which run of this scenario it is (`seq`, the
//   k-th script run, deterministic for a given scenario and kill list) and each write command
//   the script makes, so that a caller which had to terminate a stuck run knows what it wrote;
// - decides a run the caller killed (`killed`: seq -> the writes made before the kill) as an
//   error without running the script, applying those writes, so the re-run goes past it;
// - after KILL_CAP stopped runs (killed, or stopped by the engine's step budget), decides every
//   later request as an error without running the script;
// - records each call's resulting key state, so the page seeks a Lua slot without a script.
import { labRunFromInput, engineOf, type LabRunOptions } from '../core/lab/labRun';
import { keyStatesForReplay, packRun, type PackedRun } from '../core/lab/transfer';
import type { Decision, LimiterFactory, LimiterRequest, Params } from '../core/limiters/types';
import { LUA_EPOCH, LuaLimiter, luaLimiterFactory, luaParamsOf } from '../core/lua/luaLimiter';
import type { LuaRuntime } from '../core/lua/engine';
import type { RedisLike, ScriptEngine } from '../core/lua/types';
import { isWriteCommand } from '../core/redis/table';
import {
  MODEL_MAX_BYTES,
  MemoryGuard,
  OOM_REPLY,
  OOM_TEXT,
  RECORD_MAX_BYTES,
  RUN_WRITE_MAX_BYTES,
  sizeOf,
} from './labMemory';
import { KILL_CAP, SCRIPT_DEADLINE_MS, scriptsOf } from './labLimits';

export { KILL_CAP, SCRIPT_DEADLINE_MS, scriptsOf };

export interface LabJob {
  input: unknown;
  seekable: boolean;
  /** Runs killed so far: seq -> the write commands each made before it was stopped. */
  killed: [number, string[][]][];
  /** The deadline the caller enforces (named in the messages). */
  deadlineMs: number;
  /**
   * The caller saw this scenario's script stopped KILL_CAP times already (another lane of the
   * same change): decide every request as an error without running it.
   */
  capped?: boolean;
  /** The engine's budget in steps instead of LAB_SCRIPT_BUDGET_MS (tests of the kill path). */
  budgetSteps?: number;
}

export type LabJobResult =
  | { ok: true; run: PackedRun; seekable: boolean; notes: string[]; stops: number }
  | { ok: false; errors: string[]; message: string };

export interface JobEvents {
  /** Script run `seq` starts. */
  start(seq: number): void;
  /** Script run `seq` is over. */
  end(seq: number): void;
  /** Script run `seq` sends a write command. */
  write(seq: number, args: string[]): void;
}

const BUDGET_STOP = 'Script killed by the lab';

export function killMessage(deadlineMs: number, k: number, writes: number): string {
  const held =
    writes === 0
      ? 'Nothing was written.'
      : `The keys hold what the script wrote before it was stopped (${writes} write command${writes === 1 ? '' : 's'}).`;
  return (
    `The lab stopped this script after ${deadlineMs} ms (stop ${k} of ${KILL_CAP}) and rebuilt its ` +
    `worker: a loop the step budget cannot reach (a __gc handler, one long C call). ${held}`
  );
}

export const ALREADY_CAPPED_MESSAGE =
  `Not run: the lab stopped this script ${KILL_CAP} times in another lane of the same scenario, ` +
  'so it decides these requests as errors without running it.';

export const CAPPED_MESSAGE =
  `Not run: the script was already stopped ${KILL_CAP} times in this scenario, so the lab ` +
  'decides the rest of its requests as errors without running it.';

class JobContext {
  seq = 0;
  stops = 0;
  current = -1;
  readonly killMessages = new Map<number, string>();
  readonly killed: Map<number, string[][]>;
  /** Recording each call's key state (a seekable run) until it holds RECORD_MAX_BYTES. */
  recording: boolean;
  recordBytes = 0;
  constructor(
    readonly job: LabJob,
    readonly events: JobEvents,
    readonly engine: LuaRuntime,
    readonly guard: MemoryGuard,
  ) {
    this.killed = new Map(job.killed);
    if (job.capped) this.stops = KILL_CAP;
    this.recording = job.seekable;
  }

  /** Keep `state` for seeking, while the record stays under its cap. */
  record(into: unknown[], state: unknown): void {
    if (!this.recording) return;
    this.recordBytes += sizeOf(state);
    if (this.recordBytes > RECORD_MAX_BYTES) this.recording = false;
    else into.push(state);
  }
}

class SandboxedLuaLimiter extends LuaLimiter {
  /** The key state after each decide/check/commit, in call order. */
  readonly after: unknown[] = [];

  constructor(
    engine: ScriptEngine,
    params: Params,
    private readonly ctx: JobContext,
  ) {
    super(engine, luaParamsOf(params));
  }

  override decide(req: LimiterRequest): Decision {
    const ctx = this.ctx;
    const seq = ctx.seq++;
    const writes = ctx.killed.get(seq);
    let d: Decision;
    if (writes) {
      // Killed in an earlier attempt: what it wrote, then the error (nothing runs).
      this.model.setTime(LUA_EPOCH + req.at);
      for (const w of writes) this.model.call(w);
      ctx.stops++;
      const message = killMessage(ctx.job.deadlineMs, ctx.stops, writes.length);
      ctx.killMessages.set(seq, message);
      this.seen.add(req.key);
      d = { allowed: false, retryAfterSeconds: null, error: message };
    } else if (ctx.stops >= KILL_CAP) {
      this.seen.add(req.key);
      const error = ctx.job.capped ? ALREADY_CAPPED_MESSAGE : CAPPED_MESSAGE;
      d = { allowed: false, retryAfterSeconds: null, error };
    } else {
      ctx.events.start(seq);
      ctx.current = seq;
      try {
        d = super.decide(req);
      } finally {
        ctx.current = -1;
        ctx.engine.drainLogs();
        ctx.events.end(seq);
      }
      if (d.error?.includes(BUDGET_STOP)) ctx.stops++;
    }
    this.last = d;
    this.ctx.record(this.after, this.readState(req.key));
    return d;
  }

  override check(req: LimiterRequest): Decision {
    return this.decide(req);
  }

  override commit(req: LimiterRequest, _admitted: boolean): Decision {
    if (this.last === null) return this.decide(req);
    this.ctx.record(this.after, this.readState(req.key));
    return this.last;
  }
}

/** The engine as the model calls it, reporting each write command of the running script. */
function tapped(ctx: JobContext): ScriptEngine {
  return {
    run(model, source, sha, keys, argv) {
      const m: RedisLike = {
        call(args) {
          if (ctx.current >= 0 && isWriteCommand(args)) {
            if (!ctx.guard.allow(ctx.current, args)) return OOM_REPLY;
            ctx.events.write(ctx.current, args);
          }
          return model.call(args);
        },
      };
      if (model.hasCommand) m.hasCommand = (name) => model.hasCommand!(name);
      return ctx.engine.run(m, source, sha, keys, argv);
    },
  };
}

/**
 * Run one lab job. `engine` must be fresh (nothing of an earlier job may survive in it:
 * globals, __gc handlers); `register` installs the "lua" factory for the run.
 */
export function runLabJob(
  job: LabJob,
  engine: LuaRuntime,
  events: JobEvents,
  register: (f: LimiterFactory) => void,
): LabJobResult {
  const made: SandboxedLuaLimiter[] = [];
  const guard = new MemoryGuard(() => made.reduce((n, l) => n + sizeOf(l.model.snapshot()), 0));
  const ctx = new JobContext(job, events, engine, guard);
  const base = luaLimiterFactory(engine);
  const se = tapped(ctx);
  register({
    ...base,
    create(params: Params) {
      const l = new SandboxedLuaLimiter(se, params, ctx);
      made.push(l);
      return l;
    },
  });
  const opts: LabRunOptions = { seekable: job.seekable };
  const r = labRunFromInput(job.input, opts);
  if (!r.ok) return { ok: false, errors: r.errors, message: r.message };
  const run = engineOf(r.run);
  // A record cut short at its cap cannot be replayed: no state views then.
  let seekable = job.seekable && ctx.recording;
  if (seekable) {
    const after = new Map<number, unknown[]>();
    for (const s of run.slots)
      if (s.limiter instanceof SandboxedLuaLimiter) after.set(s.id, s.limiter.after);
    // A log that does not match the record cannot be seeked without a script: no state views.
    if (!keyStatesForReplay(run, after)) seekable = false;
  }
  const notes = notesOf(ctx, run.errors, run.requests);
  return { ok: true, run: packRun(run), seekable, notes, stops: ctx.stops };
}

function notesOf(ctx: JobContext, errors: Map<number, string>, rq: { at: Float64Array }): string[] {
  const notes: string[] = [];
  const kills = new Set(ctx.killMessages.values());
  let capped = 0;
  let already = 0;
  let oom = -1;
  const ordered = [...errors].sort((a, b) => a[0] - b[0]);
  for (const [i, msg] of ordered) {
    if (kills.has(msg)) {
      const wrote = msg.includes('Nothing was written')
        ? 'nothing was written'
        : 'the keys hold what the script wrote before it was stopped';
      notes.push(
        `Request ${i + 1} (at ${+rq.at[i]!.toFixed(3)} s): the script ran past the lab's ` +
          `${ctx.job.deadlineMs} ms deadline, so the lab killed it; ${wrote}.`,
      );
    } else if (msg.includes(BUDGET_STOP))
      notes.push(
        `Request ${i + 1} (at ${+rq.at[i]!.toFixed(3)} s): the script used up its step budget, so the engine stopped it.`,
      );
    else if (msg.includes(OOM_TEXT) && oom < 0) oom = i;
    else if (msg === CAPPED_MESSAGE) capped++;
    else if (msg === ALREADY_CAPPED_MESSAGE) already++;
  }
  if (oom >= 0)
    notes.push(
      `Request ${oom + 1} (at ${+rq.at[oom]!.toFixed(3)} s): the script's writes passed what the lab keeps (${MODEL_MAX_BYTES / 2 ** 20} MB of keys in a run, ${RUN_WRITE_MAX_BYTES / 2 ** 20} MB written by one script run), so Redis answered OOM, as with maxmemory.`,
    );
  if (capped > 0)
    notes.push(
      `After ${KILL_CAP} stopped runs, the other ${capped} Lua decision${capped === 1 ? ' is an error' : 's are errors'} without running the script.`,
    );
  if (already > 0)
    notes.push(
      `The lab stopped this script ${KILL_CAP} times in the other lane, so its ${already} decision${already === 1 ? ' here is an error' : 's here are errors'} without running it.`,
    );
  return notes;
}
