// LCS: the longest common subsequence of two strings, over bytes, with Redis's LEN / IDX /
// MINMATCHLEN / WITHMATCHLEN answers.
import { type Ctx } from '../../command';
import { fromBytes, MAX_STRING_BYTES, toBytes } from '../../bytes';
import { parseInt64 } from '../../numfmt';
import { arr, bulk, err, type Reply } from '../../reply';
import { ERRORS, intReply } from '../../shared';

/** LCS key1 key2 [LEN] [IDX] [MINMATCHLEN len] [WITHMATCHLEN], over bytes as in Redis. */
export function lcs(c: Ctx, a: string[]): Reply {
  const ea = c.db.lookup(a[1]!);
  const eb = c.db.lookup(a[2]!);
  if ((ea !== undefined && ea.type !== 'string') || (eb !== undefined && eb.type !== 'string')) {
    return err('ERR The specified keys must contain string values');
  }
  let getlen = false;
  let getidx = false;
  let withmatchlen = false;
  let minmatchlen = 0;
  for (let j = 3; j < a.length; j++) {
    const opt = a[j]!.toLowerCase();
    if (opt === 'idx') getidx = true;
    else if (opt === 'len') getlen = true;
    else if (opt === 'withmatchlen') withmatchlen = true;
    else if (opt === 'minmatchlen' && j < a.length - 1) {
      const n = parseInt64(a[j + 1]!);
      if (n === null) return ERRORS.notInt;
      minmatchlen = n < 0n ? 0 : Number(n);
      j++;
    } else return ERRORS.syntax;
  }
  if (getlen && getidx) {
    return err('ERR If you want both the length and indexes, please just use IDX.');
  }
  const x = toBytes(ea === undefined ? '' : (ea.v as string));
  const y = toBytes(eb === undefined ? '' : (eb.v as string));
  const alen = x.length;
  const blen = y.length;
  const cells = (alen + 1) * (blen + 1);
  if (cells * 4 > MAX_STRING_BYTES) {
    return err('ERR Insufficient memory, transient memory for LCS exceeds proto-max-bulk-len');
  }
  let t: Uint32Array;
  try {
    t = new Uint32Array(cells);
  } catch (_e) {
    return err('ERR Insufficient memory, failed allocating transient memory for LCS');
  }
  const w = blen + 1;
  for (let i = 1; i <= alen; i++) {
    for (let j = 1; j <= blen; j++) {
      if (x[i - 1] === y[j - 1]) t[i * w + j] = t[(i - 1) * w + j - 1]! + 1;
      else {
        const l1 = t[(i - 1) * w + j]!;
        const l2 = t[i * w + j - 1]!;
        t[i * w + j] = l1 > l2 ? l1 : l2;
      }
    }
  }
  const total = t[alen * w + blen]!;
  if (getlen) return intReply(total);
  const result = new Uint8Array(total);
  let idx = total;
  const matches: Reply[] = [];
  let aStart = alen;
  let aEnd = 0;
  let bStart = 0;
  let bEnd = 0;
  let i = alen;
  let j = blen;
  while (i > 0 && j > 0) {
    let emit = false;
    if (x[i - 1] === y[j - 1]) {
      result[idx - 1] = x[i - 1]!;
      if (aStart === alen) {
        aStart = i - 1;
        aEnd = i - 1;
        bStart = j - 1;
        bEnd = j - 1;
      } else if (aStart === i && bStart === j) {
        aStart--;
        bStart--;
      } else emit = true;
      if (aStart === 0 || bStart === 0) emit = true;
      idx--;
      i--;
      j--;
    } else {
      const l1 = t[(i - 1) * w + j]!;
      const l2 = t[i * w + j - 1]!;
      if (l1 > l2) i--;
      else j--;
      if (aStart !== alen) emit = true;
    }
    const matchLen = aEnd - aStart + 1;
    if (emit) {
      if (getidx && (minmatchlen === 0 || matchLen >= minmatchlen)) {
        const m: Reply[] = [
          arr([intReply(aStart), intReply(aEnd)]),
          arr([intReply(bStart), intReply(bEnd)]),
        ];
        if (withmatchlen) m.push(intReply(matchLen));
        matches.push(arr(m));
      }
      aStart = alen;
    }
  }
  if (getidx) return arr([bulk('matches'), arr(matches), bulk('len'), intReply(total)]);
  return bulk(fromBytes(result));
}
