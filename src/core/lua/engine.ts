// The lab's Lua runtime: Redis's own Lua 5.1 (wasm/lua51.wasm, built by scripts/build-lua.sh)
// behind the ScriptEngine interface of the Redis model. The C glue (c/lab.c) owns everything
// a script can see and every conversion, as redis-server 7.0.15 does them; this side owns the
// wasm instance, the buffers both ways (their byte format: glueCodec.ts), the script cache
// (SHA -> compiled chunk), the redis.call bridge to the model, and one pass of app-server
// code for the stepper (appServer.ts).
import { fromBytes } from '../redis/bytes';
import type { Reply } from '../redis/reply';
import { sha1Bytes, sha1Hex } from '../redis/sha1';
import { appReply, appServerRun, type AppExec } from './appServer';
import { STEPS_PER_MS, stepBudgetText } from './budget';
import { GlueReader, putBytes, putReply, putString, putU32, replySize } from './glueCodec';
import { toResp3, type Shaped } from './resp3';
import { shebangBody } from './shebang';
import { instantiateLua, type LuaExports, type LuaInstance } from './wasm';
import type { AppServerRun, AppServerStep, LogLine, RedisLike, ScriptEngine } from './types';
import { errorMessage } from '../util/errorMessage';

export interface EngineOptions {
  /**
   * The script budget as milliseconds of typical work, turned into a step count
   * (STEPS_PER_MS steps per ms): the same script always stops at the same point. Default 250.
   */
  budgetMs?: number;
  /** The budget in Lua steps (VM instructions, plus C-level work); overrides budgetMs. */
  budgetSteps?: number;
  /** Lua heap cap in bytes. Default 32 MiB. */
  memoryLimit?: number;
  /** Receives redis.log lines as they are written. */
  onLog?: (line: LogLine) => void;
}

export { STEPS_PER_MS };
export { MAX_APP_CALLS } from './appServer';

const MODE_EVAL = 0;
const MODE_APP = 1;
const RES_MEMORY = 2;
const RES_STOPPED = 3;

const HEX = '0123456789abcdef';

export class LuaRuntime implements ScriptEngine {
  private inst: LuaInstance;
  private ex: LuaExports;
  private u8: Uint8Array;
  private state = 0;
  /** EVALs and app executions since the state was made (a flush with none keeps it). */
  private usedSinceFlush = 0;
  private readonly chunks = new Map<string, number>();
  private inPtr = 0;
  private inCap = 0;
  private readonly budgetSteps: number;
  private readonly budgetMs: number;
  private readonly memoryLimit: number;
  private readonly onLog: ((line: LogLine) => void) | undefined;
  private logs: LogLine[] = [];
  private host: RedisLike | null = null;
  private app: AppExec | null = null;
  private readonly reader = new GlueReader();
  /** Times the wasm instance was rebuilt after a trap (for tests and the inspector). */
  restarts = 0;

  constructor(
    private readonly module: WebAssembly.Module,
    opts: EngineOptions = {},
  ) {
    this.budgetMs = opts.budgetMs ?? 250;
    this.budgetSteps = Math.max(1000, Math.round(opts.budgetSteps ?? this.budgetMs * STEPS_PER_MS));
    this.memoryLimit = opts.memoryLimit ?? 32 * 1024 * 1024;
    this.onLog = opts.onLog;
    this.inst = this.instantiate();
    this.ex = this.inst.exports;
    this.u8 = new Uint8Array(this.inst.memory.buffer);
    this.setup();
  }

  // ----- EVAL ---------------------------------------------------------------------------

  run(
    model: RedisLike,
    source: string,
    sha: string,
    keys: readonly string[],
    argv: readonly string[],
  ): Reply {
    let ref = this.chunks.get(sha);
    if (ref === undefined) {
      const e = this.compile(source, sha);
      if (e !== null) return e;
      ref = this.chunks.get(sha)!;
    }
    const len = this.writeRunInput(sha, keys, argv);
    this.host = model;
    this.usedSinceFlush++;
    let status: number;
    try {
      status = this.ex.lab_eval(this.state, ref, MODE_EVAL, this.budgetSteps, len);
    } catch (e) {
      return this.crashed(e);
    } finally {
      this.host = null;
    }
    return this.result(status, sha);
  }

  /** Compile and cache `source` under `sha`; null on success, else Redis's error reply. */
  compile(source: string, sha: string): Reply | null {
    if (this.chunks.has(sha)) return null;
    const body = shebangBody(source);
    if (typeof body !== 'string') return body;
    const len = this.writeText(body);
    let ref: number;
    try {
      ref = this.ex.lab_compile(this.state, len);
    } catch (e) {
      return this.crashed(e);
    }
    if (ref > 0) {
      if (this.chunks.size >= 10000) this.flushScripts();
      this.chunks.set(sha, ref);
      return null;
    }
    const msg = ref === 0 ? this.outputText() : 'not enough memory';
    return { t: 'err', v: oneLine('ERR Error compiling script (new function): ' + trimEnd(msg)) };
  }

