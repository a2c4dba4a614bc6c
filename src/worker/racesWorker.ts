// The races worker: the Lua engine, the scheduler sessions and the explorer. One request, one
// answer; the page terminates and rebuilds this worker when an answer does not come in time
// (racesClient.ts), so a runaway script or a huge search never freezes the page.
/// <reference lib="webworker" />
import { createLuaEngine } from '../core/lua/index';
import type { LuaRuntime } from '../core/lua/engine';
import { checkRunnable, explore } from '../core/races/explore';
import { ExploreInputError, parseExploreInput } from '../core/races/input';
import {
  createSchedulerSession,
  ScheduleError,
  type SchedulerSession,
} from '../core/races/session';
import { decodeRaceShare } from '../core/races/share';
import type { Action, ExploreInput } from '../core/races/types';
import type { RacesRequest, RacesResponse } from './racesProtocol';
import { errorMessage } from '../core/util/errorMessage';

declare const self: DedicatedWorkerGlobalScope;

let engine: LuaRuntime | null = null;
/** Recent sessions by their input's JSON (a few screens or widgets may be open at once). */
const sessions = new Map<string, { input: ExploreInput; session: SchedulerSession }>();

function validated(raw: unknown): ExploreInput {
  const input = parseExploreInput(raw);
  const errs = checkRunnable(input, engine!);
  if (errs.length) throw new ExploreInputError(errs);
  return input;
}

function sessionFor(raw: unknown): { input: ExploreInput; session: SchedulerSession } {
  const key = JSON.stringify(raw);
  const hit = sessions.get(key);
  if (hit) {
    sessions.delete(key);
    sessions.set(key, hit);
    return hit;
  }
  const input = validated(raw);
  const entry = { input, session: createSchedulerSession(input, engine!) };
  sessions.set(key, entry);
  while (sessions.size > 4) {
    const [oldKey, old] = sessions.entries().next().value!;
    old.session.dispose();
    sessions.delete(oldKey);
  }
  return entry;
}

const same = (a: Action, b: Action) =>
  a.request === b.request && !a.crash === !b.crash && a.pause === b.pause;

function handle(msg: RacesRequest): RacesResponse {
  if (msg.type === 'init') return { id: msg.id, type: 'ok' };
  if (!engine) return { id: msg.id, type: 'error', message: 'the races worker is not initialised' };
  if (msg.type === 'link') {
    const { input, schedule } = decodeRaceShare(msg.param);
    return { id: msg.id, type: 'link', input, schedule };
  }
  if (msg.type === 'explore') {
    const input = validated(msg.input);
    const start = performance.now();
    const result = explore(input, engine, {
      clock: () => performance.now() - start,
      deadlineMs: msg.softDeadlineMs,
    });
    return { id: msg.id, type: 'explore', result };
  }
  const { input, session } = sessionFor(msg.input);
  const want = msg.schedule;
  const have = session.state().schedule;
  let state;
  try {
    // One more step (the usual click) continues the session; anything else replays.
    if (want.length === have.length + 1 && have.every((a, k) => same(a, want[k]!))) {
      const last = want[want.length - 1]!;
      state =
        last.pause !== undefined
          ? session.pause(last.pause)
          : last.crash
            ? session.crash(last.request)
            : session.step(last.request);
    } else if (want.length === have.length - 1 && want.every((a, k) => same(a, have[k]!)))
      state = session.undo();
    else state = session.load(want);
  } catch (e) {
    if (e instanceof ScheduleError)
      return { id: msg.id, type: 'error', message: e.message, state: session.state(), input };
    throw e;
  }
  return { id: msg.id, type: 'session', state, input };
}

self.onmessage = (e: MessageEvent<RacesRequest>) => {
  const msg = e.data;
  const reply = (r: RacesResponse) => self.postMessage(r);
  const fail = (err: unknown) =>
    reply({
      id: msg.id,
      type: 'error',
      message: err instanceof ExploreInputError ? err.errors.join('\n') : errorMessage(err),
    });
  if (msg.type === 'init') {
    createLuaEngine({ wasmUrl: msg.wasmUrl, budgetMs: msg.budgetMs }).then((e2) => {
      engine = e2;
      reply({ id: msg.id, type: 'ok' });
    }, fail);
    return;
  }
  try {
    reply(handle(msg));
  } catch (err) {
    fail(err);
  }
};
