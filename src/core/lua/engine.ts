// The lab's Lua runtime: Redis's own Lua 5.1 (wasm/lua51.wasm, built by scripts/build-lua.sh)
// behind the ScriptEngine interface of the Redis model. The C glue (c/lab.c) owns everything
// a script can see and every conversion, as redis-server 7.0.15 does them; this side owns the
// wasm instance, the buffers both ways, the script cache (SHA -> compiled chunk) and the
// app-server stepper, which re-runs app code from the top feeding it the replies recorded so
// far (Lua 5.1 cannot yield across pcall, a metamethod or a C function).
import { encodeInto, fromBytes } from '../redis/bytes';
import type { Reply } from '../redis/reply';
import { sha1Bytes, sha1Hex } from '../redis/sha1';
import { toResp3, type Shaped } from './resp3';
import { shebangBody } from './shebang';
import { instantiateLua, type LuaExports, type LuaInstance } from './wasm';
import type { AppServerRun, AppServerStep, LogLine, RedisLike, ScriptEngine } from './types';

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

import { STEPS_PER_MS, stepBudgetText } from './budget';

export { STEPS_PER_MS };
/** An app-server run may make this many round trips (each re-runs the code from the top). */
export const MAX_APP_CALLS = 500;

const MODE_EVAL = 0;
const MODE_APP = 1;
const RES_MEMORY = 2;
const RES_STOPPED = 3;

const SMALL_INT_REPLIES: Reply[] = [];
for (let i = 0; i < 1024; i++) SMALL_INT_REPLIES.push({ t: 'int', v: BigInt(i) });
const HEX = '0123456789abcdef';
const STR_CACHE_SIZE = 1024;
const STR_CACHE_MAX_LEN = 40;

// Commands app-server code cannot send through the lab's stepper: they would turn the
// connection into a push channel. Everything else an app server may send as a client does,
// EVAL/EVALSHA (an atomic script as one round trip) and WATCH/MULTI/EXEC included; the model
// answers them on the client's own session. Inside a script the model itself refuses the
// noscript commands. Arity (negative: at least).
const NOSCRIPT: Record<string, number> = {
  subscribe: -2,
  psubscribe: -2,
  unsubscribe: -1,
  punsubscribe: -1,
  monitor: 1,
};

