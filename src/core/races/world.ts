// One execution of a schedule prefix: the shared store, one client connection per request
// (its own WATCH and MULTI state), and where each request's code is. Replaying a schedule from
// the initial state always gives the same execution, so the explorer and the scheduler screen
// rebuild a world instead of copying one.
import { RedisModel, type Session } from '../redis/model';
import { toJson, type Reply } from '../redis/reply';
import type { ScriptEngine } from '../redis/scripting';
import { Behaviour, type AppServerEngine, type BNode } from './behaviour';
import { CLOCK, footprint, LOCAL, type Footprint } from './commands';
import {
  PAUSE,
  type Action,
  type KeyState,
  type RequestEnd,
  type RequestSpec,
  type Step,
} from './types';

export type ExplorerEngine = AppServerEngine & ScriptEngine;

export type Status = 'running' | 'done' | 'crashed' | 'starved';

export const DEFAULT_START_TIME = 1700000000;
export const DEFAULT_MAX_ROUND_TRIPS = 60;

/** What every world of one exploration shares: the requests' behaviour trees and the setup. */
export class Program {
  readonly behaviours: Behaviour[];
  constructor(
    readonly engine: ExplorerEngine,
    readonly code: string,
    readonly requests: readonly RequestSpec[],
    readonly initial: readonly string[][],
    readonly opts: {
      maxCrashes: number;
      maxRoundTrips: number;
      startTime: number;
      trackCharges: boolean;
      cluster?: boolean;
      /** Pause lengths (ms) the explorer offers, or 'auto' (until each key's expiry). */
      pauses?: readonly number[] | 'auto';
      /** Most pauses the explorer offers in one schedule. */
      maxPauses?: number;
    },
  ) {
    // Requests with the same code, KEYS and ARGV behave the same: they share one tree.
    const byText = new Map<string, Behaviour>();
    this.behaviours = requests.map((r) => {
      const code = r.code ?? this.code;
      const id = JSON.stringify([code, r.keys, r.args]);
      let b = byText.get(id);
      if (!b) {
        b = new Behaviour(engine, code, r.keys, r.args);
        byText.set(id, b);
      }
      return b;
    });
  }

  dispose(): void {
    for (const b of new Set(this.behaviours)) b.dispose();
    this.spare = null;
  }

  // Building a Redis model costs more than replaying a short schedule on it, so the explorer
  // hands an abandoned world's model back here and the next world starts from it, emptied.
  private spare: RedisModel | null = null;

  /** A store as a fresh model would be: empty, no script cache, the clock at the start. */
  takeModel(): RedisModel {
    const m = this.spare;
    this.spare = null;
    return (
      m ??
      new RedisModel({
        scriptEngine: this.engine,
        startTime: this.opts.startTime,
        clusterMode: this.opts.cluster === true,
      })
    );
  }

  /** Takes back the model of a world that will not be used again, with its connections. */
  recycle(model: RedisModel, sessions: readonly Session[]): void {
    // Drop every connection's WATCHes and MULTI queue (UNWATCH would be queued inside MULTI).
    for (const s of sessions) model.call([s.inMulti ? 'DISCARD' : 'UNWATCH'], s);
    model.call(['FLUSHALL']);
    model.scripts.clear();
    model.setTime(this.opts.startTime);
    this.spare = model;
  }

  get luaStarts(): number {
    let n = 0;
    for (const b of new Set(this.behaviours)) n += b.starts;
    return n;
  }

  get luaSlices(): number {
    let n = 0;
    for (const b of new Set(this.behaviours)) n += b.slices;
    return n;
  }
}

/** An enabled action with what it touches. */
export interface Move extends Action {
  fp: Footprint;
}

export const keyStates = (model: RedisModel): KeyState[] =>
  model.snapshot().map((k) => ({ key: k.key, type: k.type, value: k.value, ttlMs: k.ttlMs }));

function values(model: RedisModel): Map<string, string> {
  const out = new Map<string, string>();
  for (const k of model.snapshot()) out.set(k.key, `${k.type}:${JSON.stringify(k.value)}`);
  return out;
}

function sameValues(a: Map<string, string>, b: Map<string, string>): boolean {
  if (a.size !== b.size) return false;
  for (const [k, v] of a) if (b.get(k) !== v) return false;
  return true;
}

export class World {
  readonly model: RedisModel;
  readonly sessions: Session[];
  readonly at: BNode[];
  readonly status: Status[];
  /** A request's round trip changed a value in the store (for noChargeWhenDenied). */
  readonly charged: boolean[];
  readonly actions: Move[] = [];
  /** Filled when recording: every step with its reply and the store after it. */
  readonly steps: Step[] = [];
  crashesUsed = 0;
  pausesUsed = 0;
  private readonly setup: Session;

  constructor(
    readonly program: Program,
    private readonly record = false,
  ) {
    const p = program;
    this.model = p.takeModel();
    // The setup runs on a connection of its own (it may WATCH or MULTI too).
    this.setup = this.model.createSession();
    for (const cmd of p.initial) this.model.call(cmd, this.setup);
    this.sessions = p.requests.map(() => this.model.createSession());
    this.at = p.behaviours.map((b) => b.root);
    this.status = this.at.map((n) => this.statusAt(n));
    this.charged = p.requests.map(() => false);
  }

