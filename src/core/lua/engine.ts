// The lab's Lua runtime: one wasmoon (Lua 5.4) state set up to look like Redis 7.0's Lua
// 5.1 scripting environment. Every boundary conversion copies redis-server 7.0.15; the
// differences that remain are listed for learners in ABOUT.md.
import { formatScore } from '../redis/numfmt';
import type { Reply } from '../redis/reply';
import { sha1Bytes, sha1Hex } from '../redis/sha1';
import { createCountingAllocator, type CountingAllocator } from './allocator';
import { PRELUDE, PRELUDE_CHUNK } from './prelude';
import {
  LUA_ERRMEM,
  LUA_OK,
  LUA_REGISTRYINDEX,
  LUA_YIELD,
  MASK_COUNT,
  T_BOOLEAN,
  T_NIL,
  T_NUMBER,
  T_STRING,
  T_TABLE,
  type Ptr,
  type RawLua,
  type State,
} from './raw';
import type { AppServerRun, AppServerStep, LogLine, RedisLike, ScriptEngine } from './types';

export interface EngineOptions {
  /** Wall-clock budget of one script run (or one app-server slice), ms. Default 250. */
  budgetMs?: number;
  /** Monotonic milliseconds; default performance.now. */
  now?: () => number;
  /** Lua heap cap in bytes. Default 64 MiB. */
  memoryLimit?: number;
  /** Receives redis.log lines as they are written. */
  onLog?: (line: LogLine) => void;
}

const HOOK_COUNT = 1000;
const INT53 = 2n ** 53n;
const INT64_MIN = -(2n ** 63n);
const MAX_REPLY_DEPTH = 1000;
const HEX = '0123456789abcdef';
/** BigInt(i) for small table indexes and refs (wasm's i64 parameters take BigInts). */
const BIG: bigint[] = [];
for (let i = 0; i < 1024; i++) BIG.push(BigInt(i));
const big = (i: number): bigint => (i < 1024 ? BIG[i]! : BigInt(i));
const SMALL_INT_REPLIES: Reply[] = [];
for (let i = 0; i < 1024; i++) SMALL_INT_REPLIES.push({ t: 'int', v: BIG[i]! });
/** Short ASCII strings read from Lua are remembered by address (see readString). */
const STR_CACHE_SIZE = 512;
const STR_CACHE_MAX_LEN = 64;

// Commands app-server code cannot send through the lab's stepper: they would turn the
// connection into a push channel. Everything else an app server may send as a client does,
// EVAL/EVALSHA (an atomic script as one round trip) and WATCH/MULTI/EXEC included; the model
// answers them on the client's own session. Arity (negative: at least).
const NOSCRIPT: Record<string, number> = {
  subscribe: -2,
  psubscribe: -2,
  unsubscribe: -1,
  punsubscribe: -1,
  monitor: 1,
};

const ERR_NO_ARGS = 'ERR Please specify at least one argument for this redis lib call';
const ERR_ARG_TYPE = 'ERR Lua redis lib command arguments must be strings or integers';

interface ErrorInfo {
  msg: string;
  source: string | null;
  line: number;
}

export class LuaRuntime implements ScriptEngine {
  private readonly m: RawLua;
  private readonly L: State;
  private readonly now: () => number;
  private readonly budgetMs: number;
  private readonly memoryLimit: number;
  private memoryUsed = 0;
  private readonly counting: CountingAllocator | null;
  private readonly onLog: ((line: LogLine) => void) | undefined;
  private logs: LogLine[] = [];

  private readonly cstrs = new Map<string, Ptr>();
  // Direct-mapped by address: Lua's short strings are interned, so the script's constants
  // ("HMGET", "tokens") and the KEYS/ARGV it was given come back at the same address call
  // after call. A hit is checked byte by byte (the address may have been reused) and returns
  // the same flat JS string, whose hash the model's Map lookups have already computed.
  private readonly strPtr = new Int32Array(STR_CACHE_SIZE);
  private readonly strLen = new Int32Array(STR_CACHE_SIZE);
  private readonly strVal: string[] = new Array<string>(STR_CACHE_SIZE).fill('');
  private readonly kKEYS: Ptr;
  private readonly kARGV: Ptr;
  private readonly kErr: Ptr;
  private readonly kOk: Ptr;
  private scratch: Ptr = 0;
  private scratchSize = 0;
  private readonly lenPtr: Ptr;
  private readonly ar: Ptr;
  private readonly decoder = new TextDecoder();
  private readonly encoder = new TextEncoder();

