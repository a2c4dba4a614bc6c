// The lab's in-browser model of Redis 7.0: the command layer (types, TTLs on a virtual clock,
// transactions, cluster slots, the script cache). Lua itself lives in src/core/lua and plugs
// in through ScriptEngine (scripting.ts). Replies, error texts and number formats follow
// redis-server 7.0.15; test/redis holds the differential corpus that checks them.
import { arr, bulk, err, int, NIL, NIL_ARRAY, OK, status, type Reply } from './reply';
import {
  addLongDouble,
  formatLongDouble,
  formatScore,
  INT64_MAX,
  INT64_MIN,
  parseDouble,
  parseInt64,
  parseIntNum,
  parseLongDouble,
  parseRangeDouble,
  type LongDouble,
} from './numfmt';
import { globMatch } from './glob';
import { keySlot } from './slot';
import { sha1Hex } from './sha1';
import { ZSet } from './zset';
import type { ScriptEngine, ScriptHost } from './scripting';

// ---------------------------------------------------------------------------------------
// Values

export type RedisType = 'string' | 'hash' | 'zset' | 'list';

type Entry =
  | { type: 'string'; v: string; exp: number }
  | { type: 'hash'; v: Map<string, string>; exp: number }
  | { type: 'zset'; v: ZSet; exp: number }
  | { type: 'list'; v: string[]; exp: number };

/** A read-only view of one key, for the UI. */
export interface KeySnapshot {
  key: string;
  type: RedisType;
  /** Milliseconds left, or null without a TTL. */
  ttlMs: number | null;
  value: string | Array<[string, string]> | Array<[string, number]> | string[];
  slot: number;
}

// ---------------------------------------------------------------------------------------
// Shared replies

const SMALL_INTS: Reply[] = [];
for (let i = 0; i < 1024; i++) SMALL_INTS.push(int(i));
const MINUS_ONE = int(-1);
const MINUS_TWO = int(-2);
const ZERO = SMALL_INTS[0]!;
const ONE = SMALL_INTS[1]!;
const EMPTY = arr([]);
const QUEUED = status('QUEUED');
const PONG = status('PONG');

function intReply(n: number): Reply {
  return n >= 0 && n < 1024 ? SMALL_INTS[n]! : int(n);
}

export const ERRORS = {
  wrongType: err('WRONGTYPE Operation against a key holding the wrong kind of value'),
  notInt: err('ERR value is not an integer or out of range'),
  notFloat: err('ERR value is not a valid float'),
  syntax: err('ERR syntax error'),
  overflow: err('ERR increment or decrement would overflow'),
  nanOrInf: err('ERR increment would produce NaN or Infinity'),
  minMax: err('ERR min or max is not a float'),
  crossSlot: err("CROSSSLOT Keys in request don't hash to the same slot"),
  noScript: err('NOSCRIPT No matching script. Please use EVAL.'),
  execAbort: err('EXECABORT Transaction discarded because of previous errors.'),
  noEngine: err(
    'ERR scripting is not available: no Lua engine is loaded in this lab (src/core/lua)',
  ),
} as const;

const arityError = (name: string): Reply =>
  err(`ERR wrong number of arguments for '${name}' command`);
const expireTimeError = (name: string): Reply =>
  err(`ERR invalid expire time in '${name}' command`);

// ---------------------------------------------------------------------------------------
// Sessions (one per client connection: MULTI state and WATCHed keys)

export class Session {
  inMulti = false;
  queue: string[][] = [];
  /** A command was rejected while queuing: EXEC answers EXECABORT. */
  dirtyExec = false;
  /** A watched key was touched: EXEC answers a nil array. */
  dirtyCas = false;
  /** Watched keys; the value says whether the key was already logically expired at WATCH. */
  readonly watched = new Map<string, boolean>();
}

// ---------------------------------------------------------------------------------------
// Command table

const F_WRITE = 1;
const F_NOSCRIPT = 2;
const F_NOQUEUE = 4; // runs immediately inside MULTI (EXEC, DISCARD, MULTI, WATCH)

type KeySpec = (a: readonly string[]) => readonly string[];

interface Cmd {
  readonly name: string; // full name for errors: 'get', 'script|load'
  readonly arity: number;
  readonly flags: number;
  readonly keys: KeySpec | null;
  readonly fn: (a: string[]) => Reply;
  readonly subs?: Map<string, Cmd>;
}

const firstKey: KeySpec = (a) => (a.length > 1 ? [a[1]!] : []);
const allKeys: KeySpec = (a) => a.slice(1);
const everyOtherKey: KeySpec = (a) => {
  const out: string[] = [];
  for (let i = 1; i < a.length; i += 2) out.push(a[i]!);
  return out;
};
const evalKeys: KeySpec = (a) => {
  const n = a.length > 2 ? parseIntNum(a[2]!) : null;
  if (n === null || n < 0 || n > a.length - 3) return [];
  return a.slice(3, 3 + n);
};

interface ScriptContext {
  /** The slot the script's keys live in (-1: none yet). */
  slot: number;
  /** Scripts without a shebang may touch keys of any slot on this node (Redis 7 compat). */
  allowCrossSlot: boolean;
  noWrites: boolean;
}

export interface RedisModelOptions {
  /** Unix seconds the virtual clock starts at (default 1700000000). */
  startTime?: number;
  clusterMode?: boolean;
  scriptEngine?: ScriptEngine | null;
}

export const DEFAULT_START_TIME = 1700000000;

export class RedisModel {
  /** Virtual time in microseconds since the Unix epoch. */
  private nowUs: number;
  private readonly db = new Map<string, Entry>();
  private readonly watchers = new Map<string, Set<Session>>();
  private readonly cmds = new Map<string, Cmd>();
  private sess: Session;
  private script: ScriptContext | null = null;
  private readonly host: ScriptHost = {
    call: (args: string[]) => this.callFromScript(args),
    model: this,
  };

  /** The script cache: lowercase SHA-1 hex -> source. */
  readonly scripts = new Map<string, string>();
  /** With cluster mode on, multi-key commands and scripts must stay in one slot. */
  clusterMode: boolean;
  /** The Lua runtime; EVAL and friends answer an error while it is null. */
  scriptEngine: ScriptEngine | null;
  /** The connection `call` uses when none is given. */
  readonly defaultSession = new Session();

  constructor(opts: RedisModelOptions = {}) {
    this.nowUs = Math.round((opts.startTime ?? DEFAULT_START_TIME) * 1e6);
    this.clusterMode = opts.clusterMode ?? false;
    this.scriptEngine = opts.scriptEngine ?? null;
    this.sess = this.defaultSession;
    this.registerCommands();
  }

  // ---- clock -------------------------------------------------------------------------

  /** Virtual time in seconds since the Unix epoch (microsecond resolution). */
  get now(): number {
    return this.nowUs / 1e6;
  }

  /** Virtual time in whole microseconds since the Unix epoch. */
  get nowMicros(): number {
    return this.nowUs;
  }

  /** Move the clock forward (or back, with a negative value) by `seconds`. */
  advance(seconds: number): void {
    if (!Number.isFinite(seconds)) throw new RangeError('advance: seconds must be finite');
    this.nowUs += Math.round(seconds * 1e6);
  }

