// Runs a learner's Lua limiter on explicit traffic, the two ways the lab knows, and records
// everything the editor shows: each request's decision, every redis.call with its reply, the
// script's final reply, and the store's keys after every change (the key inspector).
//
// - "script": atomic EVALSHA on the shared store, one round trip (placement shared).
// - "app": the same Lua as app-server code; each redis.call is its own round trip to the
//   shared store (latency each way), so calls from two servers interleave (the race).
//
// Pure: give it a Lua engine (src/core/lua) and a clock for the run budget. The editor runs
// it inside a Web Worker; tests run it in Node.
import type { LuaRuntime } from '../lua/engine';
import { LUA_EPOCH, readDecision } from '../lua/luaLimiter';
import type { LogLine } from '../lua/types';
import type { Decision } from '../limiters/types';
import { RedisModel, type KeySnapshot } from '../redis/model';
import { toJson, type JsonReply, type Reply } from '../redis/reply';
import type { ScriptEngine, ScriptHost } from '../redis/scripting';
import { sha1Hex } from '../redis/sha1';
import { commandKeys, isReadCommand, isWriteCommand } from '../redis/table';
import { substitute, type EditorRequest } from './traffic';

export type RunMode = 'script' | 'app';

export interface RunInput {
  mode: RunMode;
  script: string;
  /** KEYS and ARGV templates ({key} {server} {cost} {now}). */
  keys: string[];
  args: string[];
  requests: EditorRequest[];
  /** One-way latency between an app server and the store, seconds. */
  latency: number;
  /** Wall-clock budget for the whole run, ms: requests after it are not run. Default 2500. */
  runBudgetMs?: number;
}

export interface TraceCall {
  args: string[];
  reply: JsonReply;
  /** Virtual time the command ran at the store. */
  at: number;
  /** app mode: this write replaced a value another request changed after this one read it. */
  stale?: boolean;
}

export interface RequestRecord {
  index: number;
  at: number;
  server: string;
  key: string;
  cost: number;
  /** KEYS and ARGV after substitution. */
  keys: string[];
  argv: string[];
  /** When the decision was known at the app server (script: at the store). */
  decidedAt: number;
  decision: Decision;
  reply: JsonReply;
  calls: TraceCall[];
  logs: LogLine[];
  /** The script line an error reply names, if any. */
  errorLine: number | null;
  /** The script was stopped for running too long. */
  killed: boolean;
  /** app mode: at least one of its writes lost another request's update. */
  stale: boolean;
  /** Not run: the run's budget was used up by earlier requests. */
  skipped: boolean;
}

export interface KeyFrame {
  /** Virtual time (seconds, scenario clock) this state starts at. */
  at: number;
  keys: KeySnapshot[];
}

export interface RunOutput {
  mode: RunMode;
  records: RequestRecord[];
  /** The store's keys after every change, in time order (starts empty at 0). */
  frames: KeyFrame[];
  /** A script that does not compile: Redis's message and the line it names. */
  compileError: { message: string; line: number | null } | null;
  killedCount: number;
  skippedCount: number;
}

const KILLED = 'Script killed by the lab';

const STALE_WRITES = new Set(['set', 'mset', 'hset', 'hmset', 'zadd', 'getset', 'setex', 'psetex']);

function lineOf(message: string): number | null {
  const m = /on @user_script:(\d+)\./.exec(message) ?? /user_script:(\d+):/.exec(message);
  return m ? Number(m[1]) : null;
}

/** Virtual times on the model's microsecond grid (no 1.3000000000000003 in the trace). */
const us = (t: number) => Math.round(t * 1e6) / 1e6;

function errorDecision(message: string): Decision {
  return { allowed: false, retryAfterSeconds: null, error: message };
}

