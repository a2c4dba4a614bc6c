// The headless browser API (docs/spec/headless.md, `window.rateLab`) over the lab store. It
// lives here, not in src/app, so Node tests drive exactly the code a browser page runs;
// src/app/rateLab.ts only installs it on `window`.
import type { LabSnapshot } from '../core/lab/labRun';
import { limiterNamesOf, prepareLimiters } from '../core/limiters/registry';
import { labSnapshot, labStore } from './labStore';
import { createLiveApi, type RateLabLive } from './liveApi';

export interface RateLab {
  version: 1;
  load(scenario: unknown): Promise<void>;
  advance(seconds: number): Promise<void>;
  play(speed?: number): void;
  pause(): void;
  reset(): Promise<void>;
  snapshot(): LabSnapshot;
  /** The live room open on this page (docs/live.md). */
  live: RateLabLive;
}

export function createLabApi(): RateLab {
  return {
    version: 1,
    async load(scenario) {
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
        throw new Error('advance(seconds) needs a finite number >= 0');
      const s = labStore.getState();
      s.pause();
      s.seek(s.now + seconds);
    },
    play(speed) {
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
    snapshot: labSnapshot,
    live: createLiveApi(),
  };
}
