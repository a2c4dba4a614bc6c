// The scheduler screen's manual stepper (PLAN I2): the learner picks which app server takes
// its next round trip, crashes one, undoes, restarts. Every state is a replay of the schedule
// so far from the initial store, so undo is exact and a shared schedule replays the same.
import { actionOf } from './actions';
import { effectiveInvariant, programOf, resolveAllowed } from './explore';
import { judge, serverName, verdictText } from './invariant';
import type { Local } from './lines';
import {
  PAUSE,
  type Action,
  type ExploreInput,
  type KeyState,
  type RequestEnd,
  type Step,
  type Verdict,
} from './types';
import { keyStates, World, type ExplorerEngine, type Program, type Status } from './world';

export interface ServerView {
  status: Status;
  /** The command it sends next (running servers). */
  next: string[] | null;
  /** The code's line that sends it, when known. */
  line: number | null;
  canCrash: boolean;
  roundTrips: number;
  end: RequestEnd | null;
  /** Its local variables where it stands now (after its last reply), in declaration order. */
  locals: Local[];
}

export interface SessionState {
  schedule: Action[];
  steps: Step[];
  servers: ServerView[];
  store: KeyState[];
  /** The store before the first step. */
  initialStore: KeyState[];
  finished: boolean;
  verdict: Verdict | null;
  /** The verdict in words, once every request has finished. */
  verdictText: string | null;
  /** The maxAdmitted bound ('serial' resolved), if the invariant has one. */
  allowed: number | null;
}

export class ScheduleError extends Error {}

/** The longest pause the scheduler takes in one step, ms (one day). */
export const MAX_PAUSE_MS = 86_400_000;

export interface SchedulerSession {
  state(): SessionState;
  step(request: number): SessionState;
  crash(request: number): SessionState;
  /** Lets `ms` milliseconds pass on the store's clock (keys whose expiry passes are gone). */
  pause(ms: number): SessionState;
  undo(): SessionState;
  restart(): SessionState;
  /** Replays a whole schedule (a share link, the explorer's counterexample). */
  load(schedule: readonly Action[]): SessionState;
  dispose(): void;
}

export function createSchedulerSession(
  input: ExploreInput,
  engine: ExplorerEngine,
): SchedulerSession {
  const inv = effectiveInvariant(input.invariant);
  const program: Program = programOf(input, engine);
  const allowed = resolveAllowed(program, inv);
  let world = new World(program, true);
  const initialStore = keyStates(world.model);

  const view = (): SessionState => {
    const finished = world.finished();
    const verdict = finished ? judge(world, inv, allowed) : null;
    const ends = world.ends();
    return {
      schedule: world.actions.map(actionOf),
      steps: world.steps.slice(),
      servers: world.at.map((n, i) => ({
        status: world.status[i]!,
        next: world.nextCommand(i),
        line: world.status[i] === 'running' && n.step.kind === 'call' ? n.step.line : null,
        canCrash: world.canCrash(i),
        roundTrips: n.depth,
        end: ends[i] ?? null,
        locals: n.step.locals,
      })),
      store: keyStates(world.model),
      initialStore,
      finished,
      verdict,
      verdictText: verdict ? verdictText(verdict) : null,
      allowed,
    };
  };

  const check = (a: Action, k: number | null): void => {
    const i = a.request;
    const at = k === null ? '' : `step ${k + 1}: `;
    if (a.pause !== undefined) {
      if (!Number.isInteger(a.pause) || a.pause < 1 || a.pause > MAX_PAUSE_MS)
        throw new ScheduleError(
          `${at}a pause is whole milliseconds from 1 to ${MAX_PAUSE_MS.toLocaleString('en')}, got ${String(a.pause)}`,
        );
      if (world.finished())
        throw new ScheduleError(`${at}every server has finished: nothing is left to wait for`);
      return;
    }
    if (!Number.isInteger(i) || i < 0 || i >= input.requests.length)
      throw new ScheduleError(
        `${at}there is no server ${Number.isInteger(i) && i >= 0 && i < 26 ? serverName(i) : String(i)}`,
      );
    if (a.crash) {
      if (!world.canCrash(i))
        throw new ScheduleError(
          `${at}server ${serverName(i)} cannot crash now (crashes are ${program.opts.maxCrashes ? 'only possible between two of its round trips' : 'off here'})`,
        );
    } else if (world.nextCommand(i) === null)
      throw new ScheduleError(`${at}server ${serverName(i)} has no round trip left`);
  };

  return {
    state: view,
    step(request) {
      check({ request }, null);
      world.apply({ request });
      return view();
    },
    crash(request) {
      check({ request, crash: true }, null);
      world.apply({ request, crash: true });
      return view();
    },
    pause(ms) {
      check({ request: PAUSE, pause: ms }, null);
      world.apply({ request: PAUSE, pause: ms });
      return view();
    },
    undo() {
      const keep = world.actions.slice(0, -1);
      world = new World(program, true);
      for (const a of keep) world.apply(a);
      return view();
    },
    restart() {
      world = new World(program, true);
      return view();
    },
    load(schedule) {
      const w = new World(program, true);
      world = w;
      schedule.forEach((a, k) => {
        check(a, k);
        w.apply(a);
      });
      return view();
    },
    dispose() {
      program.dispose();
    },
  };
}
