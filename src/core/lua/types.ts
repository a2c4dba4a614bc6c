// The engine's contract with the Redis model (src/core/redis/scripting.ts calls run() from
// EVAL/EVALSHA) and with the app-server scheduler (startAppServerRun).
import type { Reply } from '../redis/reply';

/** What a script's redis.call reaches: the model's command entry point. */
export interface RedisLike {
  call(args: string[]): Reply;
  /** Does the model have this command (redis.acl_check_cmd)? Assumed so when absent. */
  hasCommand?(name: string): boolean;
}

export interface ScriptEngine {
  run(
    model: RedisLike,
    source: string,
    sha: string,
    keys: readonly string[],
    argv: readonly string[],
  ): Reply;
}

export interface LogLine {
  /** redis.LOG_DEBUG 0, LOG_VERBOSE 1, LOG_NOTICE 2, LOG_WARNING 3 */
  level: number;
  message: string;
}

/** One step of an app-server run: a Redis call to deliver, or the run's final reply. */
export type AppServerStep = { kind: 'call'; args: string[] } | { kind: 'done'; reply: Reply };

export interface AppServerRun {
  /** Start (no argument) or resume with the reply to the last call. */
  next(reply?: Reply): AppServerStep;
  /** Abandon a run that will not be resumed (a later next() answers done). */
  cancel(): void;
}
