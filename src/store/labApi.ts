// The headless browser API (docs/spec/headless.md, `window.rateLab`) over the lab store. It
// lives here, not in src/app, so Node tests drive exactly the code a browser page runs;
// src/app/rateLab.ts only installs it on `window`.
import type { LabSnapshot } from '../core/lab/labRun';
import { limiterNamesOf, prepareLimiters } from '../core/limiters/registry';
import { labSnapshot, labStore, scenarioShapeError, SPEED_MAX, SPEED_MIN } from './labStore';
import { predictPending } from './predictPending';
import { realRedisCases, type RealCaseResult } from './realRedis';

/** The longest single advance (about 31 years of virtual time). */
export const MAX_ADVANCE = 1e9;

/** A value as a learner would recognise it in a message (short). */
function shown(v: unknown): string {
  if (typeof v === 'string') return JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}…` : v);
  if (typeof v === 'number' || typeof v === 'boolean' || v == null) return String(v);
  return Array.isArray(v) ? 'an array' : `a ${typeof v}`;
}

/** Why a scenario is not plain JSON data (a function, a cycle, a BigInt), or null. */
function notPlainJson(v: unknown): string | null {
  try {
    JSON.stringify(v);
    return null;
  } catch (e) {
    return `scenario must be plain JSON data (${errorMessage(e)})`;
  }
}
import { createLiveApi, type RateLabLive } from './liveApi';
import { errorMessage } from '../core/util/errorMessage';

export interface RateLab {
  version: 1;
  load(scenario: unknown): Promise<void>;
  advance(seconds: number): Promise<void>;
  play(speed?: number): void;
  pause(): void;
  reset(): Promise<void>;
  /** The run at the clock's time; `predictPending`: a predict prompt still hides an outcome. */
  snapshot(): LabSnapshot & { predictPending: boolean };
  /**
   * `redis` cases (the CLI verb's format, as objects) on the model and a real Redis through
   * the lab server, side by side. Rejects, saying how to configure a Redis, when none answers.
   */
  redis(cases: unknown[], opts: { target: 'real' }): Promise<RealCaseResult[]>;
  /** The live room open on this page (docs/live.md). */
  live: RateLabLive;
}

export function createLabApi(): RateLab {
  return {
    version: 1,
    async load(scenario) {
      const bad = scenarioShapeError(scenario) ?? notPlainJson(scenario);
      if (bad) throw new Error(`load(scenario): ${bad}`);
      // `algorithm: "lua"` first loads the Lua engine (its wasm comes from the bundle).
      await prepareLimiters(limiterNamesOf(scenario));
      let r = labStore.getState().load(scenario, { play: false });
      // Learner Lua runs in the lab's worker: resolve once its run is in.
      if (r.ok && r.settled) r = await r.settled;
      // The same message the command line prints on stderr.
      if (!r.ok) throw new Error(r.message);
    },
    async advance(seconds) {
      if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds < 0)
        throw new Error(`advance(seconds) needs a finite number >= 0, not ${shown(seconds)}`);
      if (seconds > MAX_ADVANCE)
        throw new Error(`advance(seconds) takes at most ${MAX_ADVANCE} s, not ${shown(seconds)}`);
      const s = labStore.getState();
      s.pause();
      s.seek(s.now + seconds);
    },
    play(speed) {
      if (
        speed !== undefined &&
        (typeof speed !== 'number' || !(speed >= SPEED_MIN && speed <= SPEED_MAX))
      )
        throw new Error(
          `play(speed) needs a number from ${SPEED_MIN} to ${SPEED_MAX}, not ${shown(speed)}`,
        );
      labStore.getState().play(speed);
    },
    pause() {
      labStore.getState().pause();
    },
    async reset() {
      const s = labStore.getState();
      s.pause();
      s.seek(0);
    },
    snapshot: () => ({ ...labSnapshot(), predictPending: predictPending() }),
    async redis(cases, opts) {
      if (!Array.isArray(cases)) throw new Error('redis(cases, ...): cases must be an array');
      if (opts?.target !== 'real')
        throw new Error(
          'redis(cases, {target: "real"}) runs cases on a real Redis; for the model alone use the command line: npm run cli -- redis FILE',
        );
      const r = await realRedisCases(cases);
      if (!r.ok) throw new Error(r.message);
      return r.value;
    },
    live: createLiveApi(),
  };
}
