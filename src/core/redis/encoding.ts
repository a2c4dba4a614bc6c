// How Redis 7.0 would encode each value (OBJECT ENCODING, and the SCAN family, which answers a
// small encoding in one go). Thresholds are Redis 7.0's defaults: hash-max-listpack-entries 512,
// hash-max-listpack-value 64, zset-max-listpack-entries 128, zset-max-listpack-value 64,
// set-max-intset-entries 512; strings of up to 44 bytes are embstr. Conversions to the big
// encodings never go back, as in Redis.
import { byteLength } from './bytes';
import type { Entry } from './keyspace';
import type { ZSet } from './zset';
import { parseInt64 } from './numfmt';

export const HASH_LISTPACK_MAX_ENTRIES = 512;
export const ZSET_LISTPACK_MAX_ENTRIES = 128;
export const LISTPACK_MAX_VALUE = 64;
const EMBSTR_MAX = 44;

/** Hashes that became a hash table (a WeakSet, so the Map itself stays a plain Map). */
const HASH_TABLES = new WeakSet<Map<string, string>>();

/** hashTypeTryConversion / hashTypeSet: call after writing `field` = `value` into `h`. */
export function noteHashWrite(h: Map<string, string>, field: string, value: string): void {
  // A UTF-16 unit is at most 3 UTF-8 bytes: 21 units cannot pass 64 bytes (the hot path).
  if (h.size <= HASH_LISTPACK_MAX_ENTRIES && field.length <= 21 && value.length <= 21) return;
  if (HASH_TABLES.has(h)) return;
  if (
    h.size > HASH_LISTPACK_MAX_ENTRIES ||
    byteLength(field) > LISTPACK_MAX_VALUE ||
    byteLength(value) > LISTPACK_MAX_VALUE
  ) {
    HASH_TABLES.add(h);
  }
}

export function isHashTable(h: Map<string, string>): boolean {
  return HASH_TABLES.has(h);
}

/** COPY keeps the encoding. */
export function copyHashEncoding(from: Map<string, string>, to: Map<string, string>): void {
  if (HASH_TABLES.has(from)) HASH_TABLES.add(to);
}

/** zsetAdd: a new member past 128 entries or 64 bytes turns a listpack into a skiplist. */
export function noteZsetAdd(z: ZSet, member: string): void {
  if (
    !z.skiplist &&
    (z.size > ZSET_LISTPACK_MAX_ENTRIES || byteLength(member) > LISTPACK_MAX_VALUE)
  ) {
    z.skiplist = true;
  }
}

/** A string's encoding: int (an integer of up to 20 bytes), embstr (up to 44 bytes) or raw. */
export function stringEncoding(v: string, enc: 'raw' | 'float' | undefined): string {
  if (enc === 'raw') return 'raw';
  const len = byteLength(v);
  if (enc !== 'float' && len <= 20 && parseInt64(v) !== null) return 'int';
  return len <= EMBSTR_MAX ? 'embstr' : 'raw';
}

/** OBJECT ENCODING's answer for a value. */
export function encodingOf(e: Entry): string {
  switch (e.type) {
    case 'string':
      return stringEncoding(e.v, e.enc);
    case 'hash':
      return HASH_TABLES.has(e.v) ? 'hashtable' : 'listpack';
    case 'zset':
      return e.v.skiplist ? 'skiplist' : 'listpack';
    case 'list':
      return 'quicklist';
    case 'set':
      return e.v.encoding();
  }
}

/** Is this value kept in a small encoding (listpack, intset), scanned in one go? */
export function isSmallEncoding(e: Entry): boolean {
  const enc = encodingOf(e);
  return enc === 'listpack' || enc === 'intset';
}
