// The rules that keep the lab's hands off a real server's other data. A server the lab did not
// start is someone else's: every key the lab writes carries the run's prefix, commands that
// reach beyond one's own keys are never sent, and a script may touch only the keys it was
// given in KEYS (the model's run shows which keys it touched). Redis Cluster demands the same.
import { randomBytes } from 'node:crypto';
import { mapKeys } from '../../core/redis/keyPositions';
import type { Reply } from '../../core/redis/reply';
import type { ScriptEngine, ScriptHost } from '../../core/redis/scripting';
import { commandKeys, resolveCommand } from '../../core/redis/table';

export const DEFAULT_PREFIX = 'ratelab:';

/** Never sent to a real server, with the reason. */
const NEVER: Record<string, string> = {
  flushall: 'it deletes every key on the server',
  flushdb: 'it deletes every key in the database',
  'script|flush': "it empties the server's script cache for everyone",
  'script|kill': "it stops another client's running script",
  config: "it changes the server's configuration",
  shutdown: 'it stops the server',
  debug: 'it can crash or change the server',
  save: 'it writes the whole database to disk',
  bgsave: 'it writes the whole database to disk',
  bgrewriteaof: 'it rewrites the whole append-only file',
  replicaof: 'it makes the server a replica, dropping its data',
  slaveof: 'it makes the server a replica, dropping its data',
  failover: "it changes the server's role",
  swapdb: 'it swaps whole databases',
  select: 'it leaves database 0, where the lab keeps its keys',
  move: 'it moves a key to another database',
  migrate: 'it moves keys to another server',
  module: 'it loads code into the server',
  acl: "it changes the server's users",
  client: "it acts on other clients' connections",
  monitor: "it shows every client's commands",
  function: 'functions are shared by every client of the server',
  fcall: 'it runs a function another client loaded (the lab never loads one there)',
  fcall_ro: 'it runs a function another client loaded (the lab never loads one there)',
  publish: 'it reaches every subscriber of the channel, other clients included',
  spublish: 'it reaches every subscriber of the channel, other clients included',
  keys: "it lists keys outside the lab's prefix",
  scan: "it lists keys outside the lab's prefix",
  randomkey: "it answers keys outside the lab's prefix",
  dbsize: "it counts keys outside the lab's prefix",
};

/** Blocking commands: where their timeout is (-1: the last argument). */
const BLOCKING_TIMEOUT_AT: Record<string, number> = {
  blpop: -1,
  brpop: -1,
  brpoplpush: -1,
  blmove: -1,
  bzpopmin: -1,
  bzpopmax: -1,
  blmpop: 1,
  bzmpop: 1,
};
/** A blocking command may wait at most this long on a real server. */
export const MAX_BLOCK_SECONDS = 5;

/**
 * Why `args` must not be sent to a real server, or null when it may be. Only commands the
 * lab's model knows are sent (there is nothing to compare the others with).
 */
export function refusal(args: readonly string[]): string | null {
  if (args.length === 0) return 'an empty command';
  const name = args[0]!.toLowerCase();
  const sub = args.length > 1 ? `${name}|${args[1]!.toLowerCase()}` : name;
  const upper = (NEVER[sub] || name === 'cluster' ? sub.replace('|', ' ') : name).toUpperCase();
  const reason = NEVER[sub] ?? NEVER[name];
  if (reason) return `${upper} is never sent to a real server: ${reason}`;
  if (name === 'cluster' && sub !== 'cluster|keyslot')
    return `${upper} is never sent to a real server: only CLUSTER KEYSLOT is`;
  if (name === 'sort' || name === 'sort_ro') {
    for (let i = 2; i < args.length - 1; i++) {
      const w = args[i]!.toLowerCase();
      if ((w === 'by' && args[i + 1]!.includes('*')) || w === 'get')
        return `${name.toUpperCase()} with ${w.toUpperCase()} reads other keys by pattern, outside the lab's prefix`;
    }
  }
  if (name === 'copy' && args.some((a, i) => i > 2 && a.toLowerCase() === 'db'))
    return "COPY with DB writes to another database, outside the lab's keys";
  const timeout = BLOCKING_TIMEOUT_AT[name];
  if (timeout !== undefined) {
    const t = Number(args[timeout === -1 ? args.length - 1 : timeout]);
    if (!(t > 0 && t <= MAX_BLOCK_SECONDS))
      return `${name.toUpperCase()} with a timeout of ${args[timeout === -1 ? args.length - 1 : timeout]} could hold the lab's connection ${t === 0 ? 'for ever' : 'too long'} on a real server (the model answers at once); give a timeout up to ${MAX_BLOCK_SECONDS} s`;
  }
  if (resolveCommand(args) === undefined)
    return `${args[0]} is not a command the lab's model knows, so it is not sent (there is nothing to compare it with)`;
  return null;
}

