// Transactions (Redis's multi.c): MULTI queues a session's commands, EXEC runs them in one go
// unless a WATCHed key changed (nil) or a command was refused while queuing (EXECABORT).
// The queueing itself is dispatch (model.ts), as in Redis's processCommand.
import { row, ALL_KEYS, NO_KEYS, type CommandRow, type Ctx, type KeySpec } from '../command';
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

const def = (
  name: string,
  arity: number,
  flags: string,
  keySpecs: readonly KeySpec[],
  args: string,
  summary: string,
  impl: (c: Ctx, a: string[]) => Reply,
  notQueued: boolean,
): CommandRow =>
  row(
    'transactions',
    name,
    arity,
    flags,
    keySpecs,
    args,
    summary,
    name === 'watch' ? '2.2.0' : name === 'unwatch' ? '2.2.0' : '1.2.0',
    impl,
    notQueued ? { notQueued } : {},
  );

const TX = 'noscript loading stale';

export const TRANSACTION_COMMANDS: readonly CommandRow[] = [
  def(
    'multi',
    1,
    `${TX} fast allow_busy`,
    NO_KEYS,
    '',
    'Start a transaction: the commands that follow are queued until EXEC.',
    multi,
    true,
  ),
  def(
    'exec',
    1,
    `${TX} skip_slowlog`,
    NO_KEYS,
    '',
    'Run the queued transaction (nil if a watched key changed).',
    exec,
    true,
  ),
  def(
    'discard',
    1,
    `${TX} fast allow_busy`,
    NO_KEYS,
    '',
    'Drop the queued transaction.',
    discard,
    true,
  ),
  def(
    'watch',
    -2,
    `${TX} fast allow_busy`,
    ALL_KEYS,
    'key [key ...]',
    'Watch keys for an optimistic transaction: EXEC fails if one changes first.',
    watch,
    true,
  ),
  def('unwatch', 1, `${TX} fast allow_busy`, NO_KEYS, '', 'Forget watched keys.', unwatch, false),
];
