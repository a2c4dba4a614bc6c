// window.rateLab: the browser automation API of spec/headless.md, over the lab store. It works
// on any route (the lab screen draws the same store when it is open).
import { limiterNamesOf, prepareLimiters } from '../core/limiters/registry';
import { labSnapshot, labStore } from '../store/labStore';

export interface RateLab {
  version: 1;
  load(scenario: unknown): Promise<void>;
  advance(seconds: number): Promise<void>;
  play(speed?: number): void;
  pause(): void;
  reset(): Promise<void>;
  snapshot(): ReturnType<typeof labSnapshot>;
}

declare global {
  interface Window {
    rateLab?: RateLab;
  }
}

export function createRateLab(): RateLab {
  return {
    version: 1,
    async load(scenario) {
      // `algorithm: "lua"` first loads the Lua engine (its wasm comes from the bundle).
      await prepareLimiters(limiterNamesOf(scenario));
      const r = labStore.getState().load(scenario, { play: false });
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
  };
}

export function installRateLab(): void {
  window.rateLab = createRateLab();
}