/** A fresh prefix for one run: `ratelab:` + 10 hex digits + `:`. */
export function newPrefix(base: string = DEFAULT_PREFIX): string {
  if (base === '' || /[{}*?[\]\\]/.test(base))
    throw new Error(`prefix "${base}" must be non-empty, without braces or glob characters`);
  return `${base}${randomBytes(5).toString('hex')}:`;
}

/** Does `key` carry a hash tag (a `{...}` with something inside) that decides its slot? */
function hasHashTag(key: string): boolean {
  const open = key.indexOf('{');
  if (open < 0) return false;
  const close = key.indexOf('}', open + 1);
  return close > open + 1;
}

/**
 * The real name of a key under the prefix. The prefix has no braces, so a key's own hash tag
 * still decides its slot; a key without one is wrapped in braces (`ratelab:x:{k}`), so it
 * lands on the slot the model gives `k`, exactly.
 */
export function prefixKey(prefix: string, key: string): string {
  if (hasHashTag(key) || key.includes('{') || key.includes('}')) return prefix + key;
  return `${prefix}{${key}}`;
}

/** The lab's name of a real key (the inverse of prefixKey), or null for a key not under it. */
export function unprefixKey(prefix: string, real: string): string | null {
  if (!real.startsWith(prefix)) return null;
  const rest = real.slice(prefix.length);
  const m = /^\{([^{}]*)\}$/.exec(rest);
  return m && m[1] !== '' ? m[1]! : rest;
}

/** The command with its keys under the prefix. */
export function prefixCommand(prefix: string, args: readonly string[]): string[] {
  return mapKeys(args, (k) => prefixKey(prefix, k));
}

/** Replies with key names under the prefix given back the lab's names (BLPOP, LMPOP, ...). */
export function unprefixReply(prefix: string, r: Reply): Reply {
  if (r.t === 'bulk') {
    const k = unprefixKey(prefix, r.v);
    return k === null ? r : { t: 'bulk', v: k };
  }
  if (r.t === 'arr') return { t: 'arr', v: r.v.map((x) => unprefixReply(prefix, x)) };
  return r;
}

/**
 * A script engine that records, while scripts run on the model, every command a real server
 * must not run: a key the script was not given in KEYS, or a command never sent. Runs go on
 * unchanged; `take()` hands back what was found since the last call.
 */
export function guardEngine<E extends ScriptEngine>(engine: E): E & { take(): string[] } {
  let found: string[] = [];
  const run: ScriptEngine['run'] = (host, source, sha, keys, argv) => {
    const watched: ScriptHost = {
      model: host.model,
      call: (args: string[]) => {
        const why = refusal(args);
        if (why) found.push(`the script calls ${why}`);
        for (const k of commandKeys(args))
          if (!keys.includes(k))
            found.push(
              `the script touches "${k}", a key it was not given in KEYS (a real server shared with others, and Redis Cluster, need every key in KEYS)`,
            );
        return host.call(args);
      },
    };
    return engine.run(watched, source, sha, keys, argv);
  };
  const take = (): string[] => {
    const out = [...new Set(found)];
    found = [];
    return out;
  };
  return new Proxy(engine, {
    get(target, prop) {
      if (prop === 'run') return run;
      if (prop === 'take') return take;
      const v: unknown = Reflect.get(target, prop, target);
      return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
    },
  }) as E & { take(): string[] };
}
