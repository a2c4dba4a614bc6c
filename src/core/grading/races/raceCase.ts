// Race cases: 2 to 4 app servers send a request at the same moment and the explorer
// (src/core/races) tries every interleaving of their round trips, and every crash between two
// of them; admissions must be what the limit allows (no more, and, without crashes, no fewer),
// every key must have an expiry, and (where the contract says so) a refused request must not
// change the store. The failure is the counterexample schedule, replayable on the scheduler.
import { runLane } from '../../content/lanes';
import { actionOf } from '../../races/actions';
import { explore } from '../../races/explore';
import { serverName, stepLine } from '../../races/invariant';
import type { Action, ExploreInput, Invariant, Step } from '../../races/types';
import { RedisModel } from '../../redis/model';
import { callArgs, luaEngine, type ScriptSpec } from '../lua';
import type { FailingCase } from '../types';
import { call, runToEnd, stateCommands } from './appServerRun';
import type { RaceCase, RaceProblem } from './types';

/** Most schedules one race case tries (an atomic answer needs at most 4! = 24). */
const MAX_SCHEDULES = 4000;
const MAX_STEPS = 50_000_000;

/** How many of `costs` the built-in admits at `at` after `before`, over every arrival order. */
function referenceAdmits(p: RaceProblem, c: RaceCase): { most: number; fewest: number } {
  let most = 0;
  let fewest = Infinity;
  const perm = (done: number[], rest: number[]) => {
    if (rest.length === 0) {
      const requests = [
        ...(c.before ?? []).map((t) => ({ at: t })),
        ...done.map((cost) => ({ at: c.at, cost })),
      ];
      const lane = runLane({ ...p.reference, requests });
      const n = lane.requests.slice(-done.length).filter((q) => q.outcome === 'allowed').length;
      most = Math.max(most, n);
      fewest = Math.min(fewest, n);
      return;
    }
    rest.forEach((x, i) => perm([...done, x], [...rest.slice(0, i), ...rest.slice(i + 1)]));
  };
  perm([], c.costs);
  return { most, fewest };
}

export async function checkRace(
  p: RaceProblem,
  code: string,
  spec: ScriptSpec,
  c: RaceCase,
): Promise<FailingCase | null> {
  const lua = await luaEngine();
  const { most, fewest } = referenceAdmits(p, c);
  // The store as the code itself leaves it after the earlier requests, at the race's moment.
  const model = new RedisModel({ scriptEngine: lua, startTime: p.epoch });
  for (const cmd of c.initial?.(spec) ?? []) model.call(cmd);
  for (const t of c.before ?? []) {
    model.setTime(p.epoch + t);
    const { keys, args } = callArgs(spec, call(t, 'A'));
    const r = runToEnd(lua, model, model.createSession(), code, keys, args);
    if (r.t === 'err')
      return { name: c.name, message: `Your code failed on a request at ${t} s: ${r.v}` };
  }
  model.setTime(p.epoch + c.at);
  const invariant: Invariant = { maxAdmitted: most, allKeysHaveTtl: true };
  if (!c.crashes) invariant.minAdmitted = fewest;
  if (p.noChargeWhenDenied) invariant.noChargeWhenDenied = true;
  const input: ExploreInput = {
    code,
    requests: c.costs.map((cost, i) => callArgs(spec, call(c.at, serverName(i), cost))),
    initial: stateCommands(model),
    invariant,
    crashes: c.crashes ?? false,
    maxSchedules: MAX_SCHEDULES,
    // The schedule cap is this case's budget; round trips are not capped besides.
    maxSteps: MAX_STEPS,
    startTime: p.epoch + c.at,
  };
  const r = explore(input, lua);
  const toActions = (steps: Step[]): Action[] => steps.map((s) => actionOf(s));
  // A failing request is never a pass, whatever the invariant says.
  if (r.failure)
    return {
      name: c.name,
      message: `${c.setupNote ? `${c.setupNote} ` : ''}${c.costs.length} app servers send a request at the same moment, and your code fails: ${r.summary} Each line below is one round trip of an ordering where it fails.`,
      trace: r.failure.schedule.map(stepLine),
      replay: { input, schedule: toActions(r.failure.schedule) },
    };
  if (r.violations === 0 || !r.counterexample) return null;
  const v = r.counterexampleVerdict!;
  const n = c.costs.length;
  const room =
    most === fewest ? `${most} of them fit` : `between ${fewest} and ${most} of them fit`;
  const lead = `${c.setupNote ? `${c.setupNote} ` : ''}${n} app servers send a request at the same moment (${c.costs.every((x) => x === 1) ? '' : `costs ${c.costs.join(', ')}; `}${room}).`;
  const parts: string[] = [];
  for (const b of v.broken) {
    if (b.part === 'maxAdmitted')
      parts.push(
        `In this ordering of their round trips your code admits ${v.admitted}: more than the limit allows.`,
      );
    else if (b.part === 'minAdmitted')
      parts.push(
        `In this ordering your code admits only ${v.admitted}, though ${fewest} fit: every request that fits must be admitted, in every ordering.`,
      );
    else if (b.part === 'allKeysHaveTtl')
      parts.push(
        `When this ordering ends, ${b.why} Every key the limiter leaves must expire, whatever the ordering and wherever a server crashes.`,
      );
    else
      parts.push(
        `In this ordering ${b.why} A refused request must not change the count (the contract counts admissions only).`,
      );
  }
  v.ends.forEach((e, i) => {
    if (e.kind === 'error') parts.push(`(Server ${serverName(i)} failed: ${e.message})`);
    if (e.kind === 'starved') parts.push(`(Server ${serverName(i)} never stopped retrying.)`);
  });
  const schedule = toActions(r.counterexample);
  return {
    name: c.name,
    message: `${lead} ${parts.join(' ')} Each line below is one round trip, in the order Redis ran them.`,
    trace: r.counterexample.map(stepLine),
    replay: { input, schedule },
  };
}
