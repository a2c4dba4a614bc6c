// The `redis` verb (docs/spec/headless.md): JSON Lines of command cases in, one JSON line of
// replies per case out. Each case runs on a fresh model (empty database, empty script
// cache, clock at Unix 1700000000 or the case's "startTime"). Extension: a case with
// "cluster": true runs with cluster mode on (CROSSSLOT checks).
import { RedisModel } from '../core/redis/model';
import { toJsonText, type Reply } from '../core/redis/reply';
import type { ScriptEngine } from '../core/redis/scripting';

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
      steps.push({ cmd: st.cmd as string[] });
    } else if (st.advance !== undefined) {
      if (typeof st.advance !== 'number' || !Number.isFinite(st.advance)) {
        throw new RedisCaseError(`${at}.advance must be a finite number of seconds`);
      }
      steps.push({ advance: st.advance });
    } else {
      throw new RedisCaseError(`${at} must have "cmd" or "advance"`);
    }
  });
  const c: RedisCase = { name: o.name, steps };
  if (o.startTime !== undefined) {
    if (typeof o.startTime !== 'number' || !Number.isFinite(o.startTime)) {
      throw new RedisCaseError(`${where}: "startTime" must be a number of Unix seconds`);
    }
    c.startTime = o.startTime;
  }
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
    let v: unknown;
    try {
      v = JSON.parse(line);
    } catch (e) {
      throw new RedisCaseError(`line ${i + 1}: not valid JSON: ${(e as Error).message}`);
    }
    cases.push(parseRedisCase(v, `line ${i + 1}`));
  }
  return cases;
}

const SCRIPT_CMDS = new Set(['eval', 'evalsha', 'script', 'eval_ro', 'evalsha_ro']);

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

export async function runRedisVerb(
  input: string,
): Promise<{ stdout: string; stderr?: string; code: number }> {
  let cases: RedisCase[];
  try {
    cases = parseRedisCases(input);
  } catch (e) {
    if (e instanceof RedisCaseError)
      return { stdout: '', stderr: `redis: ${e.message}\n`, code: 2 };
    throw e;
  }
  const engine = needsScripting(cases) ? await loadScriptEngine() : null;
  let out = '';
  for (const c of cases) {
    const replies = runRedisCase(c, engine);
    out += `{"name":${JSON.stringify(c.name)},"replies":[${replies.map(toJsonText).join(',')}]}\n`;
  }
  return { stdout: out, code: 0 };
}
