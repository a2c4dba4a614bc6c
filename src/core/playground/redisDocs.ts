// What the editor's completion and hover say about the globals a Redis script sees (redis.*,
// KEYS, ARGV, cjson). The commands themselves are documented by the model's one command table
// (src/core/redis/table.ts: COMMAND_ROWS, commandDoc), so the two can never disagree.

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