  /** Set the clock to `seconds` since the Unix epoch. */
  setTime(seconds: number): void {
    if (!Number.isFinite(seconds)) throw new RangeError('setTime: seconds must be finite');
    this.nowUs = Math.round(seconds * 1e6);
  }

  private nowMs(): number {
    return Math.floor(this.nowUs / 1000);
  }

  // ---- cluster -----------------------------------------------------------------------

  /** The cluster hash slot (0..16383) of a key, {hash tags} included. */
  slotOf(key: string): number {
    return keySlot(key);
  }

  // ---- sessions, inspection ----------------------------------------------------------

  /** A new client connection with its own MULTI/WATCH state. */
  createSession(): Session {
    return new Session();
  }

  /** Every live key (expired ones are dropped first), for the UI. */
  snapshot(): KeySnapshot[] {
    this.purgeExpired();
    const now = this.nowMs();
    const out: KeySnapshot[] = [];
    for (const [key, e] of this.db) {
      let value: KeySnapshot['value'];
      switch (e.type) {
        case 'string':
          value = e.v;
          break;
        case 'hash':
          value = [...e.v.entries()];
          break;
        case 'zset':
          value = e.v.entries.map((z): [string, number] => [z.member, z.score]);
          break;
        case 'list':
          value = [...e.v];
          break;
      }
      out.push({
        key,
        type: e.type,
        ttlMs: e.exp < 0 ? null : e.exp - now,
        value,
        slot: keySlot(key),
      });
    }
    return out;
  }

  /** Empty the database and the script cache (a fresh server). */
  reset(): void {
    this.flushAll();
    this.scripts.clear();
    this.scriptEngine?.flushScripts?.();
  }

  /** The SHA-1 Redis names a script by (lowercase hex). */
  static sha1(source: string): string {
    return sha1Hex(source);
  }

  // ---- keyspace ----------------------------------------------------------------------

  private isExpired(e: Entry): boolean {
    return e.exp >= 0 && e.exp < this.nowMs();
  }

  private lookup(key: string): Entry | undefined {
    const e = this.db.get(key);
    if (e === undefined) return undefined;
    if (e.exp >= 0 && e.exp < this.nowMs()) {
      this.db.delete(key);
      this.touch(key);
      return undefined;
    }
    return e;
  }

  private purgeExpired(): void {
    const now = this.nowMs();
    for (const [key, e] of this.db) {
      if (e.exp >= 0 && e.exp < now) {
        this.db.delete(key);
        this.touch(key);
      }
    }
  }

  private del(key: string): void {
    this.db.delete(key);
    this.touch(key);
  }

  /** signalModifiedKey: invalidate WATCHes on the key. */
  private touch(key: string): void {
    if (this.watchers.size === 0) return;
    const ws = this.watchers.get(key);
    if (ws === undefined) return;
    for (const s of ws) {
      if (s.watched.get(key) === true) {
        // The key was already expired at WATCH; its deletion is no logical change.
        if (!this.db.has(key)) {
          s.watched.set(key, false);
          continue;
        }
      }
      s.dirtyCas = true;
    }
  }

  private unwatchAll(s: Session): void {
    for (const key of s.watched.keys()) {
      const ws = this.watchers.get(key);
      if (ws) {
        ws.delete(s);
        if (ws.size === 0) this.watchers.delete(key);
      }
    }
    s.watched.clear();
    s.dirtyCas = false;
  }

  private flushAll(): void {
    if (this.watchers.size > 0) {
      for (const key of this.watchers.keys()) {
        const e = this.db.get(key);
        if (e !== undefined) {
          for (const s of this.watchers.get(key)!) s.dirtyCas = true;
        }
      }
    }
    this.db.clear();
  }

  // ---- dispatch ----------------------------------------------------------------------

  private resolve(a: readonly string[]): Cmd | Reply {
    const name = a[0]!;
    let cmd = this.cmds.get(name);
    if (cmd === undefined) cmd = this.cmds.get(name.toLowerCase());
    if (cmd === undefined) {
      let args = '';
      for (let i = 1; i < a.length && args.length < 128; i++) {
        args += `'${a[i]!.slice(0, 128 - args.length)}' `;
      }
      return err(
        `ERR unknown command '${name.slice(0, 128)}', with args beginning with: ${args}`.replace(
          /[\r\n]/g,
          ' ',
        ),
      );
    }
    if (cmd.subs !== undefined && a.length >= 2) {
      const sub = a[1]!;
      const sc = cmd.subs.get(sub.toLowerCase());
      if (sc === undefined) {
        return err(
          `ERR unknown subcommand '${sub.slice(0, 128)}'. Try ${name.toUpperCase()} HELP.`.replace(
            /[\r\n]/g,
            ' ',
          ),
        );
      }
      cmd = sc;
    }
    const n = a.length;
    if ((cmd.arity > 0 && cmd.arity !== n) || n < -cmd.arity) return arityError(cmd.name);
    return cmd;
  }

  /** The slot shared by `keys`, -1 for none, -2 when they span slots. */
  private slotOfKeys(keys: readonly string[]): number {
    let slot = -1;
    for (const k of keys) {
      const s = keySlot(k);
      if (slot === -1) slot = s;
      else if (s !== slot) return -2;
    }
    return slot;
  }

  /**
   * Run one command as a client sends it (`['SET', 'k', 'v']`) and return its reply. Every
   * command sees the virtual clock's current time; `session` is the client connection
   * (MULTI/WATCH state), the model's default one when omitted.
   */
  call(args: string[], session: Session = this.defaultSession): Reply {
    if (args.length === 0) return err('ERR empty command');
    const cmd = this.resolve(args);
    if ('t' in cmd) {
      if (session.inMulti) session.dirtyExec = true;
      return cmd;
    }
    if (this.clusterMode && cmd.keys !== null) {
      if (this.slotOfKeys(cmd.keys(args)) === -2) {
        if (session.inMulti) session.dirtyExec = true;
        return ERRORS.crossSlot;
      }
    }
    if (session.inMulti && (cmd.flags & F_NOQUEUE) === 0) {
      session.queue.push(args.slice());
      return QUEUED;
    }
    const prev = this.sess;
    this.sess = session;
    try {
      return cmd.fn(args);
    } finally {
      this.sess = prev;
    }
  }

