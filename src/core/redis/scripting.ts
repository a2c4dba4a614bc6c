// The boundary between the Redis model (command layer) and the Lua runtime (src/core/lua).
// The model owns the script cache (SHA-1 -> source), EVAL/EVALSHA/SCRIPT argument parsing,
// NOSCRIPT, cluster-slot checks and atomicity; the engine owns Lua: compiling, running,
// converting replies both ways, budgets and error texts raised inside scripts.
import type { Reply } from './reply';
import type { RedisModel } from './model';

/**
 * What a running script sees of Redis. `call` is the in-script path
 * (`RedisModel.callFromScript`): redis.call and redis.pcall go through it.
 */
export interface ScriptHost {
  call(args: string[]): Reply;
  readonly model: RedisModel;
}

/**
 * A Lua engine, created asynchronously beforehand (e.g. `await createLuaEngine()` from
 * src/core/lua/index.ts) and then used synchronously by the model.
 */
export interface ScriptEngine {
  /**
   * Run a script to completion and return its reply. Synchronous: the model runs nothing
   * else meanwhile, so the script is atomic. `sha` is the lowercase SHA-1 hex of `source`
   * (use it to cache the compiled chunk). Inside, call `host.call(args)` (which is
   * `model.callFromScript`) for each redis.call / redis.pcall; it returns the command's Reply, errors included (as
   * `{t: 'err'}`; redis.call raises them with the script-line suffix, redis.pcall returns
   * them). Compile errors, runtime errors and budget stops come back as error replies.
   */
  run(
    host: ScriptHost,
    source: string,
    sha: string,
    keys: readonly string[],
    argv: readonly string[],
  ): Reply;

  /**
   * Optional: compile `source` without running it (SCRIPT LOAD, and EVAL of a script not yet
   * cached). Return null on success or the error reply Redis would send, e.g.
   * `ERR Error compiling script (new function): user_script:1: ...`. A script whose compile
   * fails is not added to the cache. Without this method SCRIPT LOAD caches any source, and
   * EVAL drops a script from the cache when run() answers `ERR Error compiling script`.
   * A source starting with `#!` (a Redis 7 shebang line such as `#!lua flags=no-writes`) must
   * be compiled without its first line but keeping the line break, as Redis does; the model
   * reads the flags itself (no-writes, allow-cross-slot-keys).
   */
  compile?(source: string, sha: string): Reply | null;

  /** Optional: SCRIPT FLUSH was called; drop compiled chunks. */
  flushScripts?(): void;
}

/** The module shape src/core/lua/index.ts exports. */
export interface LuaEngineModule {
  createLuaEngine(): Promise<ScriptEngine>;
}
