// The model's side of a real run, inside a worker thread (learner Lua never runs on the
// server's main thread; the parent stops this thread at its deadline). Each case runs on a
// fresh model and Lua engine, as the `redis` verb runs it, and also records what the real run
// needs: the key states after every command, the keys named so far, and every reason the case
// must not reach a real server (a never-sent command, a script touching a key not in KEYS).
import { canonicalKeys, type KeyView } from '../../core/redis/compare';
import { createLuaEngine } from '../../core/lua/index';
import { RedisModel } from '../../core/redis/model';
import { toJson, type JsonReply } from '../../core/redis/reply';
import { commandKeys } from '../../core/redis/table';
import type { RedisCase } from '../../cli/redisVerb';
import { readKeys } from './keyState';
import { guardEngine, refusal } from './safety';

export interface ModelStep {
  command: string[];
  reply: JsonReply;
  keys: KeyView[];
}

export interface ModelCase {
  steps: ModelStep[];
  /** Every key the case names or its scripts touch, in first-seen order. */
  keys: string[];
  /** Why this case must not reach a real server ([] when it may). */
  refusals: string[];
}

export async function modelJob(input: { cases: RedisCase[] }): Promise<ModelCase[]> {
  const out: ModelCase[] = [];
  for (const c of input.cases) {
    const engine = guardEngine(await createLuaEngine());
    const model = new RedisModel({
      startTime: c.startTime,
      clusterMode: c.cluster ?? false,
      scriptEngine: engine,
    });
    const reader = model.createSession(); // reads never land inside the case's MULTI
    const known: string[] = [];
    const note = (k: string) => {
      if (!known.includes(k)) known.push(k);
    };
    const refusals: string[] = [];
    const steps: ModelStep[] = [];
    for (const [i, s] of c.steps.entries()) {
      if (!('cmd' in s)) {
        if (s.advance < 0)
          refusals.push(`steps[${i}]: a real server's clock cannot go back (advance ${s.advance})`);
        model.advance(s.advance);
        continue;
      }
      const why = refusal(s.cmd);
      if (why) refusals.push(`steps[${i}]: ${why}`);
      commandKeys(s.cmd).forEach(note);
      const reply = toJson(model.call(s.cmd));
      for (const w of engine.take()) refusals.push(`steps[${i}]: ${w}`);
      if (
        /^evalsha(_ro)?$/i.test(s.cmd[0]!) &&
        typeof reply === 'object' &&
        reply !== null &&
        'err' in reply &&
        reply.err.startsWith('NOSCRIPT')
      )
        refusals.push(
          `steps[${i}]: EVALSHA of a script this case did not load: the real server may hold another client's script by that SHA, which the lab has not checked`,
        );
      if (JSON.stringify(reply).includes('Script killed by the lab'))
        refusals.push(
          `steps[${i}]: the script ran past the model's budget; on a real server it would block every client, so it is not sent`,
        );
      const keys = canonicalKeys(await readKeys(() => (a) => model.call(a, reader), known));
      steps.push({ command: s.cmd, reply, keys });
    }
    out.push({ steps, keys: known, refusals });
  }
  return out;
}
