// The SCAN family's shared half (scanGenericCommand in db.c): cursor and option parsing, and the
// reply. A small encoding (listpack, intset) is answered in one go with cursor 0, exactly as
// Redis does. For a hash table Redis walks buckets in an order the model cannot reproduce (it
// depends on the hash seed), so the model answers cursor 0 with everything at once and nothing
// for any other cursor: a complete iteration, as SCAN guarantees, in fewer steps.
import { globMatch } from './glob';
import { parseInt64 } from './numfmt';
import { arr, bulk, err, type Reply } from './reply';
import { ERRORS } from './shared';

export interface ScanArgs {
  cursor: bigint;
  pattern: string | null;
  type: string | null;
}

const CURSOR_RE = /^[+-]?[0-9]+$/;
const ULONG_MAX = 18446744073709551615n;

/** Cursor at `at`, then COUNT / MATCH (and TYPE for the keyspace) options. */
export function parseScan(a: readonly string[], at: number, allowType: boolean): ScanArgs | Reply {
  const c = a[at]!;
  // strtoul: optional sign (a '-' wraps around modulo 2^64), digits, no overflow.
  if (!CURSOR_RE.test(c)) return err('ERR invalid cursor');
  const v = BigInt(c.replace(/^\+/, ''));
  const mag = v < 0n ? -v : v;
  if (mag > ULONG_MAX) return err('ERR invalid cursor');
  const out: ScanArgs = { cursor: v < 0n ? ULONG_MAX + 1n + v : v, pattern: null, type: null };
  for (let i = at + 1; i < a.length;) {
    const o = a[i]!.toLowerCase();
    const left = a.length - i;
    if (o === 'count' && left >= 2) {
      const n = parseInt64(a[i + 1]!);
      if (n === null) return ERRORS.notInt;
      if (n < 1n) return ERRORS.syntax;
      i += 2;
    } else if (o === 'match' && left >= 2) {
      out.pattern = a[i + 1] === '*' ? null : a[i + 1]!;
      i += 2;
    } else if (o === 'type' && allowType && left >= 2) {
      out.type = a[i + 1]!.toLowerCase();
      i += 2;
    } else return ERRORS.syntax;
  }
  return out;
}

/** [cursor, items]; `pairs` filters field/value (or member/score) pairs by their first half. */
export function scanReply(items: readonly string[], s: ScanArgs, pairs: boolean): Reply {
  const out: Reply[] = [];
  const step = pairs ? 2 : 1;
  for (let i = 0; i < items.length; i += step) {
    if (s.pattern !== null && !globMatch(s.pattern, items[i]!)) continue;
    out.push(bulk(items[i]!));
    if (pairs) out.push(bulk(items[i + 1]!));
  }
  return arr([bulk('0'), arr(out)]);
}
