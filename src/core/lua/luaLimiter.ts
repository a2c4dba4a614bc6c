// algorithm "lua" (docs/spec/headless.md): a learner's script decides each request as an
// atomic EVALSHA against the lab's Redis model. One Limiter is one store (one Redis model);
// with placement local the lab creates one per server.
import { substitute } from './templateArgs';
import { registerLimiter, registerLimiterLoader } from '../limiters/registry';
import type {
  Decision,
  Limiter,
  LimiterFactory,
  LimiterRequest,
  LimiterView,
  Params,
} from '../limiters/types';
import { RedisModel } from '../redis/model';
import type { Reply } from '../redis/reply';
import { sha1Hex } from '../redis/sha1';
import { createLuaEngine, type CreateLuaEngineOptions } from './index';
import { loadModel, saveModel, writeKeys, type ModelState } from './modelState';
import type { ScriptEngine } from './types';

export const LUA_EPOCH = 1700000000;
const FIELDS = new Set(['script', 'keys', 'args']);

export interface LuaLimiterParams {
  script: string;
  keys: string[];
  args: string[];
}

function validate(params: Params, path: string): string[] {
  const out: string[] = [];
  for (const k of Object.keys(params))
    if (!FIELDS.has(k)) out.push(`${path}.${k} is not a parameter of lua`);
  if (typeof params.script !== 'string' || params.script.trim() === '')
    out.push(`${path}.script must be a non-empty string of Lua`);
  for (const f of ['keys', 'args'] as const) {
    const v = params[f];
    if (v === undefined) continue;
    if (!Array.isArray(v) || v.some((x) => typeof x !== 'string'))
      out.push(`${path}.${f} must be an array of strings`);
  }
  return out;
}

const asNumber = (r: Reply | undefined): number | null => {
  if (r === undefined) return null;
  if (r.t === 'int') return Number(r.v);
  if (r.t === 'bulk' && r.v.trim() !== '' && Number.isFinite(Number(r.v))) return Number(r.v);
  return null;
};

/** Read a script's reply as the seed's token bucket returns it. */
export function readDecision(r: Reply): Decision {
  if (r.t === 'err') return { allowed: false, retryAfterSeconds: null, error: r.v };
  const items = r.t === 'arr' ? r.v : [r];
  const allowedN = asNumber(items[0]);
  if (allowedN === null) {
    return {
      allowed: false,
      retryAfterSeconds: null,
      error: 'the script must return 1/0 or {allowed, remaining, retryAfterSeconds}',
    };
  }
  const allowed = allowedN !== 0;
  const d: Decision = { allowed, retryAfterSeconds: null };
  const remaining = asNumber(items[1]);
  if (remaining !== null) d.remaining = remaining;
  const retry = asNumber(items[2]);
  if (!allowed && retry !== null && retry !== 0) d.retryAfterSeconds = retry;
  return d;
}

export class LuaLimiter implements Limiter {
  readonly algorithm = 'lua';
  readonly separableCheck = false;
  readonly model: RedisModel;
  private readonly sha: string;
  protected readonly seen = new Set<string>();
  protected last: Decision | null = null;

  constructor(
    engine: ScriptEngine,
    protected readonly params: LuaLimiterParams,
  ) {
    this.model = new RedisModel({ scriptEngine: engine });
    this.sha = sha1Hex(params.script);
  }

  decide(req: LimiterRequest): Decision {
    this.seen.add(req.key);
    this.model.setTime(LUA_EPOCH + req.at);
    const keys = this.params.keys.map((k) => substitute(k, req, req.at));
    const args = this.params.args.map((a) => substitute(a, req, req.at));
    let r = this.model.call(['EVALSHA', this.sha, String(keys.length), ...keys, ...args]);
    if (r.t === 'err' && r.v.startsWith('NOSCRIPT')) {
      r = this.model.call(['EVAL', this.params.script, String(keys.length), ...keys, ...args]);
    }
    this.last = readDecision(r);
    return this.last;
  }

  /** A script decides and charges at once: check() runs it (the lab calls decide()). */
  check(req: LimiterRequest): Decision {
    return this.decide(req);
  }

  commit(req: LimiterRequest, _admitted: boolean): Decision {
    return this.last ?? this.decide(req);
  }

  private redisKeys(key: string): string[] {
    const req: LimiterRequest = { at: 0, key, server: '', cost: 1, duration: 0 };
    return this.params.keys
      .filter((k) => !/\{(server|cost|now)\}/.test(k))
      .map((k) => substitute(k, req, req.at));
  }

  view(key: string, _now: number): LimiterView | null {
    if (!this.seen.has(key)) return null;
    const names = new Set(this.redisKeys(key));
    return {
      kind: 'opaque',
      key,
      algorithm: 'lua',
      data: this.model.snapshot().filter((k) => names.has(k.key)),
    };
  }

  keys(): string[] {
    return [...this.seen];
  }

  readState(key: string): unknown {
    const names = new Set(this.redisKeys(key));
    const keys = this.model.snapshot().filter((k) => names.has(k.key));
    return keys.length ? keys : undefined;
  }

  writeState(key: string, state: unknown): void {
    this.seen.add(key);
    for (const k of this.redisKeys(key)) this.model.call(['DEL', k]);
    if (Array.isArray(state)) writeKeys(this.model, state);
  }

  snapshot(): unknown {
    return { model: saveModel(this.model), seen: [...this.seen] };
  }

  restore(snapshot: unknown): void {
    const s = snapshot as { model: ModelState; seen: string[] };
    loadModel(this.model, s.model);
    this.seen.clear();
    for (const k of s.seen) this.seen.add(k);
    this.last = null;
  }
}

/** A scenario's lua params with their defaults. */
export function luaParamsOf(params: Params): LuaLimiterParams {
  return {
    script: params.script as string,
    keys: (params.keys as string[] | undefined) ?? ['rl:{key}'],
    args: (params.args as string[] | undefined) ?? [],
  };
}

export function luaLimiterFactory(engine: ScriptEngine): LimiterFactory {
  return {
    validateParams: validate,
    create(params: Params): Limiter {
      return new LuaLimiter(engine, luaParamsOf(params));
    },
  };
}

/** What a page's main thread answers when asked to run a script: it never does. */
export const NOT_ON_THIS_THREAD =
  "learner Lua never runs on the page's main thread: this run should have gone to the lab's Lua worker";

const refusingEngine: ScriptEngine = {
  run: (): Reply => ({ t: 'err', v: `ERR ${NOT_ON_THIS_THREAD}` }),
};

/**
 * "lua" on a page's main thread: it draws the states a worker's run recorded (writeState,
 * restore) and refuses to run a script (every decide is an error naming why).
 */
export const luaViewFactory: LimiterFactory = luaLimiterFactory(refusingEngine);

/** Load the engine and register "lua" with the limiter registry. */
export async function installLuaLimiter(opts: CreateLuaEngineOptions = {}): Promise<ScriptEngine> {
  const engine = await createLuaEngine(opts);
  registerLimiter('lua', luaLimiterFactory(engine));
  return engine;
}

/** Register the lazy loader (Node: the committed wasm file; a browser passes its wasm URL). */
export function registerLuaLimiterLoader(opts: CreateLuaEngineOptions = {}): void {
  registerLimiterLoader('lua', async () => {
    await installLuaLimiter(opts);
  });
}