  private readonly hookPtr: Ptr;
  private readonly contPtr: Ptr;
  private deadline = 0;
  private tripped = false;
  private model: RedisLike | null = null;
  private lastError: ErrorInfo | null = null;
  /** Compiled chunks by SHA: their registry refs, as the BigInt lua_rawgeti takes. */
  private readonly chunks = new Map<string, bigint>();
  private appenvRef = 0;

  // App-server runs: the call a yielding redis.call asked for, and the reply to resume with.
  private appCall: string[] | null = null;
  private appReply: Reply | null = null;

  constructor(m: RawLua, opts: EngineOptions = {}) {
    this.m = m;
    this.now = opts.now ?? (() => performance.now());
    this.budgetMs = opts.budgetMs ?? 250;
    this.memoryLimit = opts.memoryLimit ?? 64 * 1024 * 1024;
    this.onLog = opts.onLog;
    this.lenPtr = m._malloc(8);
    this.ar = m._malloc(256);
    this.ensureScratch(4096);
    this.kKEYS = this.cstr('KEYS');
    this.kARGV = this.cstr('ARGV');
    this.kErr = this.cstr('err');
    this.kOk = this.cstr('ok');

    // The heap cap: a small wasm allocator (no JS call per allocation), else the same in JS.
    this.counting = createCountingAllocator(m, this.memoryLimit);
    let alloc: Ptr;
    if (this.counting) alloc = this.counting.ptr;
    else {
      alloc = m.addFunction((_ud: number, ptr: number, osize: number, nsize: number) => {
        if (nsize === 0) {
          if (ptr) {
            this.memoryUsed -= osize;
            m._free(ptr);
          }
          return 0;
        }
        const delta = ptr ? nsize - osize : nsize;
        if (delta > 0 && this.memoryUsed + delta > this.memoryLimit) return 0;
        const p = m._realloc(ptr, nsize);
        if (p) this.memoryUsed += delta;
        return p;
      }, 'iiiii');
    }
    const L = m._lua_newstate(alloc, 0);
    if (!L) throw new Error('Lua state could not be created');
    this.L = L;
    m._luaL_openlibs(L);

    this.hookPtr = m.addFunction((Lh: number) => this.hook(Lh), 'vii');
    this.contPtr = m.addFunction(
      (Lk: number, _status: number, ctx: number) => this.appContinue(Lk, ctx),
      'iiii',
    );

    // The prelude gets the native functions in a table and returns H (the globals scripts
    // see, kept at stack slot 1) and appenv; the message handler sits at slot 2.
    const cfn = (f: (Ls: State) => number): Ptr =>
      m.addFunction((Ls: number) => this.guard(Ls, f), 'ii');
    const trampoline = m.addFunction((Ls: number) => this.trampoline(Ls), 'ii');
    const natives: Record<string, Ptr> = {
      call: cfn((Ls) => this.redisCall(Ls, true)),
      pcall: cfn((Ls) => this.redisCall(Ls, false)),
      appcall: cfn((Ls) => this.appRedisCall(Ls, true)),
      apppcall: cfn((Ls) => this.appRedisCall(Ls, false)),
      sha1hex: cfn((Ls) => this.sha1hex(Ls)),
      log: cfn((Ls) => this.log(Ls)),
      error: cfn((Ls) => this.luaError(Ls)),
      lib: cfn((Ls) => {
        m._lua_settop(Ls, 1);
        m._lua_pushcclosure(Ls, trampoline, 1);
        return 1;
      }),
    };
    const msgh = m.addFunction((Ls: number) => this.messageHandler(Ls), 'ii');

    if (this.load(L, PRELUDE, PRELUDE_CHUNK) !== LUA_OK) {
      throw new Error('Lua prelude failed to compile: ' + this.readString(L, -1));
    }
    m._lua_createtable(L, 0, 8);
    for (const [name, ptr] of Object.entries(natives)) {
      m._lua_pushcclosure(L, ptr, 0);
      m._lua_setfield(L, -2, this.cstr(name));
    }
    m._lua_pushlightuserdata(L, 0);
    m._lua_setfield(L, -2, this.cstr('null'));
    if (m._lua_pcallk(L, 1, 2, 0, 0, 0) !== LUA_OK) {
      throw new Error('Lua prelude failed: ' + this.readString(L, -1));
    }
    // stack: 1 = H, 2 = appenv. Keep appenv in the registry and the handler at slot 2.
    this.appenvRef = m._luaL_ref(L, LUA_REGISTRYINDEX);
    m._lua_pushcclosure(L, msgh, 0);
    m._lua_sethook(L, this.hookPtr, MASK_COUNT, HOOK_COUNT);
  }