  private statusAt(n: BNode): Status {
    if (n.step.kind === 'done') return 'done';
    return n.depth >= this.program.opts.maxRoundTrips ? 'starved' : 'running';
  }

  get length(): number {
    return this.actions.length;
  }

  /** Can request i crash now (between two of its round trips)? */
  canCrash(i: number): boolean {
    return (
      this.status[i] === 'running' &&
      this.at[i]!.depth >= 1 &&
      this.crashesUsed < this.program.opts.maxCrashes
    );
  }

  /** The command request i sends next, if it is still running. */
  nextCommand(i: number): string[] | null {
    const s = this.at[i]!.step;
    return this.status[i] === 'running' && s.kind === 'call' ? s.command : null;
  }

  /** The pause lengths (ms) the explorer tries now: none once maxPauses are used. */
  pauseLengths(): number[] {
    const o = this.program.opts;
    if (!o.pauses || this.pausesUsed >= (o.maxPauses ?? 1)) return [];
    if (o.pauses !== 'auto') return [...o.pauses];
    // Just long enough for a key to expire: its remaining TTL and 1 ms (Redis deletes a key
    // once the clock is past its expiry, not at it), the three nearest.
    const ttls = new Set<number>();
    for (const k of this.model.snapshot())
      if (k.ttlMs !== null && k.ttlMs >= 0) ttls.add(Math.floor(k.ttlMs) + 1);
    return [...ttls].sort((a, b) => a - b).slice(0, 3);
  }

  /**
   * Every action possible now, in request order (a request's round trip before its crash),
   * then the pauses (only while some request is still running).
   */
  moves(): Move[] {
    const out: Move[] = [];
    for (let i = 0; i < this.at.length; i++) {
      const cmd = this.nextCommand(i);
      if (!cmd) continue;
      out.push({ request: i, fp: footprint(cmd, this.sessions[i]!) });
      if (this.canCrash(i)) out.push({ request: i, crash: true, fp: LOCAL });
    }
    if (out.length > 0)
      for (const ms of this.pauseLengths()) out.push({ request: PAUSE, pause: ms, fp: CLOCK });
    return out;
  }

  /** Applies a move that moves() offered (or an action of the same request and kind; any pause). */
  apply(a: Action): void {
    if (a.pause !== undefined) {
      if (!(a.pause > 0) || !Number.isFinite(a.pause)) throw new Error('a pause must be > 0 ms');
      this.model.advance(a.pause / 1000);
      this.pausesUsed++;
      this.actions.push({ request: PAUSE, pause: a.pause, fp: CLOCK });
      if (this.record)
        this.steps.push({ request: PAUSE, pause: a.pause, state: keyStates(this.model) });
      return;
    }
    const i = a.request;
    if (a.crash) {
      if (!this.canCrash(i)) throw new Error(`request ${i} cannot crash now`);
      this.status[i] = 'crashed';
      this.crashesUsed++;
      this.actions.push({ request: i, crash: true, fp: LOCAL });
      if (this.record) this.steps.push({ request: i, crash: true, state: keyStates(this.model) });
      return;
    }
    const node = this.at[i]!;
    const step = node.step;
    if (this.status[i] !== 'running' || step.kind !== 'call')
      throw new Error(`request ${i} has no round trip left`);
    const fp = footprint(step.command, this.sessions[i]!);
    const before = this.program.opts.trackCharges ? values(this.model) : null;
    const reply: Reply = this.model.call(step.command, this.sessions[i]!);
    if (before && !sameValues(before, values(this.model))) this.charged[i] = true;
    this.actions.push({ request: i, fp });
    if (this.record)
      this.steps.push({
        request: i,
        command: [...step.command],
        reply: toJson(reply),
        line: step.line,
        state: keyStates(this.model),
      });
    const next = this.program.behaviours[i]!.child(node, reply);
    this.at[i] = next;
    this.status[i] = this.statusAt(next);
  }

  /** Hands the model back to the program for the next world; this world is dead after it. */
  release(): void {
    this.program.recycle(this.model, [this.setup, ...this.sessions]);
  }

  finished(): boolean {
    return this.status.every((s) => s !== 'running');
  }

  /** How each request ended (or is: a running request reads as not finished). */
  ends(): (RequestEnd | null)[] {
    return this.at.map((n, i) => {
      const st = this.status[i]!;
      if (st === 'crashed') return { kind: 'crashed', afterRoundTrips: n.depth };
      if (st === 'starved') return { kind: 'starved', afterRoundTrips: n.depth };
      if (st === 'running' || n.step.kind !== 'done') return null;
      return endOf(n.step.reply);
    });
  }
}

/** A request is admitted when its code returns 1 or a table whose first element is 1. */
export function isAdmission(r: Reply): boolean {
  if (r.t === 'int') return r.v === 1n;
  if (r.t === 'arr') {
    const f = r.v[0];
    return f !== undefined && f.t === 'int' && f.v === 1n;
  }
  return false;
}

export function endOf(r: Reply): RequestEnd {
  if (r.t === 'err') return { kind: 'error', reply: toJson(r), message: r.v };
  return isAdmission(r)
    ? { kind: 'admitted', reply: toJson(r) }
    : { kind: 'refused', reply: toJson(r) };
}
