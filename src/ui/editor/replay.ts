// The scene's side of a Lua run. The learner's Lua runs in the editor's worker; the scene
// (src/store/labStore + src/ui/lab) then runs the same traffic through the lab engine with
// `algorithm: "lua"`, and this limiter answers each decision with what the worker's run
// decided, so the lanes, counts, time bar and HTTP view work as with any built-in algorithm
// while no learner code runs on the page.
//
// The lab engine decides requests on the store in arrival order (ties: input order), in
// both placements the editor uses (shared; shared-nonatomic with a constant latency), so
// the k-th decision is the k-th request in arrival order. Each limiter keeps its position
// in its snapshot, so the timeline's checkpoints and replays stay in step.
import { overlayLimiter } from '../../core/limiters/registry';
import type {
  Decision,
  Limiter,
  LimiterRequest,
  LimiterView,
  Params,
} from '../../core/limiters/types';
import { keysAt, type RunOutput } from '../../core/playground/runner';

export interface Recording {
  script: string;
  keys: string[];
  args: string[];
  output: RunOutput;
  /** Request indexes in arrival order. */
  order: number[];
}

let active: Recording | null = null;

export function setRecording(r: Recording | null): void {
  active = r;
}

const sameList = (a: unknown, b: string[]) =>
  Array.isArray(a) && a.length === b.length && a.every((x, i) => x === b[i]);

class ReplayLimiter implements Limiter {
  readonly algorithm = 'lua';
  readonly separableCheck = false;
  private cursor = 0;
  private last: Decision | null = null;
  private readonly seen = new Set<string>();

  constructor(private readonly rec: Recording) {}

  decide(req: LimiterRequest): Decision {
    const idx = this.rec.order[this.cursor++];
    const r = idx === undefined ? undefined : this.rec.output.records[idx];
    this.seen.add(req.key);
    if (!r || r.key !== req.key) {
      this.last = {
        allowed: false,
        retryAfterSeconds: null,
        error: 'the scene is out of step with the script run: press Run again',
      };
    } else this.last = { ...r.decision };
    return this.last;
  }
  check(req: LimiterRequest): Decision {
    return this.decide(req);
  }
  commit(req: LimiterRequest): Decision {
    return this.last ?? this.decide(req);
  }
  view(key: string, now: number): LimiterView | null {
    if (!this.seen.has(key)) return null;
    const data = keysAt(this.rec.output.frames, now).filter((k) => k.key.includes(key));
    return { kind: 'opaque', key, algorithm: 'lua', data };
  }
  keys(): string[] {
    return [...this.seen];
  }
  readState(_key: string): unknown {
    return this.cursor;
  }
  writeState(key: string): void {
    this.seen.add(key);
  }
  snapshot(): unknown {
    return { cursor: this.cursor, seen: [...this.seen] };
  }
  restore(s: unknown): void {
    const o = s as { cursor: number; seen: string[] };
    this.cursor = o.cursor;
    this.seen.clear();
    for (const k of o.seen) this.seen.add(k);
    this.last = null;
  }
}

class NotRunLimiter extends ReplayLimiter {
  constructor() {
    super({
      script: '',
      keys: [],
      args: [],
      output: {
        mode: 'script',
        records: [],
        frames: [],
        compileError: null,
        killedCount: 0,
        skippedCount: 0,
      },
      order: [],
    });
  }
}

function validate(params: Params, path: string): string[] {
  const out: string[] = [];
  for (const k of Object.keys(params))
    if (!['script', 'keys', 'args'].includes(k)) out.push(`${path}.${k} is not a parameter of lua`);
  if (typeof params.script !== 'string' || params.script.trim() === '')
    out.push(`${path}.script must be a non-empty string of Lua`);
  return out;
}

/**
 * Make `algorithm: "lua"` answer from the editor's runs; returns the undo. Only the editor's
 * own script (and KEYS, ARGV) replays; any other Lua scenario on this page (window.rateLab, a
 * link opened meanwhile) runs on the real engine, loaded on demand as on every route.
 */
export function installReplay(): () => void {
  return overlayLimiter('lua', {
    validateParams: validate,
    create(params: Params): Limiter | null {
      const a = active;
      if (
        a &&
        params.script === a.script &&
        sameList(params.keys ?? ['rl:{key}'], a.keys) &&
        sameList(params.args ?? [], a.args)
      )
        return new ReplayLimiter(a);
      return null;
    },
    // Neither the editor's run nor a loaded engine: a limiter that says why it cannot decide.
    unavailable: () => new NotRunLimiter(),
  });
}
