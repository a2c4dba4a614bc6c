// The keyspace (Redis's db.c and the lookup half of expire.c): one database of typed values on
// the virtual clock. Lookups expire keys lazily, typed reads tell a missing key (undefined)
// from one of another type (null: the caller answers WRONGTYPE), and every change signals
// the sessions WATCHing the key. The command families (commands/*.ts) work only through it.
import { noteHashWrite, noteZsetAdd } from './encoding';
import type { Session } from './session';
import { keySlot } from './slot';
import { RSet } from './set';
import { ZSet } from './zset';

export type RedisType = 'string' | 'hash' | 'zset' | 'list' | 'set';

export interface StringEntry {
  type: 'string';
  v: string;
  exp: number;
  /**
   * How Redis would encode it where the value alone does not tell: 'raw' after APPEND or
   * SETRANGE, 'float' for an INCRBYFLOAT result (embstr or raw, never int). See encoding.ts.
   */
  enc?: 'raw' | 'float';
}
export interface HashEntry {
  type: 'hash';
  v: Map<string, string>;
  exp: number;
}
export interface ZsetEntry {
  type: 'zset';
  v: ZSet;
  exp: number;
}
export interface ListEntry {
  type: 'list';
  v: string[];
  exp: number;
}
export interface SetEntry {
  type: 'set';
  v: RSet;
  exp: number;
}

/** One key's value; `exp` is the Unix time in ms it expires at, -1 for none. */
export type Entry = StringEntry | HashEntry | ZsetEntry | ListEntry | SetEntry;

// Redis keeps an expiry as a signed 64-bit ms time. `exp` (a double) is exact up to 2^53 ms,
// past year 285,000: enough to decide expiry, not to answer PEXPIRETIME of PEXPIREAT
// 9007199254740993. Deadlines beyond 2^53 also keep their exact value here.
const EXACT_EXPIRY = new WeakMap<Entry, bigint>();
const SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/** Set the expiry of `e` (Unix ms, -1 for none), exactly even beyond 2^53. */
export function setExpiry(e: Entry, ms: number | bigint): void {
  e.exp = Number(ms);
  if (typeof ms === 'bigint' && (ms > SAFE || ms < -SAFE)) EXACT_EXPIRY.set(e, ms);
  else EXACT_EXPIRY.delete(e);
}

/** The exact expiry of `e` (Unix ms, -1 for none). */
export function expiryOf(e: Entry): bigint {
  const x = EXACT_EXPIRY.get(e);
  return x !== undefined && Number(x) === e.exp ? x : BigInt(e.exp);
}

/** A read-only view of one key, for the UI. */
export interface KeySnapshot {
  key: string;
  type: RedisType;
  /** Milliseconds left, or null without a TTL. */
  ttlMs: number | null;
  /** string: the value; hash: [field, value]; zset: [member, score]; list and set: items. */
  value: string | Array<[string, string]> | Array<[string, number]> | string[];
  slot: number;
}

/** What the databases of one server share: the clock and the WATCH table. */
export interface ServerState {
  /** Virtual time in microseconds since the Unix epoch. */
  us: number;
  /** WATCHed keys (db 0: the key; db n: `n NUL key`) and the sessions watching each. */
  readonly watchers: Map<string, Set<Session>>;
  /** Every database, by index (SELECT). */
  readonly dbs: Keyspace[];
}

/** Redis's default `databases`: SELECT takes 0 to 15. */
export const DATABASES = 16;

export class Keyspace {
  /** The keys; SWAPDB swaps two databases' maps. */
  db = new Map<string, Entry>();
  readonly server: ServerState;

  constructor(
    startUs: number,
    readonly id = 0,
    server?: ServerState,
  ) {
    this.server = server ?? { us: startUs, watchers: new Map(), dbs: [] };
    this.server.dbs[id] = this;
  }

  /** Virtual time in microseconds since the Unix epoch (shared by every database). */
  get nowUs(): number {
    return this.server.us;
  }
  set nowUs(us: number) {
    this.server.us = us;
  }

  /** WATCHed keys and the sessions watching each (Redis's db->watched_keys), every db's. */
  get watchers(): Map<string, Set<Session>> {
    return this.server.watchers;
  }

  /** The WATCH table's name for `key` in this database. */
  private wk(key: string): string {
    return this.id === 0 ? key : `${this.id}\0${key}`;
  }

  /** Virtual time in whole milliseconds (what TTLs are kept in). */
  nowMs(): number {
    return Math.floor(this.nowUs / 1000);
  }

  isExpired(e: Entry): boolean {
    return e.exp >= 0 && e.exp < this.nowMs();
  }