  /**
   * A command called by a running script (redis.call / redis.pcall). Applies Redis's
   * in-script rules: unknown commands, wrong arity and commands not allowed from scripts get
   * the scripting errors; in cluster mode keys must stay in the script's slot. Returns the
   * Reply, error replies included; raising them is the Lua engine's job.
   */
  callFromScript(args: string[]): Reply {
    if (args.length === 0)
      return err('ERR Please specify at least one argument for this redis lib call');
    const name = args[0]!;
    let cmd = this.cmds.get(name) ?? this.cmds.get(name.toLowerCase());
    if (cmd !== undefined && cmd.subs !== undefined && args.length >= 2) {
      cmd = cmd.subs.get(args[1]!.toLowerCase());
    }
    if (cmd === undefined) return err('ERR Unknown Redis command called from script');
    const n = args.length;
    if ((cmd.arity > 0 && cmd.arity !== n) || n < -cmd.arity) {
      return err('ERR Wrong number of args calling Redis command from script');
    }
    if ((cmd.flags & F_NOSCRIPT) !== 0) {
      return err('ERR This Redis command is not allowed from script');
    }
    const ctx = this.script;
    if (ctx !== null && ctx.noWrites && (cmd.flags & F_WRITE) !== 0) {
      return err('ERR Write commands are not allowed from read-only scripts.');
    }
    if (this.clusterMode && cmd.keys !== null && ctx !== null) {
      const slot = this.slotOfKeys(cmd.keys(args));
      if (slot === -2) {
        return err('ERR Script attempted to access a non local key in a cluster node');
      }
      if (slot >= 0 && !ctx.allowCrossSlot) {
        if (ctx.slot === -1) ctx.slot = slot;
        else if (ctx.slot !== slot) {
          return err('ERR Script attempted to access keys that do not hash to the same slot');
        }
      }
    }
    return cmd.fn(args);
  }

  // ---- registration ------------------------------------------------------------------

  private def(
    name: string,
    arity: number,
    flags: number,
    keys: KeySpec | null,
    fn: (a: string[]) => Reply,
    subs?: Map<string, Cmd>,
  ): void {
    const cmd: Cmd = subs
      ? { name, arity, flags, keys, fn, subs }
      : { name, arity, flags, keys, fn };
    this.cmds.set(name, cmd);
    this.cmds.set(name.toUpperCase(), cmd);
  }