  /** SCRIPT FLUSH: as Redis, a fresh Lua state (nothing of earlier scripts survives). */
  flushScripts(): void {
    this.chunks.clear();
    if (this.usedSinceFlush === 0 && this.state !== 0) return;
    try {
      this.ex.lab_state_close(this.state);
      this.state = 0;
      this.newState();
    } catch (e) {
      this.crashed(e);
    }
  }

  /** redis.log lines written since the last call. */
  drainLogs(): LogLine[] {
    const out = this.logs;
    this.logs = [];
    return out;
  }

  /** Bytes of Lua heap in use (for the lab's inspector and tests). */
  memoryInUse(): number {
    return this.ex.lab_state_memory(this.state);
  }

  // ----- App-server mode ------------------------------------------------------------------

  /**
   * App-server code: each redis.call is one round trip. Every next() runs the code again from
   * the top with fresh globals, answering its calls from the replies recorded so far, and
   * stops at the first call it has no reply for; so pcall, metamethods and coroutines work as
   * in a script, and a run is a pure function of the code, KEYS, ARGV and replies.
   */
  startAppServerRun(
    source: string,
    keys: readonly string[],
    argv: readonly string[],
  ): AppServerRun {
    const sha = sha1Hex(source);
    return appServerRun((replies, calls) => this.execApp(source, sha, keys, argv, replies, calls));
  }

  private execApp(
    source: string,
    sha: string,
    keys: readonly string[],
    argv: readonly string[],
    replies: readonly Reply[],
    calls: string[][],
  ): AppServerStep {
    let ref = this.chunks.get(sha);
    if (ref === undefined) {
      const e = this.compile(source, sha);
      if (e !== null) return { kind: 'done', reply: e };
      ref = this.chunks.get(sha)!;
    }
    const len = this.writeRunInput(sha, keys, argv);
    const app: AppExec = { replies, calls, served: 0, pending: null, fail: null };
    this.app = app;
    this.usedSinceFlush++;
    let status: number;
    try {
      status = this.ex.lab_eval(this.state, ref, MODE_APP, this.budgetSteps, len);
    } catch (e) {
      return { kind: 'done', reply: this.crashed(e) };
    } finally {
      this.app = null;
    }
    if (status === RES_STOPPED) {
      if (app.fail !== null || app.pending === null)
        return { kind: 'done', reply: { t: 'err', v: app.fail ?? 'ERR the run stopped' } };
      return { kind: 'call', args: app.pending };
    }
    return { kind: 'done', reply: this.result(status, sha) };
  }

  // ----- calls from the glue ----------------------------------------------------------------

  private call(ptr: number, len: number): number {
    try {
      const u8 = this.view();
      const resp = u8[ptr]!;
      const args = this.reader.readArgs(u8, ptr + 1, ptr + len);
      if (resp === 0) return this.writeBool(this.knows(args[0]!));
      let reply: Reply | null;
      if (this.app !== null) {
        reply = appReply(this.app, args);
        if (reply === null) return -1;
      } else {
        reply = this.dispatch(args);
      }
      return this.writeReply(reply, resp === 3 ? args : null);
    } catch (e) {
      return this.writeReply(
        { t: 'err', v: 'ERR the lab hit an internal error: ' + String(e) },
        null,
      );
    }
  }

  private dispatch(args: string[]): Reply {
    if (!this.host) return { t: 'err', v: 'ERR no Redis model is attached' };
    const r = this.host.call(args);
    if (r.t === 'err') {
      // A plain command entry point answers with client texts; scripts get scripting texts.
      if (r.v.startsWith('ERR unknown command'))
        return { t: 'err', v: 'ERR Unknown Redis command called from script' };
      if (r.v.startsWith('ERR wrong number of arguments for'))
        return { t: 'err', v: 'ERR Wrong number of args calling Redis command from script' };
    }
    return r;
  }

  private knows(name: string): boolean {
    const h = this.host as (RedisLike & { hasCommand?: (n: string) => boolean }) | null;
    return h?.hasCommand ? h.hasCommand(name) : true;
  }

  private log(level: number, ptr: number, len: number): void {
    // App mode: lines before the last recorded reply were written by an earlier pass.
    if (this.app !== null && this.app.served < this.app.replies.length) return;
    const line: LogLine = { level, message: this.reader.str(this.view(), ptr, len) };
    this.logs.push(line);
    if (this.logs.length > 1000) this.logs.shift();
    this.onLog?.(line);
  }

  private sha1hex(ptr: number, len: number): void {
    const d = sha1Bytes(this.view().slice(ptr, ptr + len));
    const p = this.input(40);
    const u8 = this.view();
    for (let i = 0; i < 20; i++) {
      u8[p + 2 * i] = HEX.charCodeAt(d[i]! >> 4);
      u8[p + 2 * i + 1] = HEX.charCodeAt(d[i]! & 15);
    }
  }