interface AppExec {
  replies: readonly Reply[];
  calls: string[][];
  served: number;
  pending: string[] | null;
  fail: string | null;
}

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
  private readonly decoder = new TextDecoder();
  private readonly strCache: string[] = new Array<string>(STR_CACHE_SIZE).fill('');
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
    const replies: Reply[] = [];
    const calls: string[][] = [];
    let finished: AppServerStep | null = null;
    let started = false;
    const next = (reply?: Reply): AppServerStep => {
      if (finished) return finished;
      if (started) {
        if (reply === undefined) throw new Error('next() needs the reply to the last call');
        replies.push(reply);
      }
      started = true;
      const step = this.execApp(source, sha, keys, argv, replies, calls);
      if (step.kind === 'done') finished = step;
      return step;
    };
    return {
      next,
      cancel: () => {
        finished ??= { kind: 'done', reply: { t: 'err', v: 'ERR cancelled' } };
      },
    };
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
      const args = this.readArgs(u8, ptr + 1, ptr + len);
      if (resp === 0) return this.writeBool(this.knows(args[0]!));
      let reply: Reply | null;
      if (this.app !== null) {
        reply = this.appReply(this.app, args);
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

  /** App mode: a recorded reply, a refusal, or null (stop here: a new round trip). */
  private appReply(app: AppExec, args: string[]): Reply | null {
    const refused = refusedInApp(args);
    if (refused !== null) return refused;
    const i = app.served;
    if (i < app.replies.length) {
      const before = app.calls[i]!;
      if (!sameArgs(before, args)) {
        app.fail =
          'ERR app-server code did not repeat itself: the lab re-runs it from the top for every ' +
          `reply, and call ${i + 1} was ${show(before)} before but ${show(args)} now ` +
          '(it must not depend on tostring() of tables or functions, or on collectgarbage())';
        return null;
      }
      app.served++;
      return app.replies[i]!;
    }
    if (i >= MAX_APP_CALLS) {
      app.fail = `ERR app-server code made more than ${MAX_APP_CALLS} round trips to Redis; the lab stopped it`;
      return null;
    }
    app.calls[i] = args;
    app.pending = args;
    return null;
  }

  private log(level: number, ptr: number, len: number): void {
    // App mode: lines before the last recorded reply were written by an earlier pass.
    if (this.app !== null && this.app.served < this.app.replies.length) return;
    const line: LogLine = { level, message: this.str(this.view(), ptr, len) };
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
    const why = e instanceof Error ? e.message : String(e);
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
    return this.putBytes(this.view(), p, s);
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
    for (const k of keys) p = this.putString(u8, p, k);
    for (const a of argv) p = this.putString(u8, p, a);
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
    const end = this.putReply(this.view(), base, shaped);
    return end - base;
  }

  private putReply(u8: Uint8Array, p: number, r: Shaped): number {
    switch (r.t) {
      case 'int':
        u8[p] = 0x69; // 'i': a double, as Redis pushes integers
        return putF64(u8, p + 1, Number(r.v));
      case 'bulk':
        u8[p] = 0x24; // '$'
        return this.putString(u8, p + 1, r.v);
      case 'status':
        u8[p] = 0x2b; // '+'
        return this.putString(u8, p + 1, r.v);
      case 'err':
        u8[p] = 0x2d; // '-'
        return this.putString(u8, p + 1, r.v);
      case 'nil':
      case 'nilarr':
        u8[p] = 0x5f; // '_': false
        return p + 1;
      case 'null':
        u8[p] = 0x4e; // 'N': nil (RESP3)
        return p + 1;
      case 'double':
        u8[p] = 0x2c; // ','
        return putF64(u8, p + 1, r.v);
      case 'arr': {
        u8[p] = 0x2a; // '*'
        p = putU32(u8, p + 1, r.v.length);
        for (const x of r.v) p = this.putReply(u8, p, x);
        return p;
      }
      case 'set': {
        u8[p] = 0x7e; // '~'
        p = putU32(u8, p + 1, r.v.length);
        for (const x of r.v) p = this.putReply(u8, p, x);
        return p;
      }
      case 'map': {
        u8[p] = 0x25; // '%'
        p = putU32(u8, p + 1, r.v.length);
        for (const [k, v] of r.v) {
          p = this.putReply(u8, p, k);
          p = this.putReply(u8, p, v);
        }
        return p;
      }
    }
  }

  /** u32 byte length + the bytes `s` stands for (room already reserved: 3 per UTF-16 unit). */
  private putString(u8: Uint8Array, p: number, s: string): number {
    const n = s.length;
    const start = p + 4;
    for (let i = 0; i < n; i++) {
      const c = s.charCodeAt(i);
      if (c > 127) {
        const end = encodeInto(s, u8, start);
        putU32(u8, p, end - start);
        return end;
      }
      u8[start + i] = c;
    }
    putU32(u8, p, n);
    return start + n;
  }

  private putBytes(u8: Uint8Array, p: number, s: string): number {
    const n = s.length;
    for (let i = 0; i < n; i++) {
      const c = s.charCodeAt(i);
      if (c > 127) return encodeInto(s, u8, p) - p;
      u8[p + i] = c;
    }
    return n;
  }

  private readArgs(u8: Uint8Array, p: number, end: number): string[] {
    const argc = getU32(u8, p);
    p += 4;
    const args = new Array<string>(argc);
    for (let i = 0; i < argc && p < end; i++) {
      const n = getU32(u8, p);
      args[i] = this.str(u8, p + 4, n);
      p += 4 + n;
    }
    return args;
  }

  /**
   * Bytes -> string. Short ASCII strings (command names, fields, keys) come back as the same
   * flat string each time they recur, whose hash the model's Map lookups have already computed.
   */
  private str(u8: Uint8Array, p: number, n: number): string {
    if (n === 0) return '';
    if (n > STR_CACHE_MAX_LEN) return fromBytes(u8.subarray(p, p + n));
    let h = n;
    for (let i = 0; i < n; i++) {
      const c = u8[p + i]!;
      if (c > 127) return fromBytes(u8.subarray(p, p + n));
      h = (Math.imul(h, 31) + c) | 0;
    }
    const slot = h & (STR_CACHE_SIZE - 1);
    const hit = this.strCache[slot]!;
    if (hit.length === n) {
      let i = 0;
      while (i < n && hit.charCodeAt(i) === u8[p + i]) i++;
      if (i === n) return hit;
    }
    const s = String.fromCharCode.apply(null, u8.subarray(p, p + n) as unknown as number[]);
    this.strCache[slot] = s;
    return s;
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
    return this.readReply(this.view(), p, p + n);
  }

  /** Decode the glue's reply encoding (iteratively: replies may nest thousands deep). */
  private readReply(u8: Uint8Array, p: number, end: number): Reply {
    // Open arrays: their items so far and how many they still need.
    const open: Array<{ items: Reply[]; left: number }> = [];
    for (;;) {
      let r: Reply;
      const tag = p < end ? u8[p]! : 0;
      if (tag === 0x24 || tag === 0x2b || tag === 0x2d) {
        // '$' bulk, '+' status, '-' error
        const n = getU32(u8, p + 1);
        const v = this.str(u8, p + 5, n);
        p += 5 + n;
        r = tag === 0x24 ? { t: 'bulk', v } : tag === 0x2b ? { t: 'status', v } : { t: 'err', v };
      } else if (tag === 0x69) {
        // 'i': int64, little-endian
        const lo = getU32(u8, p + 1);
        const hi = getU32(u8, p + 5) | 0;
        p += 9;
        if (hi === 0 && lo < 1024) r = SMALL_INT_REPLIES[lo]!;
        else if ((hi === 0 && lo < 0x80000000) || (hi === -1 && lo >= 0x80000000))
          r = { t: 'int', v: BigInt(hi === 0 ? lo : lo - 0x100000000) };
        else r = { t: 'int', v: (BigInt(hi) << 32n) | BigInt(lo) };
      } else if (tag === 0x2a) {
        // '*': an array of n replies
        const n = getU32(u8, p + 1);
        p += 5;
        if (n > 0) {
          open.push({ items: [], left: n });
          continue;
        }
        r = { t: 'arr', v: [] };
      } else {
        p += 1;
        r = { t: 'nil' };
      }
      // Hand r to the innermost open array; close the ones that are complete.
      for (;;) {
        const top = open[open.length - 1];
        if (top === undefined) return r;
        top.items.push(r);
        if (--top.left > 0) break;
        open.pop();
        r = { t: 'arr', v: top.items };
      }
    }
  }
}

