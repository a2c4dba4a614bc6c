// Connection and server settings a limiter touches (Redis's server.c, db.c, config.c,
// networking.c, pubsub.c): SELECT and SWAPDB over Redis's 16 databases, PUBLISH (the lab
// has no subscribers: 0 receivers), CONFIG GET of the settings a limiter depends on (what a
// default redis-server 7.0.15 answers), CLIENT GETNAME / SETNAME.
import { command, type CommandRow, type Ctx } from '../command';
import { DATABASES } from '../keyspace';
import { globMatch } from '../glob';
import { parseInt64 } from '../numfmt';
import { arr, bulk, err, NIL, OK, type Reply } from '../reply';
import { ERRORS, ZERO } from '../shared';

const OUT_OF_RANGE = err('ERR DB index is out of range');

/** A database index as getIntFromObject reads it (null: not an integer). */
function dbIndex(s: string): number | null {
  const n = parseInt64(s);
  if (n === null || n < -2147483648n || n > 2147483647n) return null;
  return Number(n);
}

function select(c: Ctx, a: string[]): Reply {
  const id = dbIndex(a[1]!);
  if (id === null) return ERRORS.notInt;
  if (c.clusterMode && id !== 0) return err('ERR SELECT is not allowed in cluster mode');
  if (id < 0 || id >= DATABASES) return OUT_OF_RANGE;
  c.session.db = id;
  return OK;
}

function swapdb(c: Ctx, a: string[]): Reply {
  if (c.clusterMode) return err('ERR SWAPDB is not allowed in cluster mode');
  const x = dbIndex(a[1]!);
  if (x === null) return err('ERR invalid first DB index');
  const y = dbIndex(a[2]!);
  if (y === null) return err('ERR invalid second DB index');
  if (x < 0 || x >= DATABASES || y < 0 || y >= DATABASES) return OUT_OF_RANGE;
  if (x === y) return OK;
  const dbs = c.db.server.dbs;
  const one = dbs[x]!;
  const two = dbs[y]!;
  // touchAllWatchedKeysInDb: a key watched in either database that exists in either changes.
  one.touchWatched();
  two.touchWatched();
  const keys = one.db;
  one.db = two.db;
  two.db = keys;
  one.touchWatched();
  two.touchWatched();
  return OK;
}

/** The settings CONFIG GET answers, as a default redis-server 7.0.15 has them. */
const SETTINGS: ReadonlyArray<readonly [string, string]> = [
  ['maxmemory-policy', 'noeviction'],
  ['maxmemory', '0'],
  ['maxmemory-samples', '5'],
  ['maxmemory-clients', '0'],
  ['maxmemory-eviction-tenacity', '10'],
  ['lua-time-limit', '5000'],
  ['busy-reply-threshold', '5000'],
  ['databases', String(DATABASES)],
  ['hz', '10'],
  ['dynamic-hz', 'yes'],
  ['active-expire-effort', '1'],
  ['lazyfree-lazy-eviction', 'no'],
  ['lazyfree-lazy-expire', 'no'],
  ['lazyfree-lazy-server-del', 'no'],
  ['lazyfree-lazy-user-del', 'no'],
  ['lazyfree-lazy-user-flush', 'no'],
  ['lfu-log-factor', '10'],
  ['lfu-decay-time', '1'],
  ['timeout', '0'],
  ['notify-keyspace-events', ''],
  ['proto-max-bulk-len', '536870912'],
  ['hash-max-listpack-entries', '512'],
  ['hash-max-listpack-value', '64'],
  ['hash-max-ziplist-entries', '512'],
  ['hash-max-ziplist-value', '64'],
  ['zset-max-listpack-entries', '128'],
  ['zset-max-listpack-value', '64'],
  ['zset-max-ziplist-entries', '128'],
  ['zset-max-ziplist-value', '64'],
  ['set-max-intset-entries', '512'],
  ['list-max-listpack-size', '-2'],
  ['list-max-ziplist-size', '-2'],
  ['list-compress-depth', '0'],
  ['slowlog-log-slower-than', '10000'],
  ['slowlog-max-len', '128'],
];