  private registerCommands(): void {
    const W = F_WRITE;
    const K = firstKey;
    // strings and keys
    this.def('get', 2, 0, K, (a) => this.get(a));
    this.def('set', -3, W, K, (a) => this.set(a));
    this.def('setnx', 3, W, K, (a) => this.setnx(a));
    this.def('mget', -2, 0, allKeys, (a) => this.mget(a));
    this.def('mset', -3, W, everyOtherKey, (a) => this.mset(a));
    this.def('incr', 2, W, K, (a) => this.incrDecr(a[1]!, 1n));
    this.def('decr', 2, W, K, (a) => this.incrDecr(a[1]!, -1n));
    this.def('incrby', 3, W, K, (a) => {
      const by = parseInt64(a[2]!);
      return by === null ? ERRORS.notInt : this.incrDecr(a[1]!, by);
    });
    this.def('decrby', 3, W, K, (a) => {
      const by = parseInt64(a[2]!);
      if (by === null) return ERRORS.notInt;
      if (by === INT64_MIN) return err('ERR decrement would overflow');
      return this.incrDecr(a[1]!, -by);
    });
    this.def('incrbyfloat', 3, W, K, (a) => this.incrbyfloat(a));
    this.def('del', -2, W, allKeys, (a) => this.delCmd(a));
    this.def('exists', -2, 0, allKeys, (a) => this.exists(a));
    this.def('type', 2, 0, K, (a) => {
      const e = this.lookup(a[1]!);
      return status(e === undefined ? 'none' : e.type);
    });
    this.def('expire', -3, W, K, (a) => this.expire(a, this.nowMs(), true, 'expire'));
    this.def('pexpire', -3, W, K, (a) => this.expire(a, this.nowMs(), false, 'pexpire'));
    this.def('expireat', -3, W, K, (a) => this.expire(a, 0, true, 'expireat'));
    this.def('pexpireat', -3, W, K, (a) => this.expire(a, 0, false, 'pexpireat'));
    this.def('ttl', 2, 0, K, (a) => this.ttl(a[1]!, false));
    this.def('pttl', 2, 0, K, (a) => this.ttl(a[1]!, true));
    this.def('persist', 2, W, K, (a) => {
      const e = this.lookup(a[1]!);
      if (e === undefined || e.exp < 0) return ZERO;
      e.exp = -1;
      this.touch(a[1]!);
      return ONE;
    });
    this.def('time', 1, 0, null, () => {
      const us = this.nowUs;
      const sec = Math.floor(us / 1e6);
      return arr([bulk(String(sec)), bulk(String(us - sec * 1e6))]);
    });
    // hashes
    this.def('hset', -4, W, K, (a) => this.hset(a, false));
    this.def('hmset', -4, W, K, (a) => this.hset(a, true));
    this.def('hget', 3, 0, K, (a) => {
      const h = this.readHash(a[1]!);
      if (h === null) return ERRORS.wrongType;
      const v = h?.get(a[2]!);
      return v === undefined ? NIL : bulk(v);
    });
    this.def('hmget', -3, 0, K, (a) => {
      const h = this.readHash(a[1]!);
      if (h === null) return ERRORS.wrongType;
      const out: Reply[] = [];
      for (let i = 2; i < a.length; i++) {
        const v = h?.get(a[i]!);
        out.push(v === undefined ? NIL : bulk(v));
      }
      return arr(out);
    });
    this.def('hgetall', 2, 0, K, (a) => {
      const h = this.readHash(a[1]!);
      if (h === null) return ERRORS.wrongType;
      if (h === undefined) return EMPTY;
      const out: Reply[] = [];
      for (const [f, v] of h) out.push(bulk(f), bulk(v));
      return arr(out);
    });
    this.def('hkeys', 2, 0, K, (a) => {
      const h = this.readHash(a[1]!);
      if (h === null) return ERRORS.wrongType;
      return h === undefined ? EMPTY : arr([...h.keys()].map(bulk));
    });
    this.def('hvals', 2, 0, K, (a) => {
      const h = this.readHash(a[1]!);
      if (h === null) return ERRORS.wrongType;
      return h === undefined ? EMPTY : arr([...h.values()].map(bulk));
    });
    this.def('hlen', 2, 0, K, (a) => {
      const h = this.readHash(a[1]!);
      if (h === null) return ERRORS.wrongType;
      return intReply(h === undefined ? 0 : h.size);
    });
    this.def('hexists', 3, 0, K, (a) => {
      const h = this.readHash(a[1]!);
      if (h === null) return ERRORS.wrongType;
      return h !== undefined && h.has(a[2]!) ? ONE : ZERO;
    });
    this.def('hdel', -3, W, K, (a) => {
      const key = a[1]!;
      const h = this.readHash(key);
      if (h === null) return ERRORS.wrongType;
      return h === undefined ? ZERO : this.removeMembers(key, h, a);
    });
    this.def('hsetnx', 4, W, K, (a) => {
      const h = this.writeHash(a[1]!);
      if (h === null) return ERRORS.wrongType;
      if (h.has(a[2]!)) return ZERO;
      h.set(a[2]!, a[3]!);
      this.touch(a[1]!);
      return ONE;
    });
    this.def('hincrby', 4, W, K, (a) => this.hincrby(a));
    this.def('hincrbyfloat', 4, W, K, (a) => this.hincrbyfloat(a));
    // sorted sets
    this.def('zadd', -4, W, K, (a) => this.zadd(a, false));
    this.def('zincrby', 4, W, K, (a) => this.zadd(a, true));
    this.def('zrem', -3, W, K, (a) => this.zrem(a));
    this.def('zcard', 2, 0, K, (a) => {
      const z = this.readZset(a[1]!);
      if (z === null) return ERRORS.wrongType;
      return intReply(z === undefined ? 0 : z.size);
    });
    this.def('zscore', 3, 0, K, (a) => {
      const z = this.readZset(a[1]!);
      if (z === null) return ERRORS.wrongType;
      const s = z?.scores.get(a[2]!);
      return s === undefined ? NIL : bulk(formatScore(s));
    });
    this.def('zcount', 4, 0, K, (a) => this.zcount(a));
    this.def('zrange', -4, 0, K, (a) => this.zrange(a, 'auto', 'auto'));
    this.def('zrangebyscore', -4, 0, K, (a) => this.zrange(a, 'score', 'fwd'));
    this.def('zrevrange', -4, 0, K, (a) => this.zrange(a, 'rank', 'rev'));
    this.def('zrevrangebyscore', -4, 0, K, (a) => this.zrange(a, 'score', 'rev'));
    this.def('zremrangebyscore', 4, W, K, (a) => this.zremrange(a, 'score'));
    this.def('zremrangebyrank', 4, W, K, (a) => this.zremrange(a, 'rank'));
    // lists
    this.def('lpush', -3, W, K, (a) => this.push(a, true));
    this.def('rpush', -3, W, K, (a) => this.push(a, false));
    this.def('lpop', -2, W, K, (a) => this.pop(a, true));
    this.def('rpop', -2, W, K, (a) => this.pop(a, false));
    this.def('llen', 2, 0, K, (a) => {
      const l = this.readList(a[1]!);
      if (l === null) return ERRORS.wrongType;
      return intReply(l === undefined ? 0 : l.length);
    });
    this.def('lrange', 4, 0, K, (a) => this.lrange(a));
    this.def('ltrim', 4, W, K, (a) => this.ltrim(a));
    // server
    this.def('ping', -1, 0, null, (a) => {
      if (a.length > 2) return arityError('ping');
      return a.length === 2 ? bulk(a[1]!) : PONG;
    });
    this.def('echo', 2, 0, null, (a) => bulk(a[1]!));
    this.def('flushall', -1, W, null, (a) => {
      if (a.length > 2) return ERRORS.syntax;
      if (a.length === 2) {
        const o = a[1]!.toLowerCase();
        if (o !== 'sync' && o !== 'async') return ERRORS.syntax;
      }
      this.flushAll();
      return OK;
    });
    this.def('keys', 2, 0, null, (a) => {
      const pattern = a[1]!;
      this.purgeExpired();
      const out: Reply[] = [];
      for (const k of this.db.keys()) if (globMatch(pattern, k)) out.push(bulk(k));
      return arr(out);
    });
    this.def('dbsize', 1, 0, null, () => {
      this.purgeExpired();
      return intReply(this.db.size);
    });
    const clusterSubs = new Map<string, Cmd>();
    clusterSubs.set('keyslot', {
      name: 'cluster|keyslot',
      arity: 3,
      flags: 0,
      keys: null,
      fn: (a) => intReply(keySlot(a[2]!)),
    });
    this.def('cluster', -2, 0, null, () => ERRORS.syntax, clusterSubs);
    // transactions
    const NQ = F_NOQUEUE | F_NOSCRIPT;
    this.def('multi', 1, NQ, null, () => {
      const s = this.sess;
      if (s.inMulti) return err('ERR MULTI calls can not be nested');
      s.inMulti = true;
      s.queue = [];
      s.dirtyExec = false;
      return OK;
    });
    this.def('exec', 1, NQ, null, () => this.exec());
    this.def('discard', 1, NQ, null, () => {
      const s = this.sess;
      if (!s.inMulti) return err('ERR DISCARD without MULTI');
      this.discard(s);
      return OK;
    });
    this.def('watch', -2, NQ, allKeys, (a) => {
      const s = this.sess;
      if (s.inMulti) return err('ERR WATCH inside MULTI is not allowed');
      for (let i = 1; i < a.length; i++) {
        const key = a[i]!;
        if (s.watched.has(key)) continue;
        const e = this.db.get(key);
        s.watched.set(key, e !== undefined && this.isExpired(e));
        let ws = this.watchers.get(key);
        if (ws === undefined) {
          ws = new Set();
          this.watchers.set(key, ws);
        }
        ws.add(s);
      }
      return OK;
    });
    this.def('unwatch', 1, F_NOSCRIPT, null, () => {
      this.unwatchAll(this.sess);
      return OK;
    });
    // scripting
    this.def('eval', -3, F_NOSCRIPT, evalKeys, (a) => this.evalCmd(a, false));
    this.def('evalsha', -3, F_NOSCRIPT, evalKeys, (a) => this.evalCmd(a, true));
    const scriptSubs = new Map<string, Cmd>();
    const sub = (name: string, arity: number, fn: (a: string[]) => Reply): void => {
      scriptSubs.set(name, { name: `script|${name}`, arity, flags: F_NOSCRIPT, keys: null, fn });
    };
    sub('load', 3, (a) => {
      const source = a[2]!;
      const sha = sha1Hex(source);
      if (!this.scripts.has(sha)) {
        const engine = this.scriptEngine;
        if (engine === null) return ERRORS.noEngine;
        const e = engine.compile?.(source, sha) ?? null;
        if (e !== null) return e;
        this.scripts.set(sha, source);
      }
      return bulk(sha);
    });
    sub('exists', -3, (a) => {
      const out: Reply[] = [];
      for (let i = 2; i < a.length; i++) {
        out.push(this.scripts.has(a[i]!.toLowerCase()) ? ONE : ZERO);
      }
      return arr(out);
    });
    sub('flush', -2, (a) => {
      if (a.length > 3) return err('ERR SCRIPT FLUSH only support SYNC|ASYNC option');
      if (a.length === 3) {
        const o = a[2]!.toLowerCase();
        if (o !== 'sync' && o !== 'async') {
          return err('ERR SCRIPT FLUSH only support SYNC|ASYNC option');
        }
      }
      this.scripts.clear();
      this.scriptEngine?.flushScripts?.();
      return OK;
    });
    sub('kill', 2, () => err('NOTBUSY No scripts in execution right now.'));
    this.def('script', -2, F_NOSCRIPT, null, () => ERRORS.syntax, scriptSubs);
  }

  // ---- strings -----------------------------------------------------------------------

  private get(a: string[]): Reply {
    const e = this.lookup(a[1]!);
    if (e === undefined) return NIL;
    if (e.type !== 'string') return ERRORS.wrongType;
    return bulk(e.v);
  }

