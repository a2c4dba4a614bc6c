// App-server mode's stepper: app code runs as a client, so each redis.call is one round trip
// the caller delivers. A pass re-runs the code from the top, answering its calls from the
// replies recorded so far, and stops at the first call it has no reply for (Lua 5.1 cannot
// yield across pcall, a metamethod or a C function). The runtime (engine.ts) runs a pass;
// this file keeps the run's replies and checks that every pass repeats the one before.
import type { Reply } from '../redis/reply';
import type { AppServerRun, AppServerStep } from './types';

/** An app-server run may make this many round trips (each re-runs the code from the top). */
export const MAX_APP_CALLS = 500;

// Commands app-server code cannot send through the lab's stepper: they would turn the
// connection into a push channel. Everything else an app server may send as a client does,
// EVAL/EVALSHA (an atomic script as one round trip) and WATCH/MULTI/EXEC included; the model
// answers them on the client's own session. Inside a script the model itself refuses the
// noscript commands. Arity (negative: at least).
const NOSCRIPT: Record<string, number> = {
  subscribe: -2,
  psubscribe: -2,
  unsubscribe: -1,
  punsubscribe: -1,
  monitor: 1,
};

/** One pass of app-server code: the replies so far, the calls they answered, where it stopped. */
export interface AppExec {
  replies: readonly Reply[];
  calls: string[][];
  served: number;
  pending: string[] | null;
  fail: string | null;
}

/**
 * A run of app-server code: `pass` runs the code once more with the replies so far (recording
 * new calls in `calls`) and says where it stopped.
 */
export function appServerRun(
  pass: (replies: readonly Reply[], calls: string[][]) => AppServerStep,
): AppServerRun {
  const replies: Reply[] = [];
  const calls: string[][] = [];
  let finished: AppServerStep | null = null;
  let started = false;
  const next = (reply?: Reply): AppServerStep => {
    if (finished) return finished;
    if (started) {
      if (reply === undefined) throw new Error('next() needs the reply to the last call');
      replies.push(reply);
    }
    started = true;
    const step = pass(replies, calls);
    if (step.kind === 'done') finished = step;
    return step;
  };
  return {
    next,
    cancel: () => {
      finished ??= { kind: 'done', reply: { t: 'err', v: 'ERR cancelled' } };
    },
  };
}

/** App mode: a recorded reply, a refusal, or null (stop here: a new round trip). */
export function appReply(app: AppExec, args: string[]): Reply | null {
  const refused = refusedInApp(args);
  if (refused !== null) return refused;
  const i = app.served;
  if (i < app.replies.length) {
    const before = app.calls[i]!;
    if (!sameArgs(before, args)) {
      app.fail =
        'ERR app-server code did not repeat itself: the lab re-runs it from the top for every ' +
        `reply, and call ${i + 1} was ${show(before)} before but ${show(args)} now ` +
        '(it must not depend on tostring() of tables or functions, or on collectgarbage())';
      return null;
    }
    app.served++;
    return app.replies[i]!;
  }
  if (i >= MAX_APP_CALLS) {
    app.fail = `ERR app-server code made more than ${MAX_APP_CALLS} round trips to Redis; the lab stopped it`;
    return null;
  }
  app.calls[i] = args;
  app.pending = args;
  return null;
}

function sameArgs(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function show(args: readonly string[]): string {
  const s = args.join(' ');
  return s.length > 60 ? s.slice(0, 57) + '...' : s;
}

function refusedInApp(args: string[]): Reply | null {
  const name = args[0]!.toLowerCase();
  const arity = NOSCRIPT[name];
  if (arity === undefined) return null;
  const ok = arity > 0 ? args.length === arity : args.length >= -arity;
  return {
    t: 'err',
    v: ok
      ? 'ERR This Redis command is not allowed from script'
      : 'ERR Wrong number of args calling Redis command from script',
  };
}
