// What one lab run's scripts may keep in memory. The Lua heap has its own cap (32 MB a
// script), but what scripts write to the Redis model lives on the worker's JavaScript heap,
// and so does the record of each request's key state that seeking needs; each write is also
// sent to the caller (it replays them if it has to kill the run). A script writing megabytes
// per request, or the same megabytes over and over, would grow these until a heap ran out and
// the whole run failed. Instead, as a Redis with `maxmemory` and no eviction does, script
// writes past MODEL_MAX_BYTES in the models, or past RUN_WRITE_MAX_BYTES in one script run,
// get Redis's OOM error (the request is decided as a script error and the run goes on), and
// past RECORD_MAX_BYTES of recorded key states the run is simply not seekable.
import { err, type Reply } from '../core/redis/reply';

/** Bytes of keys and values the run's Redis models may hold before script writes fail. */
export const MODEL_MAX_BYTES = 128 * 1024 * 1024;
/** Bytes of write commands one script run may send. */
export const RUN_WRITE_MAX_BYTES = 64 * 1024 * 1024;
/** Bytes of recorded key states (for seeking without a script) a run may keep. */
export const RECORD_MAX_BYTES = 64 * 1024 * 1024;

/** Redis's reply to a write past `maxmemory` (shared.oomerr in server.c). */
export const OOM_TEXT = "OOM command not allowed when used memory > 'maxmemory'.";
export const OOM_REPLY: Reply = err(OOM_TEXT);

/** About how many bytes `v` (a key snapshot, a command's arguments) holds: its texts' lengths. */
export function sizeOf(v: unknown): number {
  if (typeof v === 'string') return v.length;
  if (typeof v === 'number' || typeof v === 'boolean') return 8;
  if (Array.isArray(v)) {
    let n = 16;
    for (const x of v) n += sizeOf(x);
    return n;
  }
  if (v instanceof Set || v instanceof Map) return sizeOf([...v]);
  if (typeof v === 'object' && v !== null) {
    let n = 16;
    for (const x of Object.values(v)) n += sizeOf(x);
    return n;
  }
  return 0;
}

/**
 * Decides whether a script's write may go ahead. Counting every write's arguments is cheap
 * but overcounts (an overwrite frees the old value), so when the count passes the cap the
 * models are measured for real; while they stay over it, each script run measures once.
 */
export class MemoryGuard {
  private used = 0;
  private written = 0;
  private overIn = -1;
  private seq = -1;
  private sent = 0;

  constructor(
    /** The bytes the run's models hold now. */
    private readonly measure: () => number,
    private readonly max = MODEL_MAX_BYTES,
    private readonly perRun = RUN_WRITE_MAX_BYTES,
  ) {}

  /** May script run `seq` make this write? */
  allow(seq: number, args: readonly string[]): boolean {
    const n = sizeOf(args);
    if (seq !== this.seq) {
      this.seq = seq;
      this.sent = 0;
    }
    if (this.sent + n > this.perRun) return false;
    this.sent += n;
    if (this.used + this.written + n <= this.max) {
      this.written += n;
      return true;
    }
    if (this.overIn === seq) return false;
    this.used = this.measure();
    this.written = 0;
    if (this.used + n <= this.max) {
      this.overIn = -1;
      this.written = n;
      return true;
    }
    this.overIn = seq;
    return false;
  }
}
