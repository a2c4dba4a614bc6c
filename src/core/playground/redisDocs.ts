// What the editor's completion and hover say about the commands the lab's Redis model
// supports (docs/spec/redis-model.md) and the globals a Redis script sees.

export interface CommandDoc {
  name: string;
  args: string;
  summary: string;
  /** Refused inside scripts (Redis's noscript flag). */
  noScript?: boolean;
}

export const REDIS_COMMANDS: readonly CommandDoc[] = [
  { name: 'GET', args: 'key', summary: 'The string value of a key, or nil (false in Lua).' },
  {
    name: 'SET',
    args: 'key value [NX | XX] [GET] [EX seconds | PX milliseconds | KEEPTTL]',
    summary: 'Set a string value, optionally only if absent (NX) or present (XX), with an expiry.',
  },
  {
    name: 'SETNX',
    args: 'key value',
    summary: 'Set only if the key does not exist; 1 if set, 0 if not.',
  },
  {
    name: 'MGET',
    args: 'key [key ...]',
    summary: 'Values of several keys (nil for missing or non-string keys).',
  },
  {
    name: 'MSET',
    args: 'key value [key value ...]',
    summary: 'Set several string values at once.',
  },
  {
    name: 'INCR',
    args: 'key',
    summary: 'Add 1 to an integer value (a missing key counts as 0); returns the new value.',
  },
  { name: 'INCRBY', args: 'key increment', summary: 'Add an integer; returns the new value.' },
  {
    name: 'INCRBYFLOAT',
    args: 'key increment',
    summary: 'Add a float; returns the new value as a string.',
  },
  { name: 'DECR', args: 'key', summary: 'Subtract 1; returns the new value.' },
  { name: 'DECRBY', args: 'key decrement', summary: 'Subtract an integer; returns the new value.' },
  { name: 'DEL', args: 'key [key ...]', summary: 'Delete keys; returns how many existed.' },
  { name: 'EXISTS', args: 'key [key ...]', summary: 'How many of the keys exist.' },
  {
    name: 'TYPE',
    args: 'key',
    summary: 'string, hash, zset, list or none (a status reply: {ok=...} in Lua).',
  },
  {
    name: 'EXPIRE',
    args: 'key seconds [NX | XX | GT | LT]',
    summary:
      'Set a time to live in seconds; 1 if set, 0 if the key is missing or the condition failed.',
  },
  {
    name: 'PEXPIRE',
    args: 'key milliseconds [NX | XX | GT | LT]',
    summary: 'Set a time to live in milliseconds.',
  },
  {
    name: 'EXPIREAT',
    args: 'key unix-time-seconds [NX | XX | GT | LT]',
    summary: 'Expire at a Unix time (seconds).',
  },
  {
    name: 'PEXPIREAT',
    args: 'key unix-time-milliseconds [NX | XX | GT | LT]',
    summary: 'Expire at a Unix time (milliseconds).',
  },
  { name: 'TTL', args: 'key', summary: 'Seconds left to live; -1 without expiry, -2 if missing.' },
  {
    name: 'PTTL',
    args: 'key',
    summary: 'Milliseconds left to live; -1 without expiry, -2 if missing.',
  },
  { name: 'PERSIST', args: 'key', summary: 'Remove the expiry; 1 if there was one.' },
  {
    name: 'TIME',
    args: '',
    summary:
      'The server clock: {seconds, microseconds}, both strings. In the lab it is virtual time (Unix 1700000000 + t).',
  },
  {
    name: 'HSET',
    args: 'key field value [field value ...]',
    summary: 'Set hash fields; returns how many were new.',
  },
  { name: 'HGET', args: 'key field', summary: 'One hash field, or nil.' },
  {
    name: 'HMGET',
    args: 'key field [field ...]',
    summary: 'Several hash fields (nil for missing ones: false in Lua).',
  },
  { name: 'HGETALL', args: 'key', summary: 'Every field and value, flat: {f1, v1, f2, v2, ...}.' },
  {
    name: 'HDEL',
    args: 'key field [field ...]',
    summary: 'Delete hash fields; returns how many existed.',
  },
  { name: 'HINCRBY', args: 'key field increment', summary: 'Add an integer to a hash field.' },
  { name: 'HINCRBYFLOAT', args: 'key field increment', summary: 'Add a float to a hash field.' },
  { name: 'HEXISTS', args: 'key field', summary: '1 if the field exists.' },
  { name: 'HLEN', args: 'key', summary: 'Number of fields.' },
  { name: 'HSETNX', args: 'key field value', summary: 'Set a field only if it does not exist.' },
  { name: 'HKEYS', args: 'key', summary: 'Every field name.' },
  { name: 'HVALS', args: 'key', summary: 'Every value.' },
  {
    name: 'ZADD',
    args: 'key [NX | XX] [GT | LT] [CH] [INCR] score member [score member ...]',
    summary: 'Add members with scores to a sorted set; returns how many were added.',
  },
  {
    name: 'ZREM',
    args: 'key member [member ...]',
    summary: 'Remove members; returns how many existed.',
  },
  { name: 'ZCARD', args: 'key', summary: 'Number of members.' },
  {
    name: 'ZCOUNT',
    args: 'key min max',
    summary: 'Members with a score in [min, max] (use "(" for exclusive, -inf/+inf).',
  },
  {
    name: 'ZRANGE',
    args: 'key start stop [BYSCORE] [REV] [LIMIT offset count] [WITHSCORES]',
    summary: 'Members by rank (or by score with BYSCORE); WITHSCORES interleaves the scores.',
  },
  {
    name: 'ZRANGEBYSCORE',
    args: 'key min max [WITHSCORES] [LIMIT offset count]',
    summary: 'Members with a score in [min, max], lowest first.',
  },
  {
    name: 'ZREMRANGEBYSCORE',
    args: 'key min max',
    summary: 'Remove members with a score in [min, max]; returns how many.',
  },
  { name: 'ZREMRANGEBYRANK', args: 'key start stop', summary: 'Remove members by rank.' },
  { name: 'ZSCORE', args: 'key member', summary: "A member's score as a string, or nil." },
  { name: 'ZINCRBY', args: 'key increment member', summary: "Add to a member's score." },
  {
    name: 'LPUSH',
    args: 'key element [element ...]',
    summary: 'Push to the head of a list; returns the length.',
  },
  {
    name: 'RPUSH',
    args: 'key element [element ...]',
    summary: 'Push to the tail of a list; returns the length.',
  },
  { name: 'LPOP', args: 'key [count]', summary: 'Pop from the head.' },
  { name: 'RPOP', args: 'key [count]', summary: 'Pop from the tail.' },
  { name: 'LLEN', args: 'key', summary: 'Length of a list.' },
  { name: 'LRANGE', args: 'key start stop', summary: 'Elements by index (0 -1: all).' },
  { name: 'LTRIM', args: 'key start stop', summary: 'Keep only the elements in the range.' },
  {
    name: 'KEYS',
    args: 'pattern',
    summary: 'Key names matching a glob pattern (slow on a real server).',
  },
  { name: 'DBSIZE', args: '', summary: 'Number of keys.' },
  {
    name: 'CLUSTER',
    args: 'KEYSLOT key',
    summary: 'The cluster hash slot (0..16383) a key lives in.',
  },
  { name: 'FLUSHALL', args: '', summary: 'Delete every key.' },
  {
    name: 'EVAL',
    args: 'script numkeys [key ...] [arg ...]',
    summary: 'Run a script.',
    noScript: true,
  },
  {
    name: 'EVALSHA',
    args: 'sha1 numkeys [key ...] [arg ...]',
    summary: 'Run a cached script.',
    noScript: true,
  },
  {
    name: 'SCRIPT',
    args: 'LOAD | EXISTS | FLUSH ...',
    summary: 'Manage the script cache.',
    noScript: true,
  },
  { name: 'MULTI', args: '', summary: 'Start a transaction.', noScript: true },
  { name: 'EXEC', args: '', summary: 'Run the queued transaction.', noScript: true },
  { name: 'DISCARD', args: '', summary: 'Drop the queued transaction.', noScript: true },
  {
    name: 'WATCH',
    args: 'key [key ...]',
    summary: 'Watch keys for an optimistic transaction.',
    noScript: true,
  },
  { name: 'UNWATCH', args: '', summary: 'Forget watched keys.', noScript: true },
];