export function runScriptOn(engine: LuaRuntime, input: RunInput, wallNow: () => number): RunOutput {
  const sha = sha1Hex(input.script);
  const compiled = engine.compile(input.script, sha);
  const out: RunOutput = {
    mode: input.mode,
    records: [],
    frames: [{ at: 0, keys: [] }],
    compileError: null,
    killedCount: 0,
    skippedCount: 0,
  };
  if (compiled && compiled.t === 'err') {
    out.compileError = { message: compiled.v, line: lineOf(compiled.v) };
  }

  // Every request, in arrival order (ties: input order), as the scene's engine orders them.
  const order = input.requests
    .map((r, index) => ({ r, index }))
    .sort((a, b) => a.r.at - b.r.at || a.index - b.index);

  let calls: TraceCall[] = [];
  let clock = 0;
  const tracing: ScriptEngine = {
    run(host: ScriptHost, source, s, keys, argv): Reply {
      return engine.run(
        {
          call(args: string[]): Reply {
            const r = host.call(args);
            calls.push({ args: [...args], reply: toJson(r), at: clock });
            return r;
          },
        },
        source,
        s,
        keys,
        argv,
      );
    },
    compile: (source, s) => engine.compile(source, s),
    flushScripts: () => engine.flushScripts(),
  };
  const model = new RedisModel({ scriptEngine: tracing, startTime: LUA_EPOCH });
  const frame = (at: number) => out.frames.push({ at, keys: model.snapshot() });
  const started = wallNow();
  const budget = input.runBudgetMs ?? 2500;
  const overBudget = () => wallNow() - started > budget;
  engine.drainLogs();

  const blank = (index: number, req: EditorRequest): RequestRecord => ({
    index,
    at: req.at,
    server: req.server,
    key: req.key,
    cost: req.cost,
    keys: [],
    argv: [],
    decidedAt: req.at,
    decision: errorDecision('not run'),
    reply: null,
    calls: [],
    logs: [],
    errorLine: null,
    killed: false,
    stale: false,
    skipped: false,
  });
  const records: RequestRecord[] = input.requests.map((r, i) => blank(i, r));
  out.records = records;

  const finish = (rec: RequestRecord, reply: Reply) => {
    rec.reply = toJson(reply);
    rec.decision = readDecision(reply);
    if (reply.t === 'err') {
      rec.errorLine = lineOf(reply.v);
      if (reply.v.includes(KILLED)) {
        rec.killed = true;
        out.killedCount++;
      }
    }
    rec.logs = engine.drainLogs();
  };
  const skip = (rec: RequestRecord) => {
    rec.skipped = true;
    rec.decision = errorDecision(
      'not run: the script used up the time this run allows, so the lab stopped running it',
    );
    out.skippedCount++;
  };

  if (out.compileError) {
    for (const rec of records) {
      rec.decision = errorDecision(out.compileError.message);
      rec.reply = { err: out.compileError.message };
      rec.errorLine = out.compileError.line;
    }
    return out;
  }

  if (input.mode === 'script') {
    for (const { r, index } of order) {
      const rec = records[index]!;
      const t = us(r.at + input.latency);
      rec.decidedAt = t;
      if (overBudget()) {
        skip(rec);
        continue;
      }
      rec.keys = input.keys.map((k) => substitute(k, r, t));
      rec.argv = input.args.map((a) => substitute(a, r, t));
      model.setTime(LUA_EPOCH + t);
      clock = t;
      calls = [];
      let reply = model.call(['EVALSHA', sha, String(rec.keys.length), ...rec.keys, ...rec.argv]);
      if (reply.t === 'err' && reply.v.startsWith('NOSCRIPT'))
        reply = model.call([
          'EVAL',
          input.script,
          String(rec.keys.length),
          ...rec.keys,
          ...rec.argv,
        ]);
      rec.calls = calls;
      finish(rec, reply);
      frame(t);
    }
    return out;
  }

  // App-server mode: a discrete-event run. Each request starts its Lua at its arrival time;
  // each redis.call travels to the store (latency), runs there, and its reply travels back.
  type Ev = {
    time: number;
    seq: number;
    kind: 'start' | 'store' | 'resume';
    i: number;
    args?: string[];
    reply?: Reply;
  };
  const queue: Ev[] = [];
  let seq = 0;
  const push = (e: Omit<Ev, 'seq'>) => {
    const ev = { ...e, time: us(e.time), seq: seq++ };
    // Keep the queue sorted by (time, seq); it is small.
    let k = queue.length;
    while (
      k > 0 &&
      (queue[k - 1]!.time > ev.time ||
        (queue[k - 1]!.time === ev.time && queue[k - 1]!.seq > ev.seq))
    )
      k--;
    queue.splice(k, 0, ev);
  };
  for (const { r, index } of order) push({ time: r.at, kind: 'start', i: index });
  const runs = new Map<number, ReturnType<LuaRuntime['startAppServerRun']>>();
  const version = new Map<string, number>();
  const readAt = new Map<number, Map<string, number>>();
  const lastWriter = new Map<string, number>();
  const step = (i: number, time: number, reply?: Reply) => {
    const rec = records[i]!;
    const run = runs.get(i)!;
    const s = reply === undefined ? run.next() : run.next(reply);
    if (s.kind === 'call') {
      push({ time: time + input.latency, kind: 'store', i, args: s.args });
      return;
    }
    runs.delete(i);
    rec.decidedAt = time;
    finish(rec, s.reply);
  };
  while (queue.length) {
    const ev = queue.shift()!;
    const rec = records[ev.i]!;
    if (rec.skipped) continue;
    if (overBudget()) {
      runs.get(ev.i)?.cancel();
      runs.delete(ev.i);
      rec.decidedAt = ev.time;
      skip(rec);
      continue;
    }
    if (ev.kind === 'start') {
      const r = input.requests[ev.i]!;
      rec.keys = input.keys.map((k) => substitute(k, r, ev.time));
      rec.argv = input.args.map((a) => substitute(a, r, ev.time));
      runs.set(ev.i, engine.startAppServerRun(input.script, rec.keys, rec.argv));
      readAt.set(ev.i, new Map());
      step(ev.i, ev.time);
    } else if (ev.kind === 'store') {
      const args = ev.args!;
      model.setTime(LUA_EPOCH + ev.time);
      const reply = model.call(args);
      const name = args[0]!.toLowerCase();
      const names = commandKeys(args);
      const mine = readAt.get(ev.i)!;
      let stale = false;
      if (isReadCommand(args)) {
        for (const k of names) if (!mine.has(k)) mine.set(k, version.get(k) ?? 0);
      } else if (isWriteCommand(args) && reply.t !== 'err') {
        for (const k of names) {
          const v = version.get(k) ?? 0;
          if (
            STALE_WRITES.has(name) &&
            mine.has(k) &&
            mine.get(k) !== v &&
            lastWriter.get(k) !== ev.i
          )
            stale = true;
          version.set(k, v + 1);
          lastWriter.set(k, ev.i);
        }
      }
      const call: TraceCall = { args: [...args], reply: toJson(reply), at: ev.time };
      if (stale) {
        call.stale = true;
        rec.stale = true;
      }
      rec.calls.push(call);
      frame(ev.time);
      push({ time: ev.time + input.latency, kind: 'resume', i: ev.i, reply });
    } else {
      step(ev.i, ev.time, ev.reply!);
    }
  }
  return out;
}

/** The store's keys at virtual time t (the last frame at or before t), TTLs counted down. */
export function keysAt(frames: readonly KeyFrame[], t: number): KeySnapshot[] {
  let lo = 0;
  let hi = frames.length;
  while (lo < hi) {
    const m = (lo + hi) >> 1;
    if (frames[m]!.at <= t + 1e-9) lo = m + 1;
    else hi = m;
  }
  const f = frames[lo - 1];
  if (!f) return [];
  const dt = (t - f.at) * 1000;
  const out: KeySnapshot[] = [];
  for (const k of f.keys) {
    if (k.ttlMs === null) out.push(k);
    else if (k.ttlMs - dt > 0) out.push({ ...k, ttlMs: k.ttlMs - dt });
  }
  return out;
}