  // ----- wasm plumbing ----------------------------------------------------------------------

  private instantiate(): LuaInstance {
    return instantiateLua(this.module, {
      call: (p, n) => this.call(p, n),
      log: (l, p, n) => this.log(l, p, n),
      sha1hex: (p, n) => this.sha1hex(p, n),
    });
  }

  private setup(): void {
    this.inPtr = 0;
    this.inCap = 0;
    const texts: Array<[number, string]> = [
      [
        1,
        `Script killed by the lab: it used up its budget of ${stepBudgetText(this.budgetSteps)} ` +
          '(a real Redis would keep running it and block every other client)',
      ],
      [2, `Script used more memory than the lab allows (${this.mb()} MB)`],
      [3, 'the lab stopped this run here'],
    ];
    for (const [kind, text] of texts) this.ex.lab_set_text(kind, this.writeText(text));
    this.newState();
  }

  private newState(): void {
    this.state = this.ex.lab_state_new(this.memoryLimit);
    if (this.state === 0) throw new Error('the Lua state could not be created');
    this.usedSinceFlush = 0;
  }

  /** A trap inside the module (a bug or a stack overflow): rebuild it, answer with an error. */
  private crashed(e: unknown): Reply {
    this.restarts++;
    this.chunks.clear();
    this.host = null;
    this.app = null;
    this.inst = this.instantiate();
    this.ex = this.inst.exports;
    this.u8 = new Uint8Array(this.inst.memory.buffer);
    this.setup();
    const why = errorMessage(e);
    return {
      t: 'err',
      v: oneLine(
        `ERR the lab's Lua engine failed inside (${why}) and was restarted; writes the script made before that stay`,
      ),
    };
  }

  private mb(): number {
    return Math.round(this.memoryLimit / 1048576);
  }

  /** The heap view (a grown memory detaches the old buffer: its view reads as empty). */
  private view(): Uint8Array {
    if (this.u8.byteLength === 0) this.u8 = new Uint8Array(this.inst.memory.buffer);
    return this.u8;
  }

  /** The input buffer with room for `need` bytes. */
  private input(need: number): number {
    if (need > this.inCap) {
      const cap = Math.max(need, 65536, this.inCap * 2);
      const p = this.ex.lab_input(cap);
      if (p === 0) throw new Error('out of memory for the Lua input buffer');
      this.inPtr = p;
      this.inCap = cap;
    }
    return this.inPtr;
  }

  private writeText(s: string): number {
    const p = this.input(s.length * 3 + 8);
    return putBytes(this.view(), p, s);
  }

  /** The 40-character SHA, then u32 #KEYS, u32 #ARGV, then each as u32 length + bytes. */
  private writeRunInput(sha: string, keys: readonly string[], argv: readonly string[]): number {
    let need = 48;
    for (const k of keys) need += k.length * 3 + 4;
    for (const a of argv) need += a.length * 3 + 4;
    const base = this.input(need);
    const u8 = this.view();
    for (let i = 0; i < 40; i++) u8[base + i] = sha.charCodeAt(i);
    let p = base + 40;
    p = putU32(u8, p, keys.length);
    p = putU32(u8, p, argv.length);
    for (const k of keys) p = putString(u8, p, k);
    for (const a of argv) p = putString(u8, p, a);
    return p - base;
  }

  private writeBool(b: boolean): number {
    const p = this.input(1);
    this.view()[p] = b ? 0x74 : 0x66;
    return 1;
  }

  /** Encode a reply for the glue (formats in lab.c's push_reply); RESP3 when `resp3` is set. */
  private writeReply(r: Reply, resp3Args: string[] | null): number {
    const shaped: Shaped = resp3Args ? toResp3(resp3Args, r) : r;
    const base = this.input(replySize(shaped));
    const end = putReply(this.view(), base, shaped);
    return end - base;
  }

  private outputText(): string {
    const p = this.ex.lab_output();
    const n = this.ex.lab_output_length();
    return fromBytes(this.view().subarray(p, p + n));
  }

  private result(status: number, sha: string): Reply {
    const p = this.ex.lab_output();
    const n = this.ex.lab_output_length();
    if (n === 0) {
      // Out of memory before Redis's error handler could say where (the glue wrote nothing).
      if (status === RES_MEMORY)
        return {
          t: 'err',
          v: `ERR Script used more memory than the lab allows (${this.mb()} MB) script: ${sha}`,
        };
      return { t: 'err', v: 'ERR the script produced no reply' };
    }
    return this.reader.readReply(this.view(), p, p + n);
  }
}

// ---- helpers ----------------------------------------------------------------------------

function trimEnd(s: string): string {
  return s.replace(/[\r\n]+$/, '');
}

/** Redis never sends a newline inside an error or status line. */
function oneLine(s: string): string {
  return s.includes('\n') || s.includes('\r') ? s.replace(/[\r\n]/g, ' ') : s;
}
