// Server and connection commands (Redis's server.c, cluster.c): PING, ECHO, TIME on the
// virtual clock, DBSIZE, FLUSHALL, CLUSTER KEYSLOT.
import { command, type CommandRow, type Ctx } from '../command';
import { arr, bulk, OK, type Reply } from '../reply';
import { arityError, ERRORS, intReply, PONG } from '../shared';
import { keySlot } from '../slot';

function ping(_c: Ctx, a: string[]): Reply {
  if (a.length > 2) return arityError('ping');
  return a.length === 2 ? bulk(a[1]!) : PONG;
}

function time(c: Ctx): Reply {
  const us = c.db.nowUs;
  const sec = Math.floor(us / 1e6);
  return arr([bulk(String(sec)), bulk(String(us - sec * 1e6))]);
}

function flushall(c: Ctx, a: string[]): Reply {
  if (a.length > 2) return ERRORS.syntax;
  if (a.length === 2) {
    const o = a[1]!.toLowerCase();
    if (o !== 'sync' && o !== 'async') return ERRORS.syntax;
  }
  for (const ks of c.db.server.dbs) ks.flush();
  return OK;
}

function flushdb(c: Ctx, a: string[]): Reply {
  if (a.length > 2) return ERRORS.syntax;
  if (a.length === 2) {
    const o = a[1]!.toLowerCase();
    if (o !== 'sync' && o !== 'async') return ERRORS.syntax;
  }
  c.db.flush();
  return OK;
}

function dbsize(c: Ctx): Reply {
  c.db.purgeExpired();
  return intReply(c.db.db.size);
}

export const SERVER_COMMANDS: readonly CommandRow[] = [
  command({
    group: 'connection',
    name: 'ping',
    arity: -1,
    flags: 'fast',
    args: '[message]',
    summary: 'PONG, or the message back.',
    since: '1.0.0',
    run: ping,
  }),
  command({
    group: 'connection',
    name: 'echo',
    arity: 2,
    flags: 'loading stale fast',
    args: 'message',
    summary: 'The message back.',
    since: '1.0.0',
    run: (_c, a) => bulk(a[1]!),
  }),
  command({
    group: 'server',
    name: 'time',
    arity: 1,
    flags: 'loading stale fast',
    args: '',
    summary:
      'The server clock: {seconds, microseconds}, both strings. In the lab it is virtual time (Unix 1700000000 + t).',
    since: '2.6.0',
    run: time,
  }),
  command({
    group: 'server',
    name: 'dbsize',
    arity: 1,
    flags: 'readonly fast',
    args: '',
    summary: 'Number of keys.',
    since: '1.0.0',
    run: dbsize,
  }),
  command({
    group: 'server',
    name: 'flushall',
    arity: -1,
    flags: 'write',
    args: '[ASYNC | SYNC]',
    summary: 'Delete every key of every database.',
    since: '1.0.0',
    run: flushall,
  }),
  command({
    group: 'server',
    name: 'flushdb',
    arity: -1,
    flags: 'write',
    args: '[ASYNC | SYNC]',
    summary: 'Delete every key of the selected database.',
    since: '1.0.0',
    run: flushdb,
  }),
  command({
    group: 'cluster',
    name: 'cluster',
    arity: -2,
    flags: '',
    args: 'KEYSLOT key',
    summary: 'Cluster information; the lab answers CLUSTER KEYSLOT.',
    since: '3.0.0',
    run: () => ERRORS.syntax,
    subcommands: [
      command({
        group: 'cluster',
        name: 'cluster|keyslot',
        arity: 3,
        flags: 'stale',
        args: 'key',
        summary: 'The cluster hash slot (0..16383) a key lives in.',
        since: '3.0.0',
        run: (_c, a) => intReply(keySlot(a[2]!)),
      }),
    ],
  }),
];
