// Transactions (Redis's multi.c): MULTI queues a session's commands, EXEC runs them in one go
// unless a WATCHed key changed (nil) or a command was refused while queuing (EXECABORT).
// The queueing itself is dispatch (model.ts), as in Redis's processCommand.
import { command, ALL_KEYS, type CommandRow, type Ctx } from '../command';
import type { Session } from '../session';
import { arr, err, NIL_ARRAY, OK, type Reply } from '../reply';
import { ERRORS } from '../shared';

function discardTransaction(c: Ctx, s: Session): void {
  s.inMulti = false;
  s.queue = [];
  s.dirtyExec = false;
  c.db.unwatchAll(s);
}

function multi(c: Ctx): Reply {
  const s = c.session;
  if (s.inMulti) return err('ERR MULTI calls can not be nested');
  s.inMulti = true;
  s.queue = [];
  s.dirtyExec = false;
  return OK;
}

function exec(c: Ctx): Reply {
  const s = c.session;
  if (!s.inMulti) return err('ERR EXEC without MULTI');
  if (!s.dirtyCas && c.db.watchedKeyExpired(s)) s.dirtyCas = true;
  if (s.dirtyExec || s.dirtyCas) {
    const reply = s.dirtyExec ? ERRORS.execAbort : NIL_ARRAY;
    discardTransaction(c, s);
    return reply;
  }
  const queue = s.queue;
  // Redis unwatches before running the queued commands.
  c.db.unwatchAll(s);
  s.inMulti = false;
  s.queue = [];
  const out: Reply[] = [];
  for (const q of queue) out.push(c.runQueued(q.cmd, q.args));
  return arr(out);
}

function discard(c: Ctx): Reply {
  const s = c.session;
  if (!s.inMulti) return err('ERR DISCARD without MULTI');
  discardTransaction(c, s);
  return OK;
}

function watch(c: Ctx, a: string[]): Reply {
  const s = c.session;
  if (s.inMulti) return err('ERR WATCH inside MULTI is not allowed');
  for (let i = 1; i < a.length; i++) c.db.watch(s, a[i]!);
  return OK;
}

function unwatch(c: Ctx): Reply {
  c.db.unwatchAll(c.session);
  return OK;
}

const TX = 'noscript loading stale';

export const TRANSACTION_COMMANDS: readonly CommandRow[] = [
  command({
    group: 'transactions',
    name: 'multi',
    arity: 1,
    flags: `${TX} fast allow_busy`,
    args: '',
    summary: 'Start a transaction: the commands that follow are queued until EXEC.',
    since: '1.2.0',
    notQueued: true,
    run: multi,
  }),
  command({
    group: 'transactions',
    name: 'exec',
    arity: 1,
    flags: `${TX} skip_slowlog`,
    args: '',
    summary: 'Run the queued transaction (nil if a watched key changed).',
    since: '1.2.0',
    notQueued: true,
    run: exec,
  }),
  command({
    group: 'transactions',
    name: 'discard',
    arity: 1,
    flags: `${TX} fast allow_busy`,
    args: '',
    summary: 'Drop the queued transaction.',
    since: '1.2.0',
    notQueued: true,
    run: discard,
  }),
  command({
    group: 'transactions',
    name: 'watch',
    arity: -2,
    flags: `${TX} fast allow_busy`,
    keys: ALL_KEYS,
    args: 'key [key ...]',
    summary: 'Watch keys for an optimistic transaction: EXEC fails if one changes first.',
    since: '2.2.0',
    notQueued: true,
    run: watch,
  }),
  command({
    group: 'transactions',
    name: 'unwatch',
    arity: 1,
    flags: `${TX} fast allow_busy`,
    args: '',
    summary: 'Forget watched keys.',
    since: '2.2.0',
    run: unwatch,
  }),
];
