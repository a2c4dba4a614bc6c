// Copy a Redis model's keys and clock out and back in (checkpoints, the worker's snapshots).
// Uses only the model's public surface: snapshot() to read, commands to write.
import { formatScore } from '../redis/numfmt';
import type { KeySnapshot, RedisModel } from '../redis/model';

export interface ModelState {
  /** Virtual time, microseconds since the Unix epoch. */
  nowMicros: number;
  keys: KeySnapshot[];
  /** The script cache, sha -> source. */
  scripts: Array<[string, string]>;
}

export function saveModel(model: RedisModel): ModelState {
  return { nowMicros: model.nowMicros, keys: model.snapshot(), scripts: [...model.scripts] };
}

/** Write keys into the model (replacing those keys), with their remaining TTLs. */
export function writeKeys(model: RedisModel, keys: readonly KeySnapshot[]): void {
  for (const k of keys) {
    model.call(['DEL', k.key]);
    switch (k.type) {
      case 'string':
        model.call(['SET', k.key, k.value as string]);
        break;
      case 'hash': {
        const pairs = k.value as Array<[string, string]>;
        if (pairs.length) model.call(['HSET', k.key, ...pairs.flat()]);
        break;
      }
      case 'zset': {
        const items = k.value as Array<[string, number]>;
        if (items.length)
          model.call(['ZADD', k.key, ...items.flatMap(([m, s]) => [formatScore(s), m])]);
        break;
      }
      case 'list': {
        const items = k.value as string[];
        if (items.length) model.call(['RPUSH', k.key, ...items]);
        break;
      }
    }
    if (k.ttlMs !== null) model.call(['PEXPIRE', k.key, String(Math.max(1, Math.round(k.ttlMs)))]);
  }
}

/** Replace the model's whole state (keys, clock, script cache) with `s`. */
export function loadModel(model: RedisModel, s: ModelState): void {
  model.reset();
  model.setTime(s.nowMicros / 1e6);
  writeKeys(model, s.keys);
  for (const [sha, src] of s.scripts) model.scripts.set(sha, src);
}
