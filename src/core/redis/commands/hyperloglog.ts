// HyperLogLog commands (hyperloglog.c): PFADD and PFCOUNT, single and multi-key, on Redis's
// own representation (../hll.ts), so counts and the stored bytes match redis-server 7.0.15.
import { fromBytes, toBytes } from '../bytes';
import { command, ALL_KEYS, KEY1, type CommandRow, type Ctx } from '../command';
import {
  cachedCount,
  emptyHll,
  estimate,
  hllSet,
  HLL_REGISTERS,
  invalidateCache,
  isHll,
  patLen,
  registers,
  storeCount,
} from '../hll';
import { err, type Reply } from '../reply';
import { ERRORS, intReply, ONE, ZERO } from '../shared';

const NOT_HLL = err('WRONGTYPE Key is not a valid HyperLogLog string value.');
const CORRUPT = err('INVALIDOBJ Corrupted HLL object detected');

function pfadd(c: Ctx, a: string[]): Reply {
  const key = a[1]!;
  const e = c.db.readString(key);
  if (e === null) return ERRORS.wrongType;
  let bytes: Uint8Array;
  let updated = 0;
  if (e === undefined) {
    bytes = emptyHll();
    updated++;
  } else {
    bytes = toBytes(e.v);
    if (!isHll(bytes)) return NOT_HLL;
  }
  for (let i = 2; i < a.length; i++) {
    const { index, count } = patLen(toBytes(a[i]!));
    const r = hllSet(bytes, index, count);
    if (r === null) return CORRUPT;
    bytes = r.bytes;
    if (r.changed) updated++;
  }
  if (updated > 0) {
    invalidateCache(bytes);
    const v = fromBytes(bytes);
    if (e === undefined) c.db.put(key, { type: 'string', v, exp: -1, enc: 'raw' });
    else {
      e.v = v;
      e.enc = 'raw';
      c.db.touch(key);
    }
  } else if (e !== undefined) e.enc = 'raw';
  return updated > 0 ? ONE : ZERO;
}

function pfcount(c: Ctx, a: string[]): Reply {
  if (a.length > 2) {
    const max = new Uint8Array(HLL_REGISTERS);
    for (let i = 1; i < a.length; i++) {
      const e = c.db.readString(a[i]!);
      if (e === undefined) continue;
      if (e === null) return ERRORS.wrongType;
      const bytes = toBytes(e.v);
      if (!isHll(bytes)) return NOT_HLL;
      const regs = registers(bytes);
      if (regs === null) return CORRUPT;
      for (let j = 0; j < HLL_REGISTERS; j++) if (regs[j]! > max[j]!) max[j] = regs[j]!;
    }
    return intReply(estimate(max));
  }
  const key = a[1]!;
  const e = c.db.readString(key);
  if (e === undefined) return ZERO;
  if (e === null) return ERRORS.wrongType;
  const bytes = toBytes(e.v);
  if (!isHll(bytes)) return NOT_HLL;
  e.enc = 'raw';
  const cached = cachedCount(bytes);
  if (cached !== null) return { t: 'int', v: cached };
  const regs = registers(bytes);
  if (regs === null) return CORRUPT;
  const card = estimate(regs);
  // The count is cached in the header: the stored bytes change, and WATCHers see it.
  storeCount(bytes, card);
  e.v = fromBytes(bytes);
  c.db.touch(key);
  return intReply(card);
}

export const HYPERLOGLOG_COMMANDS: readonly CommandRow[] = [
  command({
    group: 'hyperloglog',
    name: 'pfadd',
    arity: -2,
    flags: 'write denyoom fast',
    keys: KEY1,
    args: 'key [element ...]',
    summary: 'Add elements to a HyperLogLog; 1 when its estimate may have changed.',
    since: '2.8.9',
    run: pfadd,
  }),
  command({
    group: 'hyperloglog',
    name: 'pfcount',
    arity: -2,
    flags: 'readonly may_replicate',
    keys: ALL_KEYS,
    args: 'key [key ...]',
    summary: 'The estimated number of distinct elements (of the union, with several keys).',
    since: '2.8.9',
    run: pfcount,
  }),
];