  // ---- lookup ------------------------------------------------------------------------

  /** The live entry at `key`; a logically expired key is deleted on the way. */
  lookup(key: string): Entry | undefined {
    const e = this.db.get(key);
    if (e === undefined) return undefined;
    if (e.exp >= 0 && e.exp < this.nowMs()) {
      this.db.delete(key);
      this.touch(key);
      return undefined;
    }
    return e;
  }

  /** The string entry at key; undefined when missing; null when the key holds another type. */
  readString(key: string): StringEntry | undefined | null {
    const e = this.lookup(key);
    if (e === undefined) return undefined;
    return e.type === 'string' ? e : null;
  }

  readHash(key: string): Map<string, string> | undefined | null {
    const e = this.lookup(key);
    if (e === undefined) return undefined;
    return e.type === 'hash' ? e.v : null;
  }

  readZset(key: string): ZSet | undefined | null {
    const e = this.lookup(key);
    if (e === undefined) return undefined;
    return e.type === 'zset' ? e.v : null;
  }

  readList(key: string): string[] | undefined | null {
    const e = this.lookup(key);
    if (e === undefined) return undefined;
    return e.type === 'list' ? e.v : null;
  }

  readSet(key: string): RSet | undefined | null {
    const e = this.lookup(key);
    if (e === undefined) return undefined;
    return e.type === 'set' ? e.v : null;
  }

  // ---- writes ------------------------------------------------------------------------

  // The write* lookups create an empty value when the key is missing (not yet signalled: the
  // command signals after its change). Check every argument before calling them, so that an
  // error never leaves an empty key behind.

  writeHash(key: string): Map<string, string> | null {
    const e = this.lookup(key);
    if (e === undefined) {
      const v = new Map<string, string>();
      this.db.set(key, { type: 'hash', v, exp: -1 });
      return v;
    }
    return e.type === 'hash' ? e.v : null;
  }

  writeZset(key: string): ZSet | null {
    const e = this.lookup(key);
    if (e === undefined) {
      const v = new ZSet();
      this.db.set(key, { type: 'zset', v, exp: -1 });
      return v;
    }
    return e.type === 'zset' ? e.v : null;
  }

  writeList(key: string): string[] | null {
    const e = this.lookup(key);
    if (e === undefined) {
      const v: string[] = [];
      this.db.set(key, { type: 'list', v, exp: -1 });
      return v;
    }
    return e.type === 'list' ? e.v : null;
  }

  /** The set at key, created for `first` (an intset if it is an integer) when missing. */
  writeSet(key: string, first: string): RSet | null {
    const e = this.lookup(key);
    if (e === undefined) {
      const v = new RSet(first);
      this.db.set(key, { type: 'set', v, exp: -1 });
      return v;
    }
    return e.type === 'set' ? e.v : null;
  }

  /** Add or replace the value at key (setKey / dbAdd), keeping nothing of the old one. */
  put(key: string, e: Entry): void {
    this.db.set(key, e);
    this.touch(key);
  }

  /** Store a string value (no TTL unless given), replacing any value of any type. */
  putString(key: string, v: string, exp: number | bigint = -1): void {
    const e: Entry = { type: 'string', v, exp: -1 };
    setExpiry(e, exp);
    this.db.set(key, e);
    this.touch(key);
  }

  /** Delete a key that is known to exist, signalling watchers. */
  del(key: string): void {
    this.db.delete(key);
    this.touch(key);
  }

  /** Delete a live key; false when there was none (DEL, UNLINK). */
  delIfExists(key: string): boolean {
    if (this.lookup(key) === undefined) return false;
    this.del(key);
    return true;
  }

  /** After removing items: drop the key when its collection became empty (Redis never keeps one). */
  dropIfEmpty(key: string, size: number): void {
    if (size === 0) this.db.delete(key);
  }

  /** signalModifiedKey: invalidate WATCHes on the key. */
  touch(key: string): void {
    if (this.watchers.size === 0) return;
    const w = this.wk(key);
    const ws = this.watchers.get(w);
    if (ws === undefined) return;
    for (const s of ws) {
      if (s.watched.get(w) === true) {
        // The key was already expired at WATCH; its deletion is no logical change.
        if (!this.db.has(key)) {
          s.watched.set(w, false);
          continue;
        }
      }
      s.dirtyCas = true;
    }
  }

  /** Drop every logically expired key (KEYS, DBSIZE and the UI see only live keys). */
  purgeExpired(): void {
    const now = this.nowMs();
    for (const [key, e] of this.db) {
      if (e.exp >= 0 && e.exp < now) {
        this.db.delete(key);
        this.touch(key);
      }
    }
  }

