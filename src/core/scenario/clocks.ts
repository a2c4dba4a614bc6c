// A scenario's clocks: each app server's (its offset and drift, given with a server list) and
// the store's steps (store.clockSteps).
import { BOUNDS } from './bounds';
import { Ctx, isObj, type Obj } from './ctx';
import type { ServerClock, StoreSpec } from './types';

const NAME = /^[A-Za-z0-9_-]{1,16}$/;
const SERVER_NAMES = 'ABCDEFGH';

/** `servers` as a list: [{"name": "A", "clockOffsetSeconds": -2, "clockDriftPpm": 50}, ...]. */
export function serverList(c: Ctx, v: unknown[]): { names: string[]; clocks: ServerClock[] } {
  const names: string[] = [];
  const clocks: ServerClock[] = [];
  if (v.length < 1 || v.length > 8) c.err('servers must list from 1 to 8 servers');
  v.slice(0, 8).forEach((s: unknown, i) => {
    const p = `servers[${i}]`;
    if (!isObj(s)) return c.err(`${p} must be an object`);
    c.unknown(s, p, ['name', 'clockOffsetSeconds', 'clockDriftPpm']);
    const name = c.str(s, 'name', p, SERVER_NAMES[i]!);
    if (!NAME.test(name)) c.err(`${p}.name must be 1 to 16 letters, digits, "_" or "-"`);
    else if (names.includes(name)) c.err(`${p}.name "${name}" is used twice`);
    const offsetSeconds = c.signed(s, 'clockOffsetSeconds', p, BOUNDS.clockOffsetSeconds, 0);
    const driftPpm = c.signed(s, 'clockDriftPpm', p, BOUNDS.clockDriftPpm, 0);
    names.push(name);
    clocks.push({ offsetSeconds: offsetSeconds ?? 0, driftPpm: driftPpm ?? 0 });
  });
  return { names, clocks };
}

/** store.clockSteps (into `s`), sorted by time. */
export function clockSteps(c: Ctx, v: Obj, s: StoreSpec): void {
  if (v.clockSteps !== undefined) {
    if (!Array.isArray(v.clockSteps)) c.err('store.clockSteps must be an array');
    else {
      if (v.clockSteps.length > BOUNDS.clockSteps)
        c.err(`store.clockSteps may have at most ${BOUNDS.clockSteps} steps`);
      const steps: { at: number; bySeconds: number }[] = [];
      v.clockSteps.slice(0, BOUNDS.clockSteps).forEach((st: unknown, i) => {
        const p = `store.clockSteps[${i}]`;
        if (!isObj(st)) return c.err(`${p} must be an object`);
        c.unknown(st, p, ['at', 'bySeconds']);
        const at = c.num(st, 'at', p, 'ge0', undefined, BOUNDS.time);
        if (st.bySeconds === undefined)
          c.err(
            `${p}.bySeconds is required and must be a finite number from -${BOUNDS.clockStepSeconds} to ${BOUNDS.clockStepSeconds}`,
          );
        const by = c.signed(st, 'bySeconds', p, BOUNDS.clockStepSeconds, 0);
        if (at !== undefined && by !== undefined && st.bySeconds !== undefined)
          steps.push({ at, bySeconds: by });
      });
      // Steps apply in time order (equal times in list order).
      s.clockSteps = steps
        .map((x, k) => ({ x, k }))
        .sort((a, b) => a.x.at - b.x.at || a.k - b.k)
        .map(({ x }) => x);
    }
  }
}