  private set(a: string[]): Reply {
    const NX = 1;
    const XX = 2;
    const GET = 4;
    const KEEPTTL = 8;
    const EX = 16;
    const PX = 32;
    const EXAT = 64;
    const PXAT = 128;
    let flags = 0;
    let expire: string | null = null;
    for (let j = 3; j < a.length; j++) {
      const opt = a[j]!.toLowerCase();
      const hasNext = j < a.length - 1;
      if (opt === 'nx' && !(flags & XX)) flags |= NX;
      else if (opt === 'xx' && !(flags & NX)) flags |= XX;
      else if (opt === 'get') flags |= GET;
      else if (opt === 'keepttl' && !(flags & (EX | PX | EXAT | PXAT))) flags |= KEEPTTL;
      else if (opt === 'ex' && !(flags & (KEEPTTL | EXAT | PX | PXAT)) && hasNext) {
        flags |= EX;
        expire = a[++j]!;
      } else if (opt === 'px' && !(flags & (KEEPTTL | EX | EXAT | PXAT)) && hasNext) {
        flags |= PX;
        expire = a[++j]!;
      } else if (opt === 'exat' && !(flags & (KEEPTTL | EX | PX | PXAT)) && hasNext) {
        flags |= EXAT;
        expire = a[++j]!;
      } else if (opt === 'pxat' && !(flags & (KEEPTTL | EX | EXAT | PX)) && hasNext) {
        flags |= PXAT;
        expire = a[++j]!;
      } else return ERRORS.syntax;
    }
    let when = -1;
    if (expire !== null) {
      const v = parseInt64(expire);
      if (v === null) return ERRORS.notInt;
      const seconds = (flags & (EX | EXAT)) !== 0;
      if (v <= 0n || (seconds && v > INT64_MAX / 1000n)) return expireTimeError('set');
      let ms = seconds ? v * 1000n : v;
      if ((flags & (EX | PX)) !== 0) ms += BigInt(this.nowMs());
      if (ms <= 0n || ms > INT64_MAX) return expireTimeError('set');
      when = Number(ms);
    }
    const key = a[1]!;
    const e = this.lookup(key);
    let old: Reply | null = null;
    if (flags & GET) {
      if (e === undefined) old = NIL;
      else if (e.type !== 'string') return ERRORS.wrongType;
      else old = bulk(e.v);
    }
    if ((flags & NX && e !== undefined) || (flags & XX && e === undefined)) {
      return old ?? NIL;
    }
    const exp = flags & KEEPTTL && e !== undefined ? e.exp : when;
    this.db.set(key, { type: 'string', v: a[2]!, exp });
    this.touch(key);
    return old ?? OK;
  }

  private setnx(a: string[]): Reply {
    const key = a[1]!;
    if (this.lookup(key) !== undefined) return ZERO;
    this.db.set(key, { type: 'string', v: a[2]!, exp: -1 });
    this.touch(key);
    return ONE;
  }

  private mget(a: string[]): Reply {
    const out: Reply[] = [];
    for (let i = 1; i < a.length; i++) {
      const e = this.lookup(a[i]!);
      out.push(e === undefined || e.type !== 'string' ? NIL : bulk(e.v));
    }
    return arr(out);
  }

  private mset(a: string[]): Reply {
    if (a.length % 2 === 0) return arityError('mset');
    for (let i = 1; i < a.length; i += 2) {
      this.db.set(a[i]!, { type: 'string', v: a[i + 1]!, exp: -1 });
      this.touch(a[i]!);
    }
    return OK;
  }

  private incrDecr(key: string, by: bigint): Reply {
    const e = this.lookup(key);
    let cur = 0n;
    if (e !== undefined) {
      if (e.type !== 'string') return ERRORS.wrongType;
      const v = parseInt64(e.v);
      if (v === null) return ERRORS.notInt;
      cur = v;
    }
    if (
      (by < 0n && cur < 0n && by < INT64_MIN - cur) ||
      (by > 0n && cur > 0n && by > INT64_MAX - cur)
    ) {
      return ERRORS.overflow;
    }
    const next = cur + by;
    if (e !== undefined) e.v = next.toString();
    else this.db.set(key, { type: 'string', v: next.toString(), exp: -1 });
    this.touch(key);
    return int(next);
  }

  private incrbyfloat(a: string[]): Reply {
    const key = a[1]!;
    const e = this.lookup(key);
    if (e !== undefined && e.type !== 'string') return ERRORS.wrongType;
    const cur: LongDouble | 'inf' | '-inf' | null =
      e === undefined ? { m: 0n, e: 0 } : parseLongDouble(e.v);
    if (cur === null) return ERRORS.notFloat;
    const by = parseLongDouble(a[2]!);
    if (by === null) return ERRORS.notFloat;
    if (typeof cur === 'string' || typeof by === 'string') return ERRORS.nanOrInf;
    const sum = addLongDouble(cur, by);
    if (sum === 'inf') return ERRORS.nanOrInf;
    const s = formatLongDouble(sum);
    if (e !== undefined) e.v = s;
    else this.db.set(key, { type: 'string', v: s, exp: -1 });
    this.touch(key);
    return bulk(s);
  }

  private delCmd(a: string[]): Reply {
    let n = 0;
    for (let i = 1; i < a.length; i++) {
      const key = a[i]!;
      if (this.lookup(key) !== undefined) {
        this.del(key);
        n++;
      }
    }
    return intReply(n);
  }

  private exists(a: string[]): Reply {
    let n = 0;
    for (let i = 1; i < a.length; i++) if (this.lookup(a[i]!) !== undefined) n++;
    return intReply(n);
  }

  private expire(a: string[], basetime: number, seconds: boolean, name: string): Reply {
    let nx = false;
    let xx = false;
    let gt = false;
    let lt = false;
    for (let j = 3; j < a.length; j++) {
      const o = a[j]!.toLowerCase();
      if (o === 'nx') nx = true;
      else if (o === 'xx') xx = true;
      else if (o === 'gt') gt = true;
      else if (o === 'lt') lt = true;
      else return err(`ERR Unsupported option ${a[j]!}`);
    }
    if ((nx && xx) || (nx && gt) || (nx && lt)) {
      return err('ERR NX and XX, GT or LT options at the same time are not compatible');
    }
    if (gt && lt) return err('ERR GT and LT options at the same time are not compatible');
    // The deadline in ms; plain numbers when no int64 edge can be near (exact below 2^53).
    let whenN: number;
    let past: boolean;
    const small = parseIntNum(a[2]!);
    if (small !== null && Math.abs(small) <= 1e12 && Math.abs(basetime) <= 1e15) {
      whenN = (seconds ? small * 1000 : small) + basetime;
      past = whenN <= this.nowMs();
    } else {
      const v = parseInt64(a[2]!);
      if (v === null) return ERRORS.notInt;
      let when = v;
      if (seconds) {
        if (when > INT64_MAX / 1000n || when < INT64_MIN / 1000n) return expireTimeError(name);
        when *= 1000n;
      }
      const base = BigInt(basetime);
      if (when > INT64_MAX - base) return expireTimeError(name);
      when += base;
      whenN = Number(when);
      past = when <= BigInt(this.nowMs());
    }
    const key = a[1]!;
    const e = this.lookup(key);
    if (e === undefined) return ZERO;
    if (nx || xx || gt || lt) {
      const cur = e.exp;
      if (nx && cur !== -1) return ZERO;
      if (xx && cur === -1) return ZERO;
      if (gt && (cur === -1 || whenN <= cur)) return ZERO;
      if (lt && cur !== -1 && whenN >= cur) return ZERO;
    }
    if (past) {
      this.del(key);
      return ONE;
    }
    e.exp = whenN;
    this.touch(key);
    return ONE;
  }