  /** FLUSHALL / FLUSHDB: every session watching an existing key sees a change. */
  flush(): void {
    this.touchWatched();
    this.db.clear();
  }

  /** Every session watching a key of this database that exists (before a flush or a swap). */
  touchWatched(): void {
    if (this.watchers.size === 0) return;
    for (const [w, ss] of this.watchers) {
      const key = this.keyOf(w);
      if (key !== null && this.db.has(key)) for (const s of ss) s.dirtyCas = true;
    }
  }

  /** The key of a WATCH-table name when it is this database's, else null. */
  private keyOf(w: string): string | null {
    if (this.id === 0) return w.includes('\0') && /^\d+\0/.test(w) ? null : w;
    const prefix = `${this.id}\0`;
    return w.startsWith(prefix) ? w.slice(prefix.length) : null;
  }

  // ---- WATCH -------------------------------------------------------------------------

  watch(s: Session, key: string): void {
    const w = this.wk(key);
    if (s.watched.has(w)) return;
    const e = this.db.get(key);
    s.watched.set(w, e !== undefined && this.isExpired(e));
    let ws = this.watchers.get(w);
    if (ws === undefined) {
      ws = new Set();
      this.watchers.set(w, ws);
    }
    ws.add(s);
  }

  unwatchAll(s: Session): void {
    for (const key of s.watched.keys()) {
      const ws = this.watchers.get(key);
      if (ws) {
        ws.delete(s);
        if (ws.size === 0) this.watchers.delete(key);
      }
    }
    s.watched.clear();
    s.dirtyCas = false;
  }

  /** EXEC: has a watched key expired since WATCH (a logical change Redis also counts)? */
  watchedKeyExpired(s: Session): boolean {
    for (const [w, expiredAtWatch] of s.watched) {
      if (expiredAtWatch) continue;
      for (const ks of this.server.dbs) {
        const key = ks.keyOf(w);
        if (key === null) continue;
        const e = ks.db.get(key);
        if (e !== undefined && ks.isExpired(e)) return true;
      }
    }
    return false;
  }

  // ---- inspection --------------------------------------------------------------------

  /**
   * Write keys back from snapshots (checkpoints, a worker's state), replacing those keys, with
   * their remaining TTLs counted from now. A set's encoding is worked out again from its
   * members.
   */
  restore(keys: readonly KeySnapshot[]): void {
    const now = this.nowMs();
    for (const k of keys) {
      const exp = k.ttlMs === null ? -1 : now + Math.max(1, Math.round(k.ttlMs));
      let e: Entry;
      switch (k.type) {
        case 'string':
          e = { type: 'string', v: k.value as string, exp };
          break;
        case 'hash': {
          const h = new Map<string, string>();
          for (const [f, v] of k.value as Array<[string, string]>) {
            h.set(f, v);
            noteHashWrite(h, f, v);
          }
          e = { type: 'hash', v: h, exp };
          break;
        }
        case 'zset': {
          const z = new ZSet();
          for (const [m, score] of k.value as Array<[string, number]>) {
            z.set(m, score);
            noteZsetAdd(z, m);
          }
          e = { type: 'zset', v: z, exp };
          break;
        }
        case 'list':
          e = { type: 'list', v: [...(k.value as string[])], exp };
          break;
        case 'set': {
          const items = k.value as string[];
          const s = new RSet(items[0] ?? null);
          for (const m of items) s.add(m);
          e = { type: 'set', v: s, exp };
          break;
        }
      }
      const empty = k.type !== 'string' && (k.value as unknown[]).length === 0;
      if (empty) this.db.delete(k.key);
      else this.db.set(k.key, e);
      this.touch(k.key);
    }
  }

  /** Every live key (expired ones are dropped first), for the UI. */
  snapshot(): KeySnapshot[] {
    this.purgeExpired();
    const now = this.nowMs();
    const out: KeySnapshot[] = [];
    for (const [key, e] of this.db) {
      let value: KeySnapshot['value'];
      switch (e.type) {
        case 'string':
          value = e.v;
          break;
        case 'hash':
          value = [...e.v.entries()];
          break;
        case 'zset':
          value = e.v.entries.map((z): [string, number] => [z.member, z.score]);
          break;
        case 'list':
          value = [...e.v];
          break;
        case 'set':
          value = [...e.v.items()];
          break;
      }
      out.push({
        key,
        type: e.type,
        ttlMs: e.exp < 0 ? null : e.exp - now,
        value,
        slot: keySlot(key),
      });
    }
    return out;
  }
}