function configGet(c: Ctx, a: string[]): Reply {
  const out: Reply[] = [];
  const seen = new Set<string>();
  for (let i = 2; i < a.length; i++) {
    const pattern = a[i]!.toLowerCase();
    const all: Array<readonly [string, string]> = [
      ...SETTINGS,
      ['cluster-enabled', c.clusterMode ? 'yes' : 'no'],
    ];
    if (!/[*?[]/.test(pattern)) {
      // A plain name is looked up and answered under the name as given.
      const hit = all.find(([name]) => name === pattern);
      if (hit !== undefined && !seen.has(hit[0])) {
        seen.add(hit[0]);
        out.push(bulk(a[i]!), bulk(hit[1]));
      }
      continue;
    }
    for (const [name, value] of all) {
      if (seen.has(name) || !globMatch(pattern, name)) continue;
      seen.add(name);
      out.push(bulk(name), bulk(value));
    }
  }
  return arr(out);
}

function clientSetname(c: Ctx, a: string[]): Reply {
  const name = a[2]!;
  for (let i = 0; i < name.length; i++) {
    const ch = name.charCodeAt(i);
    if (ch < 33 || ch > 126) {
      return err('ERR Client names cannot contain spaces, newlines or special characters.');
    }
  }
  c.session.name = name === '' ? null : name;
  return OK;
}

export const CONNECTION_COMMANDS: readonly CommandRow[] = [
  command({
    group: 'connection',
    name: 'select',
    arity: 2,
    flags: 'loading stale fast',
    args: 'index',
    summary: 'Select a database (0 to 15); inside a script only until it ends.',
    since: '1.0.0',
    run: select,
  }),
  command({
    group: 'server',
    name: 'swapdb',
    arity: 3,
    flags: 'write fast',
    args: 'index1 index2',
    summary: 'Swap two databases.',
    since: '4.0.0',
    run: swapdb,
  }),
  command({
    group: 'pubsub',
    name: 'publish',
    arity: 3,
    flags: 'pubsub loading stale fast may_replicate',
    args: 'channel message',
    summary: 'Post a message to a channel; answers the receivers (the lab has none: 0).',
    since: '2.0.0',
    run: () => ZERO,
  }),
  command({
    group: 'server',
    name: 'config',
    arity: -2,
    flags: '',
    args: 'GET parameter [parameter ...]',
    summary: 'Server settings.',
    since: '2.0.0',
    run: () => ERRORS.syntax,
    subcommands: [
      command({
        group: 'server',
        name: 'config|get',
        arity: -3,
        flags: 'admin noscript loading stale',
        args: 'parameter [parameter ...]',
        summary:
          'The settings a limiter depends on (maxmemory-policy, ...), as a default redis-server 7.0 has them.',
        since: '2.0.0',
        run: configGet,
      }),
    ],
  }),
  command({
    group: 'connection',
    name: 'client',
    arity: -2,
    flags: '',
    args: 'GETNAME | SETNAME name',
    summary: 'The connection.',
    since: '2.4.0',
    run: () => ERRORS.syntax,
    subcommands: [
      command({
        group: 'connection',
        name: 'client|getname',
        arity: 2,
        flags: 'noscript loading stale',
        args: '',
        summary: "The connection's name, or nil.",
        since: '2.6.9',
        run: (c) => (c.session.name === null ? NIL : bulk(c.session.name)),
      }),
      command({
        group: 'connection',
        name: 'client|setname',
        arity: 3,
        flags: 'noscript loading stale',
        args: 'connection-name',
        summary: 'Name the connection.',
        since: '2.6.9',
        run: clientSetname,
      }),
    ],
  }),
];