function replySize(r: Shaped): number {
  switch (r.t) {
    case 'bulk':
    case 'status':
    case 'err':
      return 5 + r.v.length * 3;
    case 'arr':
    case 'set': {
      let n = 5;
      for (const x of r.v) n += replySize(x);
      return n;
    }
    case 'map': {
      let n = 5;
      for (const [k, v] of r.v) n += replySize(k) + replySize(v);
      return n;
    }
    default:
      return 9;
  }
}

// ---- helpers ----------------------------------------------------------------------------

function putU32(u8: Uint8Array, p: number, v: number): number {
  u8[p] = v & 255;
  u8[p + 1] = (v >>> 8) & 255;
  u8[p + 2] = (v >>> 16) & 255;
  u8[p + 3] = (v >>> 24) & 255;
  return p + 4;
}

function getU32(u8: Uint8Array, p: number): number {
  return (u8[p]! | (u8[p + 1]! << 8) | (u8[p + 2]! << 16) | (u8[p + 3]! << 24)) >>> 0;
}

const f64 = new Float64Array(1);
const f64b = new Uint8Array(f64.buffer);
function putF64(u8: Uint8Array, p: number, v: number): number {
  f64[0] = v;
  for (let i = 0; i < 8; i++) u8[p + i] = f64b[i]!;
  return p + 8;
}

function sameArgs(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function show(args: readonly string[]): string {
  const s = args.join(' ');
  return s.length > 60 ? s.slice(0, 57) + '...' : s;
}

function refusedInApp(args: string[]): Reply | null {
  const name = args[0]!.toLowerCase();
  const arity = NOSCRIPT[name];
  if (arity === undefined) return null;
  const ok = arity > 0 ? args.length === arity : args.length >= -arity;
  return {
    t: 'err',
    v: ok
      ? 'ERR This Redis command is not allowed from script'
      : 'ERR Wrong number of args calling Redis command from script',
  };
}

function trimEnd(s: string): string {
  return s.replace(/[\r\n]+$/, '');
}

/** Redis never sends a newline inside an error or status line. */
function oneLine(s: string): string {
  return s.includes('\n') || s.includes('\r') ? s.replace(/[\r\n]/g, ' ') : s;
}
