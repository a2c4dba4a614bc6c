// Server and connection commands (Redis's server.c, cluster.c): PING, ECHO, TIME on the
// virtual clock, DBSIZE, FLUSHALL, CLUSTER KEYSLOT.
import { noKeysRow as def, type CommandRow, type Ctx } from '../command';
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
  def('connection', 'ping', -1, 'fast', '[message]', 'PONG, or the message back.', '1.0.0', ping),
  def(
    'connection',
    'echo',
    2,
    'loading stale fast',
    'message',
    'The message back.',
    '1.0.0',
    (_c, a) => bulk(a[1]!),
  ),
  def(
    'server',
    'time',
    1,
    'loading stale fast',
    '',
    'The server clock: {seconds, microseconds}, both strings. In the lab it is virtual time (Unix 1700000000 + t).',
    '2.6.0',
    time,
  ),
  def('server', 'dbsize', 1, 'readonly fast', '', 'Number of keys.', '1.0.0', dbsize),
  def(
    'server',
    'flushall',
    -1,
    'write',
    '[ASYNC | SYNC]',
    'Delete every key of every database.',
    '1.0.0',
    flushall,
  ),
  def(
    'server',
    'flushdb',
    -1,
    'write',
    '[ASYNC | SYNC]',
    'Delete every key of the selected database.',
    '1.0.0',
    flushdb,
  ),
  def(
    'cluster',
    'cluster',
    -2,
    '',
    'KEYSLOT key',
    'Cluster information; the lab answers CLUSTER KEYSLOT.',
    '3.0.0',
    () => ERRORS.syntax,
    [
      def(
        'cluster',
        'cluster|keyslot',
        3,
        'stale',
        'key',
        'The cluster hash slot (0..16383) a key lives in.',
        '3.0.0',
        (_c, a) => intReply(keySlot(a[2]!)),
      ),
    ],
  ),
];