export interface GlobalDoc {
  label: string;
  insert: string;
  detail: string;
  doc: string;
}

export const REDIS_GLOBALS: readonly GlobalDoc[] = [
  {
    label: 'redis.call',
    insert: 'redis.call("$1")',
    detail: 'redis.call(command, arg, ...)',
    doc: 'Run a Redis command. An error reply raises a Lua error that ends the script (what it wrote before stays). Replies: integer -> number, bulk -> string, nil -> false, array -> table, status -> {ok=...}.',
  },
  {
    label: 'redis.pcall',
    insert: 'redis.pcall("$1")',
    detail: 'redis.pcall(command, arg, ...)',
    doc: 'Like redis.call, but an error reply comes back as a table {err="..."} instead of raising.',
  },
  {
    label: 'redis.error_reply',
    insert: 'redis.error_reply("$1")',
    detail: 'redis.error_reply(message)',
    doc: 'Build an error reply to return: {err=message}. A message without a space becomes "ERR message".',
  },
  {
    label: 'redis.status_reply',
    insert: 'redis.status_reply("$1")',
    detail: 'redis.status_reply(text)',
    doc: 'Build a status reply to return: {ok=text}.',
  },
  {
    label: 'redis.sha1hex',
    insert: 'redis.sha1hex($1)',
    detail: 'redis.sha1hex(string)',
    doc: 'The SHA-1 of a string, as 40 lowercase hex digits.',
  },
  {
    label: 'redis.log',
    insert: 'redis.log(redis.LOG_NOTICE, $1)',
    detail: 'redis.log(level, message, ...)',
    doc: "Write to the server log (the lab shows it in the request's trace). Levels: redis.LOG_DEBUG, LOG_VERBOSE, LOG_NOTICE, LOG_WARNING.",
  },
  {
    label: 'redis.LOG_DEBUG',
    insert: 'redis.LOG_DEBUG',
    detail: 'log level 0',
    doc: 'Log level for redis.log.',
  },
  {
    label: 'redis.LOG_VERBOSE',
    insert: 'redis.LOG_VERBOSE',
    detail: 'log level 1',
    doc: 'Log level for redis.log.',
  },
  {
    label: 'redis.LOG_NOTICE',
    insert: 'redis.LOG_NOTICE',
    detail: 'log level 2',
    doc: 'Log level for redis.log.',
  },
  {
    label: 'redis.LOG_WARNING',
    insert: 'redis.LOG_WARNING',
    detail: 'log level 3',
    doc: 'Log level for redis.log.',
  },
  {
    label: 'KEYS',
    insert: 'KEYS[$1]',
    detail: 'KEYS: the key names (table of strings)',
    doc: 'The keys given to EVAL/EVALSHA, from the KEYS templates under the editor (e.g. rl:{key}). A script should only touch keys it is given, so Redis Cluster can route it.',
  },
  {
    label: 'ARGV',
    insert: 'ARGV[$1]',
    detail: 'ARGV: the arguments (table of strings)',
    doc: 'The arguments given to EVAL/EVALSHA, from the ARGV templates under the editor. Always strings: use tonumber(ARGV[1]).',
  },
  {
    label: 'cjson.encode',
    insert: 'cjson.encode($1)',
    detail: 'cjson.encode(value)',
    doc: 'Encode a Lua value as JSON.',
  },
  {
    label: 'cjson.decode',
    insert: 'cjson.decode($1)',
    detail: 'cjson.decode(json)',
    doc: 'Decode a JSON string into a Lua value.',
  },
];

export function commandDoc(name: string): CommandDoc | undefined {
  const n = name.toUpperCase();
  return REDIS_COMMANDS.find((c) => c.name === n);
}
