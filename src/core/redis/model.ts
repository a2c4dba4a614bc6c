// The lab's in-browser model of Redis 7.0, entry point: dispatch. A command line is resolved
// in the one command table (table.ts; the families live in commands/*.ts), checked as Redis's
// processCommand checks it (unknown command, arity, cluster slots), queued inside MULTI, or
// run. Scripts' calls come back through callFromScript, which applies Redis's in-script rules
// (scriptCall in script.c). The keyspace (keyspace.ts) holds the data on a virtual clock.
// Replies, error texts and number formats follow redis-server 7.0.15; test/redis holds the
// differential corpus that checks them.
import type { Command, Ctx, ScriptRules } from './command';
import { stream, type Rng } from '../sim/rng';
import { FunctionRegistry } from './functionLib';
import { DATABASES, Keyspace, type KeySnapshot } from './keyspace';
import { err, type Reply } from './reply';
import type { ScriptEngine, ScriptHost } from './scripting';
import { Session } from './session';
import { arityError, ERRORS, QUEUED } from './shared';
import { sha1Hex } from './sha1';
import { keySlot } from './slot';
import { findCommand, keysOf } from './table';

export type { Entry, KeySnapshot, RedisType } from './keyspace';
export { Session } from './session';
export { ERRORS } from './shared';

export interface RedisModelOptions {
  /** Unix seconds the virtual clock starts at (default 1700000000). */
  startTime?: number;
  clusterMode?: boolean;
  scriptEngine?: ScriptEngine | null;
  /** Seeds the random commands (SPOP, SRANDMEMBER, HRANDFIELD, ZRANDMEMBER); default 0. */
  seed?: number;
}

export const DEFAULT_START_TIME = 1700000000;
/**
 * The virtual clock's range in Unix seconds: up to here (about the year 2255) it keeps whole
 * microseconds exactly, as a real server's clock would.
 */
export const MAX_CLOCK_SECONDS = 9e9;

/** The clock at `seconds` in whole microseconds; a RangeError naming `what` outside the range. */
function clockUs(seconds: number, what: string): number {
  if (!Number.isFinite(seconds) || seconds < 0 || seconds > MAX_CLOCK_SECONDS)
    throw new RangeError(
      `${what}: the clock must stay within 0 to ${MAX_CLOCK_SECONDS} Unix seconds (got ${seconds})`,
    );
  return Math.round(seconds * 1e6);
}