  private ttl(key: string, ms: boolean): Reply {
    const e = this.lookup(key);
    if (e === undefined) return MINUS_TWO;
    if (e.exp < 0) return MINUS_ONE;
    let t = e.exp - this.nowMs();
    if (t < 0) t = 0;
    return intReply(ms ? t : Math.floor((t + 500) / 1000));
  }

  // ---- hashes ------------------------------------------------------------------------

  /** The hash at key; undefined when missing; null when the key holds another type. */
  private readHash(key: string): Map<string, string> | undefined | null {
    const e = this.lookup(key);
    if (e === undefined) return undefined;
    return e.type === 'hash' ? e.v : null;
  }

  private writeHash(key: string): Map<string, string> | null {
    const e = this.lookup(key);
    if (e === undefined) {
      const v = new Map<string, string>();
      this.db.set(key, { type: 'hash', v, exp: -1 });
      return v;
    }
    return e.type === 'hash' ? e.v : null;
  }

  private hset(a: string[], legacy: boolean): Reply {
    if (a.length % 2 === 1) return arityError(legacy ? 'hmset' : 'hset');
    const key = a[1]!;
    const h = this.writeHash(key);
    if (h === null) return ERRORS.wrongType;
    let created = 0;
    for (let i = 2; i < a.length; i += 2) {
      const f = a[i]!;
      if (!h.has(f)) created++;
      h.set(f, a[i + 1]!);
    }
    this.touch(key);
    return legacy ? OK : intReply(created);
  }

  private hincrby(a: string[]): Reply {
    const by = parseInt64(a[3]!);
    if (by === null) return ERRORS.notInt;
    const key = a[1]!;
    const h = this.writeHash(key);
    if (h === null) return ERRORS.wrongType;
    const field = a[2]!;
    const old = h.get(field);
    let cur = 0n;
    if (old !== undefined) {
      const v = parseInt64(old);
      if (v === null) return err('ERR hash value is not an integer');
      cur = v;
    }
    if (
      (by < 0n && cur < 0n && by < INT64_MIN - cur) ||
      (by > 0n && cur > 0n && by > INT64_MAX - cur)
    ) {
      return ERRORS.overflow;
    }
    const next = cur + by;
    h.set(field, next.toString());
    this.touch(key);
    return int(next);
  }

  private hincrbyfloat(a: string[]): Reply {
    const by = parseLongDouble(a[3]!);
    if (by === null) return ERRORS.notFloat;
    if (typeof by === 'string') return err('ERR value is NaN or Infinity');
    const key = a[1]!;
    const h = this.writeHash(key);
    if (h === null) return ERRORS.wrongType;
    const field = a[2]!;
    const old = h.get(field);
    let cur: LongDouble = { m: 0n, e: 0 };
    if (old !== undefined) {
      const v = parseLongDouble(old);
      if (v === null) return err('ERR hash value is not a float');
      if (typeof v === 'string') return ERRORS.nanOrInf;
      cur = v;
    }
    const sum = addLongDouble(cur, by);
    if (sum === 'inf') return ERRORS.nanOrInf;
    const s = formatLongDouble(sum);
    h.set(field, s);
    this.touch(key);
    return bulk(s);
  }

  // ---- sorted sets -------------------------------------------------------------------

  private readZset(key: string): ZSet | undefined | null {
    const e = this.lookup(key);
    if (e === undefined) return undefined;
    return e.type === 'zset' ? e.v : null;
  }

  private zadd(a: string[], zincrby: boolean): Reply {
    let nx = false;
    let xx = false;
    let gt = false;
    let lt = false;
    let ch = false;
    let incr = zincrby;
    let idx = 2;
    if (!zincrby) {
      while (idx < a.length) {
        const o = a[idx]!.toLowerCase();
        if (o === 'nx') nx = true;
        else if (o === 'xx') xx = true;
        else if (o === 'ch') ch = true;
        else if (o === 'incr') incr = true;
        else if (o === 'gt') gt = true;
        else if (o === 'lt') lt = true;
        else break;
        idx++;
      }
    }
    const elements = a.length - idx;
    if (elements % 2 !== 0 || elements === 0) return ERRORS.syntax;
    const pairs = elements / 2;
    if (nx && xx) return err('ERR XX and NX options at the same time are not compatible');
    if ((gt && nx) || (lt && nx) || (gt && lt)) {
      return err('ERR GT, LT, and/or NX options at the same time are not compatible');
    }
    if (incr && pairs > 1) return err('ERR INCR option supports a single increment-element pair');
    const scores: number[] = new Array<number>(pairs);
    for (let j = 0; j < pairs; j++) {
      const s = parseDouble(a[idx + j * 2]!);
      if (s === null) return ERRORS.notFloat;
      scores[j] = s;
    }
    const key = a[1]!;
    const e = this.lookup(key);
    let z: ZSet;
    if (e === undefined) {
      if (xx) return incr ? NIL : ZERO;
      z = new ZSet();
      this.db.set(key, { type: 'zset', v: z, exp: -1 });
    } else if (e.type !== 'zset') return ERRORS.wrongType;
    else z = e.v;
    let added = 0;
    let updated = 0;
    let processed = 0;
    let last = 0;
    for (let j = 0; j < pairs; j++) {
      let score = scores[j]!;
      const member = a[idx + 1 + j * 2]!;
      const cur = z.scores.get(member);
      if (cur !== undefined) {
        if (nx) continue;
        if (incr) {
          score += cur;
          if (Number.isNaN(score)) {
            if (z.size === 0) this.db.delete(key);
            if (added + updated > 0) this.touch(key);
            return err('ERR resulting score is not a number (NaN)');
          }
        }
        if ((lt && score >= cur) || (gt && score <= cur)) continue;
        last = score;
        processed++;
        if (score !== cur) {
          z.set(member, score);
          updated++;
        }
      } else if (!xx) {
        z.set(member, score);
        last = score;
        added++;
        processed++;
      }
    }
    if (added + updated > 0) this.touch(key);
    if (incr) return processed > 0 ? bulk(formatScore(last)) : NIL;
    return intReply(ch ? added + updated : added);
  }

  private zrem(a: string[]): Reply {
    const key = a[1]!;
    const z = this.readZset(key);
    if (z === null) return ERRORS.wrongType;
    return z === undefined ? ZERO : this.removeMembers(key, z, a);
  }

  /** HDEL and ZREM: remove the members a[2..] from a hash or sorted set; an emptied key goes. */
  private removeMembers(
    key: string,
    c: { delete(member: string): boolean; readonly size: number },
    a: string[],
  ): Reply {
    let n = 0;
    for (let i = 2; i < a.length; i++) {
      if (c.delete(a[i]!)) {
        n++;
        if (c.size === 0) break;
      }
    }
    if (n > 0) {
      if (c.size === 0) this.db.delete(key);
      this.touch(key);
    }
    return intReply(n);
  }

  private parseRange(
    minArg: string,
    maxArg: string,
  ): { min: number; minex: boolean; max: number; maxex: boolean } | null {
    let minex = false;
    let maxex = false;
    let min: number | null;
    let max: number | null;
    if (minArg[0] === '(') {
      minex = true;
      min = parseRangeDouble(minArg.slice(1));
    } else min = parseRangeDouble(minArg);
    if (min === null) return null;
    if (maxArg[0] === '(') {
      maxex = true;
      max = parseRangeDouble(maxArg.slice(1));
    } else max = parseRangeDouble(maxArg);
    if (max === null) return null;
    return { min, minex, max, maxex };
  }