  // ----- EVAL ---------------------------------------------------------------------------

  run(
    model: RedisLike,
    source: string,
    sha: string,
    keys: readonly string[],
    argv: readonly string[],
  ): Reply {
    const { m, L } = this;
    this.model = model;
    this.lastError = null;
    let ref = this.chunks.get(sha);
    if (ref === undefined) {
      const e = this.compile(source, sha);
      if (e !== null) return e;
      ref = this.chunks.get(sha)!;
    }
    this.pushStringArray(L, keys);
    m._lua_setfield(L, 1, this.kKEYS);
    this.pushStringArray(L, argv);
    m._lua_setfield(L, 1, this.kARGV);
    m._lua_rawgeti(L, LUA_REGISTRYINDEX, ref);
    this.arm(L);
    let reply: Reply;
    try {
      const status = m._lua_pcallk(L, 0, 1, 2, 0, 0);
      reply = status === LUA_OK ? this.toReply(L, m._lua_gettop(L), 0) : this.failure(status, sha);
    } finally {
      m._lua_settop(L, 2);
      this.model = null;
    }
    return reply;
  }

  /** Compile and cache `source` under `sha`; null on success, else Redis's error reply. */
  compile(source: string, sha: string): Reply | null {
    const { m, L } = this;
    if (this.chunks.has(sha)) return null;
    if (this.load(L, stripShebang(source), '@user_script') !== LUA_OK) {
      const msg = this.readString(L, -1);
      m._lua_settop(L, 2);
      return { t: 'err', v: compileError(msg) };
    }
    if (this.chunks.size >= 1000) this.flushScripts();
    this.chunks.set(sha, BigInt(m._luaL_ref(L, LUA_REGISTRYINDEX)));
    return null;
  }

  /** Forget compiled chunks (SCRIPT FLUSH). */
  flushScripts(): void {
    for (const ref of this.chunks.values()) {
      this.m._luaL_unref(this.L, LUA_REGISTRYINDEX, Number(ref));
    }
    this.chunks.clear();
  }

  /** redis.log lines written since the last call. */
  drainLogs(): LogLine[] {
    const out = this.logs;
    this.logs = [];
    return out;
  }

  /** Bytes of Lua heap in use (for the lab's inspector and tests). */
  memoryInUse(): number {
    return this.counting ? this.counting.used() : this.memoryUsed;
  }

  // ----- App-server mode ------------------------------------------------------------------