function unknownCommand(a: readonly string[]): Reply {
  const name = a[0]!;
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

function unknownSubcommand(a: readonly string[]): Reply {
  const sub = a[1]!;
  return err(
    `ERR unknown subcommand '${sub.slice(0, 128)}'. Try ${a[0]!.toUpperCase()} HELP.`.replace(
      /[\r\n]/g,
      ' ',
    ),
  );
}

/** The slot shared by `keys`, -1 for none, -2 when they span slots. */
function slotOfKeys(keys: readonly string[]): number {
  let slot = -1;
  for (const k of keys) {
    const s = keySlot(k);
    if (slot === -1) slot = s;
    else if (s !== slot) return -2;
  }
  return slot;
}

/** The context the command implementations run in (one per model; `session` follows the caller). */
class ModelCtx implements Ctx {
  session: Session;
  readonly scripts = new Map<string, string>();
  readonly functions = new FunctionRegistry();
  random: Rng;
  /** The in-script rules of the script running now, if any. */
  script: ScriptRules | null = null;
  denyBlocking = false;

  get inScript(): boolean {
    return this.script !== null;
  }
  /** The connection's selected database. */
  get db(): Keyspace {
    return this.dbs[this.session.db]!;
  }
  constructor(
    readonly dbs: readonly Keyspace[],
    public scriptEngine: ScriptEngine | null,
    public clusterMode: boolean,
    private readonly model: RedisModel,
    private readonly host: ScriptHost,
    readonly seed: number,
  ) {
    this.session = model.defaultSession;
    this.random = stream(seed, 'redis');
  }

  runQueued(cmd: Command, args: string[]): Reply {
    const prev = this.denyBlocking;
    this.denyBlocking = true;
    try {
      return cmd.run(this, args);
    } finally {
      this.denyBlocking = prev;
    }
  }

  runScript(
    rules: ScriptRules,
    source: string,
    sha: string,
    keys: readonly string[],
    argv: readonly string[],
  ): Reply {
    const prev = this.script;
    const prevDeny = this.denyBlocking;
    // A SELECT inside a script lasts until the script ends (Redis 7).
    const prevDb = this.session.db;
    this.script = rules;
    this.denyBlocking = true;
    try {
      return this.scriptEngine!.run(this.host, source, sha, keys, argv);
    } finally {
      this.script = prev;
      this.denyBlocking = prevDeny;
      this.session.db = prevDb;
    }
  }
}

export class RedisModel {
  private readonly ks: Keyspace;
  private readonly ctx: ModelCtx;
  /** The connection `call` uses when none is given. */
  readonly defaultSession = new Session();

  constructor(opts: RedisModelOptions = {}) {
    this.ks = new Keyspace(clockUs(opts.startTime ?? DEFAULT_START_TIME, 'startTime'));
    for (let i = 1; i < DATABASES; i++) new Keyspace(0, i, this.ks.server);
    const host: ScriptHost = { call: (args: string[]) => this.callFromScript(args), model: this };
    this.ctx = new ModelCtx(
      this.ks.server.dbs,
      opts.scriptEngine ?? null,
      opts.clusterMode ?? false,
      this,
      host,
      opts.seed ?? 0,
    );
  }

  /** The script cache: lowercase SHA-1 hex -> source. */
  get scripts(): Map<string, string> {
    return this.ctx.scripts;
  }

  /** With cluster mode on, multi-key commands and scripts must stay in one slot. */
  get clusterMode(): boolean {
    return this.ctx.clusterMode;
  }
  set clusterMode(on: boolean) {
    this.ctx.clusterMode = on;
  }

  /** The Lua runtime; EVAL and friends answer an error while it is null. */
  get scriptEngine(): ScriptEngine | null {
    return this.ctx.scriptEngine;
  }
  set scriptEngine(e: ScriptEngine | null) {
    this.ctx.scriptEngine = e;
  }

  // ---- clock -------------------------------------------------------------------------

  /** Virtual time in seconds since the Unix epoch (microsecond resolution). */
  get now(): number {
    return this.ks.nowUs / 1e6;
  }

  /** Virtual time in whole microseconds since the Unix epoch. */
  get nowMicros(): number {
    return this.ks.nowUs;
  }

  /** Move the clock forward (or back, with a negative value) by `seconds`. */
  advance(seconds: number): void {
    if (!Number.isFinite(seconds)) throw new RangeError('advance: seconds must be finite');
    clockUs(this.ks.nowUs / 1e6 + seconds, 'advance');
    this.ks.nowUs += Math.round(seconds * 1e6);
  }

  /** Set the clock to `seconds` since the Unix epoch. */
  setTime(seconds: number): void {
    this.ks.nowUs = clockUs(seconds, 'setTime');
  }

  // ---- cluster, sessions, inspection -------------------------------------------------

  /** The cluster hash slot (0..16383) of a key, {hash tags} included. */
  slotOf(key: string): number {
    return keySlot(key);
  }

  /** A new client connection with its own MULTI/WATCH state. */
  createSession(): Session {
    return new Session();
  }

  /** Every live key (expired ones are dropped first), for the UI. */
  snapshot(): KeySnapshot[] {
    return this.ks.snapshot();
  }

  /**
   * Write keys back from `snapshot()` output (checkpoints, a worker's copy), replacing those
   * keys, TTLs counted from the current virtual time. Every type, sets included.
   */
  restoreKeys(keys: readonly KeySnapshot[]): void {
    this.ks.restore(keys);
  }

  /** Empty the database and the script cache (a fresh server). */
  reset(): void {
    for (const ks of this.ks.server.dbs) ks.flush();
    this.defaultSession.db = 0;
    this.ctx.scripts.clear();
    this.ctx.functions.clear();
    this.ctx.random = stream(this.ctx.seed, 'redis');
    this.ctx.scriptEngine?.flushScripts?.();
  }

  /** The SHA-1 Redis names a script by (lowercase hex). */
  static sha1(source: string): string {
    return sha1Hex(source);
  }

  // ---- dispatch ----------------------------------------------------------------------

  /** lookupCommand + commandCheckExistence + commandCheckArity. */
  private resolve(a: readonly string[]): Command | Reply {
    let cmd = findCommand(a[0]!);
    if (cmd === undefined) return unknownCommand(a);
    if (cmd.subs !== null && a.length >= 2) {
      const sc = cmd.subs.get(a[1]!.toLowerCase());
      if (sc === undefined) return unknownSubcommand(a);
      cmd = sc;
    }
    const n = a.length;
    if ((cmd.arity > 0 && cmd.arity !== n) || n < -cmd.arity) return arityError(cmd.name);
    return cmd;
  }

  /** getNodeByQuery on a one-node cluster: do the keys (EXEC: of the whole queue) share a slot? */
  private crossSlot(cmd: Command, args: readonly string[], session: Session): boolean {
    if (cmd.name === 'exec') {
      if (!session.inMulti) return false;
      let slot = -1;
      for (const q of session.queue) {
        if (!q.cmd.hasKeys) continue;
        for (const k of keysOf(q.cmd, q.args)) {
          const s = keySlot(k);
          if (slot === -1) slot = s;
          else if (s !== slot) return true;
        }
      }
      return false;
    }
    return cmd.hasKeys && slotOfKeys(keysOf(cmd, args)) === -2;
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
    if (this.ctx.clusterMode && this.crossSlot(cmd, args, session)) {
      if (cmd.name === 'exec') {
        session.inMulti = false;
        session.queue = [];
        session.dirtyExec = false;
        this.ks.unwatchAll(session);
      } else if (session.inMulti) session.dirtyExec = true;
      return ERRORS.crossSlot;
    }
    if (session.inMulti && !cmd.notQueued) {
      session.queue.push({ cmd, args: args.slice() });
      return QUEUED;
    }
    const ctx = this.ctx;
    const prev = ctx.session;
    if (prev === session) return cmd.run(ctx, args);
    ctx.session = session;
    try {
      return cmd.run(ctx, args);
    } finally {
      ctx.session = prev;
    }
  }

  /**
   * A command called by a running script (redis.call / redis.pcall). Applies Redis's
   * in-script rules: unknown commands, wrong arity and commands not allowed from scripts get
   * the scripting errors; read-only scripts may not write; in cluster mode keys must stay in
   * the script's slot. Returns the Reply, error replies included; raising them is the Lua
   * engine's job.
   */
  callFromScript(args: string[]): Reply {
    if (args.length === 0)
      return err('ERR Please specify at least one argument for this redis lib call');
    let cmd = findCommand(args[0]!);
    if (cmd !== undefined && cmd.subs !== null && args.length >= 2) {
      cmd = cmd.subs.get(args[1]!.toLowerCase());
    }
    if (cmd === undefined) return err('ERR Unknown Redis command called from script');
    const n = args.length;
    if ((cmd.arity > 0 && cmd.arity !== n) || n < -cmd.arity) {
      return err('ERR Wrong number of args calling Redis command from script');
    }
    if (cmd.noscript) return err('ERR This Redis command is not allowed from script');
    const ctx = this.ctx;
    const rules = ctx.script;
    if (rules !== null && rules.readOnly && (cmd.write || cmd.mayReplicate)) {
      return err('ERR Write commands are not allowed from read-only scripts.');
    }
    if (ctx.clusterMode && cmd.hasKeys && rules !== null) {
      const slot = slotOfKeys(keysOf(cmd, args));
      if (slot === -2) {
        return err('ERR Script attempted to access a non local key in a cluster node');
      }
      if (slot >= 0 && !rules.allowCrossSlot) {
        if (rules.slot === -1) rules.slot = slot;
        else if (rules.slot !== slot) {
          return err('ERR Script attempted to access keys that do not hash to the same slot');
        }
      }
    }
    return cmd.run(ctx, args);
  }
}