  /** [from, to) indexes of the entries inside a score range. */
  private scoreSpan(
    z: ZSet,
    r: { min: number; minex: boolean; max: number; maxex: boolean },
  ): [number, number] {
    if (r.min > r.max || (r.min === r.max && (r.minex || r.maxex))) return [0, 0];
    const from = z.firstInRange(r.min, r.minex);
    const to = z.endOfRange(r.max, r.maxex);
    return to > from ? [from, to] : [0, 0];
  }

  private zcount(a: string[]): Reply {
    const r = this.parseRange(a[2]!, a[3]!);
    if (r === null) return ERRORS.minMax;
    const z = this.readZset(a[1]!);
    if (z === null) return ERRORS.wrongType;
    if (z === undefined) return ZERO;
    const [from, to] = this.scoreSpan(z, r);
    return intReply(to - from);
  }

  private zrange(a: string[], type: 'auto' | 'rank' | 'score', dir: 'auto' | 'fwd' | 'rev'): Reply {
    let withscores = false;
    let offset = 0;
    let limit = -1;
    let lex = false;
    for (let j = 4; j < a.length; j++) {
      const o = a[j]!.toLowerCase();
      const left = a.length - j - 1;
      if (o === 'withscores') withscores = true;
      else if (o === 'limit' && left >= 2) {
        const off = parseIntNum(a[j + 1]!);
        if (off === null) return ERRORS.notInt;
        const lim = parseIntNum(a[j + 2]!);
        if (lim === null) return ERRORS.notInt;
        offset = off;
        limit = lim;
        j += 2;
      } else if (dir === 'auto' && o === 'rev') dir = 'rev';
      else if (type === 'auto' && o === 'bylex') {
        type = 'rank';
        lex = true;
      } else if (type === 'auto' && o === 'byscore') type = 'score';
      else return ERRORS.syntax;
    }
    if (dir === 'auto') dir = 'fwd';
    if (type === 'auto') type = 'rank';
    if (limit !== -1 && type === 'rank' && !lex) {
      return err(
        'ERR syntax error, LIMIT is only supported in combination with either BYSCORE or BYLEX',
      );
    }
    if (withscores && lex) {
      return err('ERR syntax error, WITHSCORES not supported in combination with BYLEX');
    }
    const rev = dir === 'rev';
    let minArg = a[2]!;
    let maxArg = a[3]!;
    if (rev && (type === 'score' || lex)) {
      minArg = a[3]!;
      maxArg = a[2]!;
    }
    if (lex) return this.zrangeByLex(a[1]!, minArg, maxArg, offset, limit, rev);
    if (type === 'rank') {
      const start = parseIntNum(minArg);
      if (start === null) return ERRORS.notInt;
      const end = parseIntNum(maxArg);
      if (end === null) return ERRORS.notInt;
      const z = this.readZset(a[1]!);
      if (z === null) return ERRORS.wrongType;
      if (z === undefined) return EMPTY;
      const n = z.size;
      let s = start < 0 ? n + start : start;
      let e = end < 0 ? n + end : end;
      if (s < 0) s = 0;
      if (s > e || s >= n) return EMPTY;
      if (e >= n) e = n - 1;
      const out: Reply[] = [];
      const ents = z.entries;
      for (let i = s; i <= e; i++) {
        const ent = ents[rev ? n - 1 - i : i]!;
        out.push(bulk(ent.member));
        if (withscores) out.push(bulk(formatScore(ent.score)));
      }
      return arr(out);
    }
    const r = this.parseRange(minArg, maxArg);
    if (r === null) return ERRORS.minMax;
    const z = this.readZset(a[1]!);
    if (z === null) return ERRORS.wrongType;
    if (z === undefined) return EMPTY;
    if (offset > 0 && offset >= z.size) return EMPTY;
    if (offset < 0) return EMPTY;
    const [from, to] = this.scoreSpan(z, r);
    const out: Reply[] = [];
    const ents = z.entries;
    const count = to - from;
    let remaining = limit < 0 ? Infinity : limit;
    for (let k = offset; k < count && remaining > 0; k++, remaining--) {
      const ent = ents[rev ? to - 1 - k : from + k]!;
      out.push(bulk(ent.member));
      if (withscores) out.push(bulk(formatScore(ent.score)));
    }
    return arr(out);
  }

  private zrangeByLex(
    key: string,
    minArg: string,
    maxArg: string,
    offset: number,
    limit: number,
    rev: boolean,
  ): Reply {
    const parse = (s: string): { v: string; ex: boolean; inf: -1 | 0 | 1 } | null => {
      if (s === '+') return { v: '', ex: false, inf: 1 };
      if (s === '-') return { v: '', ex: false, inf: -1 };
      if (s[0] === '(') return { v: s.slice(1), ex: true, inf: 0 };
      if (s[0] === '[') return { v: s.slice(1), ex: false, inf: 0 };
      return null;
    };
    const min = parse(minArg);
    const max = parse(maxArg);
    if (min === null || max === null) return err('ERR min or max not valid string range item');
    const z = this.readZset(key);
    if (z === null) return ERRORS.wrongType;
    if (z === undefined) return EMPTY;
    if (offset > 0 && offset >= z.size) return EMPTY;
    if (offset < 0) return EMPTY;
    const gteMin = (m: string): boolean =>
      min.inf === -1 ? true : min.inf === 1 ? false : min.ex ? m > min.v : m >= min.v;
    const lteMax = (m: string): boolean =>
      max.inf === 1 ? true : max.inf === -1 ? false : max.ex ? m < max.v : m <= max.v;
    const inRange = z.entries.filter((e) => gteMin(e.member) && lteMax(e.member));
    if (rev) inRange.reverse();
    const end = limit < 0 ? inRange.length : offset + limit;
    return arr(inRange.slice(offset, end).map((e) => bulk(e.member)));
  }

  private zremrange(a: string[], type: 'score' | 'rank'): Reply {
    let start = 0;
    let end = 0;
    let r: ReturnType<RedisModel['parseRange']> = null;
    if (type === 'rank') {
      const s = parseIntNum(a[2]!);
      if (s === null) return ERRORS.notInt;
      const e = parseIntNum(a[3]!);
      if (e === null) return ERRORS.notInt;
      start = s;
      end = e;
    } else {
      r = this.parseRange(a[2]!, a[3]!);
      if (r === null) return ERRORS.minMax;
    }
    const key = a[1]!;
    const z = this.readZset(key);
    if (z === null) return ERRORS.wrongType;
    if (z === undefined) return ZERO;
    let from: number;
    let to: number;
    if (r !== null) [from, to] = this.scoreSpan(z, r);
    else {
      const n = z.size;
      if (start < 0) start = n + start;
      if (end < 0) end = n + end;
      if (start < 0) start = 0;
      if (start > end || start >= n) return ZERO;
      if (end >= n) end = n - 1;
      from = start;
      to = end + 1;
    }
    const removed = z.removeRange(from, to);
    if (removed > 0) {
      if (z.size === 0) this.db.delete(key);
      this.touch(key);
    }
    return intReply(removed);
  }