  startAppServerRun(
    source: string,
    keys: readonly string[],
    argv: readonly string[],
  ): AppServerRun {
    const { m, L } = this;
    const sha = sha1Hex(source);
    const T = m._lua_newthread(L);
    const threadRef = m._luaL_ref(L, LUA_REGISTRYINDEX);
    let finished: AppServerStep | null = null;
    const finish = (reply: Reply): AppServerStep => {
      finished = { kind: 'done', reply };
      m._luaL_unref(L, LUA_REGISTRYINDEX, threadRef);
      return finished;
    };
    if (this.load(T, stripShebang(source), '@user_script') !== LUA_OK) {
      const msg = this.readString(T, -1);
      m._lua_settop(T, 0);
      finish({ t: 'err', v: compileError(msg) });
    } else {
      // A fresh environment per run: its own KEYS and ARGV, a redis whose calls yield.
      // arm() first: after a run that was stopped for its budget the hook still fails every
      // instruction, and building the environment would fail with it.
      this.arm(L);
      m._lua_rawgeti(L, LUA_REGISTRYINDEX, big(this.appenvRef));
      this.pushStringArray(L, keys);
      this.pushStringArray(L, argv);
      m._lua_pcallk(L, 2, 1, 0, 0, 0);
      m._lua_xmove(L, T, 1);
      m._lua_setupvalue(T, -2, 1);
      m._lua_settop(L, 2);
    }
    let started = false;
    const next = (reply?: Reply): AppServerStep => {
      if (finished) return finished;
      if (started && reply === undefined)
        throw new Error('next() needs the reply to the last call');
      started = true;
      this.appReply = reply ?? null;
      this.appCall = null;
      this.lastError = null;
      this.arm(T);
      const status = m._lua_resume(T, L, 0, this.lenPtr);
      if (status === LUA_YIELD && this.appCall) {
        const args: string[] = this.appCall;
        this.appCall = null;
        m._lua_settop(T, 0);
        return { kind: 'call', args };
      }
      if (status === LUA_OK) {
        const n = m.HEAP32[this.lenPtr >> 2]!;
        const r: Reply = n > 0 ? this.toReply(T, m._lua_gettop(T), 0) : { t: 'nil' };
        m._lua_settop(T, 0);
        return finish(r);
      }
      if (status === LUA_YIELD) {
        m._lua_settop(T, 0);
        return finish({
          t: 'err',
          v: 'ERR coroutine.yield cannot be used by app-server code in the lab',
        });
      }
      if (status !== LUA_ERRMEM) {
        this.lastError = this.describeError(T, m._lua_gettop(T), 0);
      }
      return finish(this.failure(status, sha));
    };
    return {
      next,
      cancel: () => {
        if (!finished) finish({ t: 'err', v: 'ERR cancelled' });
      },
    };
  }

  // ----- natives ------------------------------------------------------------------------

  /** Run a native; turn a JS exception into a Lua error (a longjmp, thrown as Infinity, passes). */
  private guard(L: State, f: (L: State) => number): number {
    try {
      return f(L);
    } catch (e) {
      if (e === Infinity) throw e;
      return this.raise(L, 'ERR the lab hit an internal error: ' + String(e));
    }
  }

  private readArgs(L: State): string[] | string {
    const { m } = this;
    const n = m._lua_gettop(L);
    if (n === 0) return ERR_NO_ARGS;
    const args: string[] = new Array<string>(n);
    for (let i = 1; i <= n; i++) {
      const t = m._lua_type(L, i);
      if (t === T_STRING) args[i - 1] = this.readString(L, i);
      else if (t === T_NUMBER) {
        // Integers print as %lld, floats as %.17g; lua_tonumberx is exact below 2^53.
        const d = m._lua_tonumberx(L, i, 0);
        if (m._lua_isinteger(L, i)) {
          if (d < 9007199254740992 && d > -9007199254740992) args[i - 1] = String(d);
          else {
            const v = m._lua_tointegerx(L, i, 0);
            args[i - 1] = v < INT53 && v > -INT53 ? v.toString() : formatScore(Number(v));
          }
        } else args[i - 1] = formatScore(d); // -0 included: formatScore prints "-0"
      } else return ERR_ARG_TYPE;
    }
    return args;
  }

  private redisCall(L: State, raise: boolean): number {
    const args = this.readArgs(L);
    const reply: Reply = typeof args === 'string' ? { t: 'err', v: args } : this.dispatch(args);
    if (reply.t === 'err' && raise) return this.raiseTable(L, reply.v);
    this.pushReply(L, reply, 0);
    return 1;
  }