  // ---- lists -------------------------------------------------------------------------

  private readList(key: string): string[] | undefined | null {
    const e = this.lookup(key);
    if (e === undefined) return undefined;
    return e.type === 'list' ? e.v : null;
  }

  private push(a: string[], left: boolean): Reply {
    const key = a[1]!;
    let l = this.readList(key);
    if (l === null) return ERRORS.wrongType;
    if (l === undefined) {
      l = [];
      this.db.set(key, { type: 'list', v: l, exp: -1 });
    }
    for (let i = 2; i < a.length; i++) {
      if (left) l.unshift(a[i]!);
      else l.push(a[i]!);
    }
    this.touch(key);
    return intReply(l.length);
  }

  private pop(a: string[], left: boolean): Reply {
    if (a.length > 3) return arityError(left ? 'lpop' : 'rpop');
    let count = -1;
    if (a.length === 3) {
      const c = parseIntNum(a[2]!);
      if (c === null || c < 0) return err('ERR value is out of range, must be positive');
      count = c;
    }
    const key = a[1]!;
    const l = this.readList(key);
    if (l === undefined) return count >= 0 ? NIL_ARRAY : NIL;
    if (l === null) return ERRORS.wrongType;
    if (count === 0) return EMPTY;
    let out: Reply;
    if (count < 0) {
      const v = left ? l.shift()! : l.pop()!;
      out = bulk(v);
    } else {
      const n = Math.min(count, l.length);
      const items = left ? l.splice(0, n) : l.splice(l.length - n, n).reverse();
      out = arr(items.map(bulk));
    }
    if (l.length === 0) this.db.delete(key);
    this.touch(key);
    return out;
  }

  private lrange(a: string[]): Reply {
    const start = parseIntNum(a[2]!);
    if (start === null) return ERRORS.notInt;
    const end = parseIntNum(a[3]!);
    if (end === null) return ERRORS.notInt;
    const l = this.readList(a[1]!);
    if (l === null) return ERRORS.wrongType;
    if (l === undefined) return EMPTY;
    const n = l.length;
    let s = start < 0 ? n + start : start;
    let e = end < 0 ? n + end : end;
    if (s < 0) s = 0;
    if (s > e || s >= n) return EMPTY;
    if (e >= n) e = n - 1;
    const out: Reply[] = [];
    for (let i = s; i <= e; i++) out.push(bulk(l[i]!));
    return arr(out);
  }

  private ltrim(a: string[]): Reply {
    const start = parseIntNum(a[2]!);
    if (start === null) return ERRORS.notInt;
    const end = parseIntNum(a[3]!);
    if (end === null) return ERRORS.notInt;
    const key = a[1]!;
    const l = this.readList(key);
    if (l === null) return ERRORS.wrongType;
    if (l === undefined) return OK;
    const n = l.length;
    let s = start < 0 ? n + start : start;
    let e = end < 0 ? n + end : end;
    if (s < 0) s = 0;
    let ltrim: number;
    let rtrim: number;
    if (s > e || s >= n) {
      ltrim = n;
      rtrim = 0;
    } else {
      if (e >= n) e = n - 1;
      ltrim = s;
      rtrim = n - e - 1;
    }
    if (rtrim > 0) l.splice(n - rtrim, rtrim);
    if (ltrim > 0) l.splice(0, ltrim);
    if (l.length === 0) this.db.delete(key);
    this.touch(key);
    return OK;
  }

  // ---- transactions ------------------------------------------------------------------

  private discard(s: Session): void {
    s.inMulti = false;
    s.queue = [];
    s.dirtyExec = false;
    this.unwatchAll(s);
  }

  private exec(): Reply {
    const s = this.sess;
    if (!s.inMulti) return err('ERR EXEC without MULTI');
    if (!s.dirtyCas) {
      for (const [key, expiredAtWatch] of s.watched) {
        if (expiredAtWatch) continue;
        const e = this.db.get(key);
        if (e !== undefined && this.isExpired(e)) {
          s.dirtyCas = true;
          break;
        }
      }
    }
    if (s.dirtyExec || s.dirtyCas) {
      const reply = s.dirtyExec ? ERRORS.execAbort : NIL_ARRAY;
      this.discard(s);
      return reply;
    }
    const queue = s.queue;
    if (this.clusterMode) {
      let slot = -1;
      for (const args of queue) {
        const c = this.resolve(args);
        if ('t' in c || c.keys === null) continue;
        for (const k of c.keys(args)) {
          const ks = keySlot(k);
          if (slot === -1) slot = ks;
          else if (ks !== slot) {
            this.discard(s);
            return ERRORS.crossSlot;
          }
        }
      }
    }
    // Redis unwatches before running the queued commands.
    this.unwatchAll(s);
    s.inMulti = false;
    s.queue = [];
    const out: Reply[] = [];
    for (const args of queue) {
      const c = this.resolve(args);
      out.push('t' in c ? c : c.fn(args));
    }
    return arr(out);
  }

  // ---- scripting ---------------------------------------------------------------------

  private evalCmd(a: string[], bySha: boolean): Reply {
    if (bySha && a[1]!.length !== 40) return ERRORS.noScript;
    const nk = parseInt64(a[2]!);
    if (nk === null) return ERRORS.notInt;
    if (nk > BigInt(a.length - 3)) {
      return err("ERR Number of keys can't be greater than number of args");
    }
    if (nk < 0n) return err("ERR Number of keys can't be negative");
    const numkeys = Number(nk);
    let sha: string;
    let source: string | undefined;
    if (bySha) {
      sha = a[1]!.toLowerCase();
      source = this.scripts.get(sha);
      if (source === undefined) return ERRORS.noScript;
    } else {
      source = a[1]!;
      sha = sha1Hex(source);
    }
    const engine = this.scriptEngine;
    if (engine === null) return ERRORS.noEngine;
    let fresh = false;
    if (!bySha && !this.scripts.has(sha)) {
      const e = engine.compile?.(source, sha) ?? null;
      if (e !== null) return e;
      this.scripts.set(sha, source);
      fresh = engine.compile === undefined;
    }
    const keys = a.slice(3, 3 + numkeys);
    const argv = a.slice(3 + numkeys);
    const prev = this.script;
    const shebang = source.startsWith('#!');
    let flagList: string[] = [];
    if (shebang) {
      const nl = source.indexOf('\n');
      const flagsLine = nl < 0 ? source : source.slice(0, nl);
      flagList = /flags=([^\s]*)/.exec(flagsLine)?.[1]?.split(',') ?? [];
    }
    this.script = {
      slot: this.clusterMode ? this.slotOfKeys(keys) : -1,
      allowCrossSlot: !shebang || flagList.includes('allow-cross-slot-keys'),
      noWrites: shebang && flagList.includes('no-writes'),
    };
    try {
      const r = engine.run(this.host, source, sha, keys, argv);
      if (fresh && r.t === 'err' && r.v.startsWith('ERR Error compiling script')) {
        this.scripts.delete(sha);
      }
      return r;
    } finally {
      this.script = prev;
    }
  }
}