  private dispatch(args: string[]): Reply {
    if (!this.model) return { t: 'err', v: 'ERR no Redis model is attached' };
    const r = this.model.call(args);
    if (r.t === 'err') {
      // A plain command entry point answers with client texts; scripts get scripting texts.
      if (r.v.startsWith('ERR unknown command'))
        return { t: 'err', v: 'ERR Unknown Redis command called from script' };
      if (r.v.startsWith('ERR wrong number of arguments for'))
        return { t: 'err', v: 'ERR Wrong number of args calling Redis command from script' };
    }
    return r;
  }

  /** App-server code cannot run these through the lab's stepper. */
  private refused(args: string[]): Reply | null {
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

  private appRedisCall(L: State, raise: boolean): number {
    const args = this.readArgs(L);
    if (typeof args === 'string') {
      if (raise) return this.raiseTable(L, args);
      this.pushReply(L, { t: 'err', v: args }, 0);
      return 1;
    }
    const r = this.refused(args);
    if (r !== null) {
      if (raise && r.t === 'err') return this.raiseTable(L, r.v);
      this.pushReply(L, r, 0);
      return 1;
    }
    this.appCall = args;
    this.m._lua_settop(L, 0);
    return this.m._lua_yieldk(L, 0, raise ? 1 : 0, this.contPtr);
  }

  private appContinue(L: State, ctx: number): number {
    return this.guard(L, () => {
      const reply: Reply = this.appReply ?? { t: 'nil' };
      this.appReply = null;
      if (reply.t === 'err' && ctx === 1) return this.raiseTable(L, reply.v);
      this.pushReply(L, reply, 0);
      return 1;
    });
  }

  /** Call upvalue 1 with our arguments; a string error gains the caller's position. */
  private trampoline(L: State): number {
    const { m } = this;
    const n = m._lua_gettop(L);
    m._lua_pushvalue(L, LUA_REGISTRYINDEX - 1);
    m._lua_rotate(L, 1, 1);
    if (m._lua_pcallk(L, n, -1, 0, 0, 0) === LUA_OK) return m._lua_gettop(L);
    if (!this.tripped && m._lua_type(L, -1) === T_STRING) {
      m._luaL_where(L, 1);
      m._lua_rotate(L, -2, 1);
      m._lua_concat(L, 2);
    }
    return m._lua_error(L);
  }

  /** Lua 5.1's error(): a number message gets the position too (5.4 only does strings). */
  private luaError(L: State): number {
    const { m } = this;
    const level =
      m._lua_gettop(L) >= 2 && m._lua_isnumber(L, 2) ? Math.trunc(m._lua_tonumberx(L, 2, 0)) : 1;
    m._lua_settop(L, 1);
    const t = m._lua_type(L, 1);
    if ((t === T_STRING || t === T_NUMBER) && level > 0) {
      m._luaL_where(L, level);
      m._lua_pushvalue(L, 1);
      m._lua_concat(L, 2);
    }
    return m._lua_error(L);
  }

  private sha1hex(L: State): number {
    const { m } = this;
    if (m._lua_gettop(L) !== 1) return this.raiseTable(L, 'ERR wrong number of arguments');
    const p = m._lua_tolstring(L, 1, this.lenPtr);
    const bytes = p ? m.HEAPU8.slice(p, p + m.HEAP32[this.lenPtr >> 2]!) : new Uint8Array(0);
    const d = sha1Bytes(bytes);
    let hex = '';
    for (let i = 0; i < 20; i++) hex += HEX[d[i]! >> 4]! + HEX[d[i]! & 15]!;
    this.pushString(L, hex);
    return 1;
  }

  private log(L: State): number {
    const { m } = this;
    const n = m._lua_gettop(L);
    if (n < 2) return this.raiseTable(L, 'ERR redis.log() requires two arguments or more.');
    if (!m._lua_isnumber(L, 1)) return this.raiseTable(L, 'ERR First argument must be a number');
    const level = m._lua_tonumberx(L, 1, 0);
    if (!Number.isInteger(level) || level < 0 || level > 3)
      return this.raiseTable(L, 'ERR Invalid debug level.');
    const parts: string[] = [];
    for (let i = 2; i <= n; i++) {
      const t = m._lua_type(L, i);
      if (t === T_STRING || t === T_NUMBER) parts.push(this.readString(L, i));
    }
    const line: LogLine = { level, message: parts.join(' ') };
    this.logs.push(line);
    if (this.logs.length > 1000) this.logs.shift();
    this.onLog?.(line);
    return 0;
  }

  // ----- errors and the time budget ---------------------------------------------------------

  private arm(L: State): void {
    this.deadline = this.now() + this.budgetMs;
    if (this.tripped) {
      this.tripped = false;
      this.m._lua_sethook(this.L, this.hookPtr, MASK_COUNT, HOOK_COUNT);
    }
    if (L !== this.L) this.m._lua_sethook(L, this.hookPtr, MASK_COUNT, HOOK_COUNT);
  }

  private hook(L: State): void {
    if (!this.tripped) {
      if (this.now() <= this.deadline) return;
      this.tripped = true;
    }
    // From now on every instruction fails, so a script cannot pcall its way past the budget.
    this.m._lua_sethook(L, this.hookPtr, MASK_COUNT, 1);
    if (L !== this.L) this.m._lua_sethook(this.L, this.hookPtr, MASK_COUNT, 1);
    this.pushString(
      L,
      `Script killed by the lab: it ran longer than ${this.budgetMs} ms (a real Redis would block every other client meanwhile)`,
    );
    this.m._lua_error(L);
  }

  /** Redis's error handler: record the message and the user-script line that raised it. */
  private messageHandler(L: State): number {
    try {
      this.lastError = this.describeError(L, 1, 1);
    } catch (e) {
      if (e === Infinity) throw e;
      this.lastError = { msg: 'ERR ' + String(e), source: null, line: 0 };
    }
    return 1;
  }

  private describeError(L: State, idx: number, firstLevel: number): ErrorInfo {
    const { m } = this;
    let msg: string;
    if (m._lua_type(L, idx) === T_TABLE) {
      m._lua_getfield(L, idx, this.cstr('err'));
      const t = m._lua_type(L, -1);
      msg = t === T_STRING || t === T_NUMBER ? this.readString(L, -1) : 'ERR unknown error';
      m._lua_settop(L, -2);
    } else {
      const p = m._luaL_tolstring(L, idx, this.lenPtr);
      msg = 'ERR ' + as51(this.decode(p, m.HEAP32[this.lenPtr >> 2]!));
      m._lua_settop(L, -2);
    }
    for (let level = firstLevel; level < 200; level++) {
      if (!m._lua_getstack(L, level, this.ar)) break;
      m._lua_getinfo(L, this.cstr('Sl'), this.ar);
      const heap = m.HEAPU8;
      const what = this.cstring(m.HEAP32[(this.ar + 12) >> 2]!, heap);
      if (what === 'C') continue;
      const source = this.cstring(m.HEAP32[(this.ar + 16) >> 2]!, heap);
      if (source === PRELUDE_CHUNK) continue;
      return { msg, source, line: m.HEAP32[(this.ar + 24) >> 2]! };
    }
    return { msg, source: null, line: 0 };
  }

  private failure(status: number, sha: string): Reply {
    if (status === LUA_ERRMEM) {
      return {
        t: 'err',
        v: `ERR Script used more memory than the lab allows (${Math.round(this.memoryLimit / 1048576)} MB) script: ${sha}`,
      };
    }
    const info = this.lastError ?? { msg: 'ERR Error running script', source: null, line: 0 };
    this.lastError = null;
    let v = info.msg;
    if (info.source !== null && info.line > 0)
      v += ` script: ${sha}, on ${info.source}:${info.line}.`;
    return { t: 'err', v: oneLine(v) };
  }

  private raise(L: State, msg: string): number {
    this.pushString(L, msg);
    return this.m._lua_error(L);
  }

  private raiseTable(L: State, msg: string): number {
    this.pushReply(L, { t: 'err', v: msg }, 0);
    return this.m._lua_error(L);
  }

  // ----- conversions ----------------------------------------------------------------------

  /** Lua -> Redis, as Redis 7.0's luaReplyToRedisReply. */
  private toReply(L: State, idx: number, depth: number): Reply {
    const { m } = this;
    switch (m._lua_type(L, idx)) {
      case T_STRING:
        return { t: 'bulk', v: this.readString(L, idx) };
      case T_BOOLEAN:
        return m._lua_toboolean(L, idx) ? { t: 'int', v: 1n } : { t: 'nil' };
      case T_NUMBER: {
        const d = m._lua_tonumberx(L, idx, 0);
        if (m._lua_isinteger(L, idx)) {
          if (d >= 0 && d < 1024) return SMALL_INT_REPLIES[d]!;
          return { t: 'int', v: m._lua_tointegerx(L, idx, 0) };
        }
        // C's (long long) cast: out of range (and NaN) gives LLONG_MIN on x86.
        if (!Number.isFinite(d) || d >= 9223372036854775808 || d < -9223372036854775808)
          return { t: 'int', v: INT64_MIN };
        return { t: 'int', v: BigInt(Math.trunc(d)) };
      }
      case T_TABLE: {
        if (depth >= MAX_REPLY_DEPTH) return { t: 'err', v: 'ERR reached lua stack limit' };
        m._lua_getfield(L, idx, this.kErr);
        if (m._lua_type(L, -1) === T_STRING) {
          const v = this.readString(L, -1);
          m._lua_settop(L, -2);
          return { t: 'err', v: oneLine(v) };
        }
        m._lua_settop(L, -2);
        m._lua_getfield(L, idx, this.kOk);
        if (m._lua_type(L, -1) === T_STRING) {
          const v = this.readString(L, -1);
          m._lua_settop(L, -2);
          return { t: 'status', v: oneLine(v) };
        }
        m._lua_settop(L, -2);
        const items: Reply[] = [];
        for (let j = 1; ; j++) {
          const t = m._lua_rawgeti(L, idx, big(j));
          if (t === T_NIL) {
            m._lua_settop(L, -2);
            break;
          }
          items.push(this.toReply(L, m._lua_gettop(L), depth + 1));
          m._lua_settop(L, -2);
        }
        return { t: 'arr', v: items };
      }
      default:
        return { t: 'nil' };
    }
  }

  /** Redis -> Lua, as Redis 7.0's redisProtocolToLuaType (RESP2). */
  private pushReply(L: State, r: Reply, depth: number): void {
    const { m } = this;
    switch (r.t) {
      case 'int':
        m._lua_pushinteger(L, r.v);
        return;
      case 'bulk':
        this.pushString(L, r.v);
        return;
      case 'nil':
      case 'nilarr':
        m._lua_pushboolean(L, 0);
        return;
      case 'arr': {
        m._lua_createtable(L, r.v.length, 0);
        for (let i = 0; i < r.v.length; i++) {
          this.pushReply(L, r.v[i]!, depth + 1);
          m._lua_rawseti(L, -2, big(i + 1));
        }
        return;
      }
      case 'status':
      case 'err':
        m._lua_createtable(L, 0, 1);
        this.pushString(L, r.v);
        m._lua_setfield(L, -2, r.t === 'status' ? this.kOk : this.kErr);
        return;
    }
  }

  private pushStringArray(L: State, items: readonly string[]): void {
    const { m } = this;
    m._lua_createtable(L, items.length, 0);
    for (let i = 0; i < items.length; i++) {
      const s = items[i]!;
      const n = this.encode(s);
      const p = m._lua_pushlstring(L, this.scratch, n);
      // The script will likely hand these back (redis.call('GET', KEYS[1])): remember them.
      if (n === s.length && n <= STR_CACHE_MAX_LEN) this.remember(p, n, s);
      m._lua_rawseti(L, -2, big(i + 1));
    }
  }

  // ----- strings and memory -------------------------------------------------------------------

  private ensureScratch(n: number): void {
    if (n <= this.scratchSize) return;
    if (this.scratch) this.m._free(this.scratch);
    this.scratchSize = Math.max(n, this.scratchSize * 2);
    this.scratch = this.m._malloc(this.scratchSize);
  }

  /** Encode s as UTF-8 into the scratch buffer; returns its byte length. */
  private encode(s: string): number {
    const n = s.length;
    this.ensureScratch(n * 3 + 1);
    const heap = this.m.HEAPU8;
    const base = this.scratch;
    for (let i = 0; i < n; i++) {
      const c = s.charCodeAt(i);
      if (c > 127)
        return this.encoder.encodeInto(s, heap.subarray(base, base + this.scratchSize)).written;
      heap[base + i] = c;
    }
    return n;
  }

  private pushString(L: State, s: string): void {
    const n = this.encode(s);
    this.m._lua_pushlstring(L, this.scratch, n);
  }

  private load(L: State, source: string, name: string): number {
    const n = this.encode(source);
    return this.m._luaL_loadbufferx(L, this.scratch, n, this.cstr(name), this.cstr('t'));
  }

  private readString(L: State, idx: number): string {
    const p = this.m._lua_tolstring(L, idx, this.lenPtr);
    if (!p) return '';
    return this.decode(p, this.m.HEAP32[this.lenPtr >> 2]!);
  }

  private remember(p: Ptr, len: number, s: string): void {
    const slot = (p >>> 3) & (STR_CACHE_SIZE - 1);
    this.strPtr[slot] = p;
    this.strLen[slot] = len;
    this.strVal[slot] = s;
  }

  private decode(p: Ptr, len: number): string {
    const heap = this.m.HEAPU8;
    if (len <= STR_CACHE_MAX_LEN) {
      const slot = (p >>> 3) & (STR_CACHE_SIZE - 1);
      if (this.strPtr[slot] === p && this.strLen[slot] === len) {
        const s = this.strVal[slot]!;
        let i = 0;
        while (i < len && heap[p + i] === s.charCodeAt(i)) i++;
        if (i === len) return s;
      }
      for (let i = 0; i < len; i++) {
        if (heap[p + i]! > 127) return this.decoder.decode(heap.subarray(p, p + len));
      }
      // A flat string (not a rope of one-character appends): hashing it is cheap.
      const s = String.fromCharCode.apply(null, heap.subarray(p, p + len) as unknown as number[]);
      this.remember(p, len, s);
      return s;
    }
    return this.decoder.decode(heap.subarray(p, p + len));
  }

  private cstring(p: Ptr, heap: Uint8Array): string {
    if (!p) return '';
    let end = p;
    while (heap[end] !== 0) end++;
    return this.decoder.decode(heap.subarray(p, end));
  }

  private cstr(s: string): Ptr {
    let p = this.cstrs.get(s);
    if (p === undefined) {
      const bytes = this.encoder.encode(s);
      p = this.m._malloc(bytes.length + 1);
      this.m.HEAPU8.set(bytes, p);
      this.m.HEAPU8[p + bytes.length] = 0;
      this.cstrs.set(s, p);
    }
    return p;
  }
}

/** Lua 5.4 runtime error texts reworded as Lua 5.1 (Redis) words them. */
function as51(msg: string): string {
  if (!msg.includes('attempt to')) return msg;
  return msg
    .replace(
      /attempt to ([a-z ]+?) a (\w+) value \((global|local|field|upvalue|method) '([^']*)'\)/,
      "attempt to $1 $3 '$4' (a $2 value)",
    )
    .replace(
      /attempt to (?:add|sub|mul|div|mod|pow|unm|idiv) a '\w+' with a '\w+'/,
      'attempt to perform arithmetic on a string value',
    );
}

/** Redis 7 drops a `#!lua flags=...` first line but keeps its line break (line numbers hold). */
function stripShebang(source: string): string {
  if (!source.startsWith('#!')) return source;
  const nl = source.indexOf('\n');
  return nl < 0 ? '' : source.slice(nl);
}

/** Lua 5.1 quoted '<eof>' in syntax errors; 5.4 does not. */
function compileError(msg: string): string {
  return oneLine(
    'ERR Error compiling script (new function): ' + msg.replace(/near <eof>$/, "near '<eof>'"),
  );
}

/** Redis never sends a newline inside an error or status line. */
function oneLine(s: string): string {
  return s.includes('\n') || s.includes('\r') ? s.replace(/[\r\n]/g, ' ') : s;
}
