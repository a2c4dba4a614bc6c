// Number parsing and formatting exactly as Redis 7.0 does it (util.c: string2ll, string2d,
// string2ld, ld2string; networking.c: addReplyDouble). Checked against redis-server 7.0.15 by
// the differential corpus in test/redis.

export const INT64_MIN = -(1n << 63n);
export const INT64_MAX = (1n << 63n) - 1n;

const INT_RE = /^-?[1-9][0-9]*$/;

/**
 * Redis's string2ll: an optional '-', then digits with no leading zero (or just "0"), no
 * spaces, no '+', inside signed 64 bits. Returns null when the string is not such an integer.
 */
export function parseInt64(s: string): bigint | null {
  const n = s.length;
  if (n === 0 || n > 20) return null;
  if (n === 1 && s === '0') return 0n;
  if (!INT_RE.test(s)) return null;
  if (n <= 15) return BigInt(Number(s));
  const v = BigInt(s);
  return v < INT64_MIN || v > INT64_MAX ? null : v;
}

/** Like parseInt64 but as a JS number (for indexes, counts); null outside int64. */
export function parseIntNum(s: string): number | null {
  const n = s.length;
  if (n === 0 || n > 20) return null;
  if (n === 1 && s === '0') return 0;
  if (!INT_RE.test(s)) return null;
  if (n <= 15) return Number(s);
  const v = BigInt(s);
  return v < INT64_MIN || v > INT64_MAX ? null : Number(v);
}

// strtod's accepted syntax (decimal, hex, inf/infinity, nan), without leading space.
const DEC_RE = /^[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?$/;
const HEX_RE =
  /^([+-]?)0[xX]((?:[0-9a-fA-F]+\.?[0-9a-fA-F]*|\.[0-9a-fA-F]+))(?:[pP]([+-]?[0-9]+))?$/;
const INF_RE = /^([+-]?)(?:inf|infinity)$/i;
const NAN_RE = /^[+-]?nan(?:\([0-9A-Za-z_]*\))?$/i;
const NONZERO_DIGIT = /[1-9]/;

interface Strtod {
  value: number;
  /** true when strtod would set ERANGE (overflow to +-inf or underflow to 0). */
  erange: boolean;
}

function hexToNumber(sign: string, body: string, exp: string | undefined): number {
  const dot = body.indexOf('.');
  const digits = dot < 0 ? body : body.slice(0, dot) + body.slice(dot + 1);
  const fracDigits = dot < 0 ? 0 : body.length - dot - 1;
  let v = 0;
  for (let i = 0; i < digits.length; i++) v = v * 16 + parseInt(digits[i]!, 16);
  const e = (exp === undefined ? 0 : Number(exp)) - 4 * fracDigits;
  v = v * Math.pow(2, e);
  return sign === '-' ? -v : v;
}

/** strtod over the whole string (no trailing garbage); null when not a number at all. */
function strtodFull(s: string): Strtod | null {
  if (DEC_RE.test(s)) {
    const value = Number(s);
    if (!Number.isFinite(value)) return { value, erange: true };
    if (value === 0) {
      const mant = s.replace(/[eE].*$/, '');
      return { value, erange: NONZERO_DIGIT.test(mant) };
    }
    return { value, erange: false };
  }
  let m = INF_RE.exec(s);
  if (m) return { value: m[1] === '-' ? -Infinity : Infinity, erange: false };
  m = HEX_RE.exec(s);
  if (m) {
    const value = hexToNumber(m[1]!, m[2]!, m[3]);
    return { value, erange: !Number.isFinite(value) };
  }
  if (NAN_RE.test(s)) return { value: NaN, erange: false };
  return null;
}

function isCSpace(c: string | undefined): boolean {
  return c === ' ' || c === '\t' || c === '\n' || c === '\v' || c === '\f' || c === '\r';
}

/** Redis's string2d (scores, ZADD, ZINCRBY): strict, no spaces, no NaN, no overflow. */
export function parseDouble(s: string): number | null {
  if (s.length === 0 || isCSpace(s[0])) return null;
  const r = strtodFull(s);
  if (r === null || Number.isNaN(r.value)) return null;
  if (r.erange && (r.value === 0 || !Number.isFinite(r.value))) return null;
  return r.value;
}

/**
 * A score range bound as zslParseRange reads it: plain strtod, so leading spaces are allowed,
 * overflow gives +-inf, the empty string is 0; NaN and trailing garbage are rejected.
 */
export function parseRangeDouble(s: string): number | null {
  let i = 0;
  while (i < s.length && isCSpace(s[i])) i++;
  if (i === s.length) return i === 0 ? 0 : null;
  const r = strtodFull(i === 0 ? s : s.slice(i));
  if (r === null || Number.isNaN(r.value)) return null;
  return r.value;
}

/**
 * Plain strtod over the whole string as SORT reads a score: leading spaces allowed, the empty
 * string is 0; null for trailing garbage, NaN or a result out of range (ERANGE).
 */
export function parseSortScore(s: string): number | null {
  let i = 0;
  while (i < s.length && isCSpace(s[i])) i++;
  if (i === s.length) return i === 0 ? 0 : null;
  const r = strtodFull(i === 0 ? s : s.slice(i));
  if (r === null || r.erange || Number.isNaN(r.value)) return null;
  return r.value;
}

// ---------------------------------------------------------------------------------------
// %.17g (addReplyDouble in 7.0) and general %.Ng

function exactDecimalDigits(x: number): { digits: string; exp10: number } {
  // Exact decimal expansion of a finite positive double: digits d1d2... and exponent so
  // that x = 0.d1d2... * 10^exp10.
  const buf = new DataView(new ArrayBuffer(8));
  buf.setFloat64(0, x);
  const hi = buf.getUint32(0);
  const lo = buf.getUint32(4);
  const bexp = (hi >>> 20) & 0x7ff;
  let mant = (BigInt(hi & 0xfffff) << 32n) | BigInt(lo);
  let e: number;
  if (bexp === 0) e = -1074;
  else {
    mant |= 1n << 52n;
    e = bexp - 1075;
  }
  let intStr: string;
  let fracLen = 0;
  if (e >= 0) intStr = (mant << BigInt(e)).toString();
  else {
    intStr = (mant * 5n ** BigInt(-e)).toString();
    fracLen = -e;
  }
  // value = intStr * 10^-fracLen
  const stripped = intStr.replace(/^0+/, '');
  return { digits: stripped, exp10: stripped.length - fracLen };
}

const F64 = new Float64Array(1);
const U32 = new Uint32Array(F64.buffer);
const HI = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1 ? 1 : 0; // little endian: word 1
const LOG10_5 = Math.log10(5);

/**
 * Can rounding the positive finite x to p significant digits meet an exact tie? Only when
 * x's exact decimal expansion has exactly p + 1 significant digits (the last one a 5).
 * Decided from the bits, conservatively: false means certainly no tie.
 */
function tiePossible(x: number, p: number): boolean {
  F64[0] = x;
  const hi = U32[HI]!;
  const lo = U32[1 - HI]!;
  const bexp = (hi >>> 20) & 0x7ff;
  let mhi = hi & 0xfffff;
  let e: number;
  if (bexp === 0) e = -1074;
  else {
    mhi += 0x100000;
    e = bexp - 1075;
  }
  // x = m * 2^e with m odd.
  let m: number;
  if (lo !== 0) {
    const tz = 31 - Math.clz32(lo & -lo);
    m = mhi * 4294967296 + lo;
    m /= 2 ** tz;
    e += tz;
  } else {
    const tz = 31 - Math.clz32(mhi & -mhi);
    m = mhi / 2 ** tz;
    e += 32 + tz;
  }
  // An integer m * 2^e ending in 5 then zeros is D * 10^e with D = m / 5^e <= m < 2^53.
  if (e >= 0) return p + 1 <= 16;
  // x = m * 5^k / 10^k (k = -e) and m * 5^k ends in 5: count its digits.
  const l = Math.log10(m) - e * LOG10_5;
  return l > p - 1e-9 && l < p + 1 + 1e-9;
}

/** Round a positive finite x to `p` significant digits, half-even on the exact value. */
function roundSig(x: number, p: number): { digits: string; exp10: number } {
  // Fast path: JS toExponential rounds half-up on the exact value; only exact ties differ.
  const s = x.toExponential(p - 1); // d.ddddde+N
  const ePos = s.indexOf('e');
  let digits = p > 1 ? s[0]! + s.slice(2, ePos) : s.slice(0, ePos);
  let exp10 = Number(s.slice(ePos + 1)) + 1;
  if (!tiePossible(x, p)) return { digits, exp10 };
  const more = x.toExponential(Math.min(p + 2, 100) - 1);
  const moreDigits = more.slice(0, more.indexOf('e')).replace('.', '');
  // An exact tie (tail 5000...) shows as "50" in two more digits; only then check exactly.
  if (moreDigits[p] === '5' && moreDigits[p + 1] === '0') {
    const ex = exactDecimalDigits(x);
    const tail = ex.digits.slice(p);
    if (tail.length > 0 && tail[0] === '5' && /^5$/.test(tail.replace(/0+$/, ''))) {
      // exact tie: half-even
      const kept = ex.digits.slice(0, p);
      const last = Number(kept[kept.length - 1]);
      if (last % 2 === 0) {
        digits = kept;
        exp10 = ex.exp10;
      } else {
        let v = BigInt(kept) + 1n;
        let vs = v.toString();
        exp10 = ex.exp10;
        if (vs.length > p) {
          v = v / 10n;
          vs = v.toString();
          exp10++;
        }
        digits = vs;
      }
    }
  }
  return { digits, exp10 };
}

/** C printf's %.{p}g for a double. */
export function formatG(x: number, p: number): string {
  if (Number.isNaN(x)) return x < 0 ? '-nan' : 'nan';
  if (x === Infinity) return 'inf';
  if (x === -Infinity) return '-inf';
  if (x === 0) return Object.is(x, -0) ? '-0' : '0';
  if (p === 0) p = 1;
  const neg = x < 0;
  const { digits, exp10 } = roundSig(neg ? -x : x, p);
  const X = exp10 - 1; // exponent in d.ddd form
  let end = digits.length; // without trailing zeros (digits[0] is never '0')
  while (end > 1 && digits.charCodeAt(end - 1) === 48) end--;
  let out: string;
  if (X < -4 || X >= p) {
    const mant = end > 1 ? digits[0] + '.' + digits.slice(1, end) : digits[0]!;
    const ae = X < 0 ? -X : X;
    out = mant + (X < 0 ? 'e-' : 'e+') + (ae < 10 ? '0' + ae : String(ae));
  } else if (X >= 0) {
    const intPart = digits.length > X ? digits.slice(0, X + 1) : digits.padEnd(X + 1, '0');
    out = end > X + 1 ? intPart + '.' + digits.slice(X + 1, end) : intPart;
  } else {
    out = '0.' + '0'.repeat(-X - 1) + digits.slice(0, end);
  }
  return neg ? '-' + out : out;
}

const SMALL_INT_SCORES: string[] = [];
for (let i = 0; i < 1024; i++) SMALL_INT_SCORES.push(String(i));

/**
 * A score as Redis 7.0 replies it (RESP2 bulk, addReplyDouble): %.17g, "inf" and "-inf";
 * negative zero prints "-0" (e.g. `ZINCRBY z -0 m` on a new member).
 */
export function formatScore(x: number): string {
  if (Number.isInteger(x) && x >= 0 && x < 1024) {
    return x === 0 && 1 / x < 0 ? '-0' : SMALL_INT_SCORES[x]!;
  }
  if (Number.isInteger(x) && Math.abs(x) < 1e17) return String(x);
  return formatG(x, 17);
}

// ---------------------------------------------------------------------------------------
// x87 80-bit long double emulation for INCRBYFLOAT / HINCRBYFLOAT: a 64-bit significand,
// round-half-even, exact BigInt arithmetic. value = m * 2^e.

export interface LongDouble {
  readonly m: bigint; // signed, |m| < 2^64 (0 for zero)
  readonly e: number;
}

const LD_BITS = 64;
const LD_MAX_EXP = 16384; // values >= 2^16384 overflow
const LD_MIN_EXP = -16445; // smallest subnormal 2^-16445

function bitLength(v: bigint): number {
  return v === 0n ? 0 : v.toString(2).length;
}

/** Round the exact rational num/den (positive) to a long double. */
function roundRational(num: bigint, den: bigint, neg: boolean): LongDouble | 'inf' | 'zero' {
  if (num === 0n) return { m: 0n, e: 0 };
  // num * 2^k / den lies in [2^63, 2^65) for this k.
  let k = LD_BITS - (bitLength(num) - bitLength(den));
  let q = 0n;
  let r = 0n;
  let d = den;
  for (let pass = 0; pass < 2; pass++) {
    const n = k >= 0 ? num << BigInt(k) : num;
    d = k >= 0 ? den : den << BigInt(-k);
    q = n / d;
    r = n - q * d;
    if (bitLength(q) <= LD_BITS) break;
    k--;
  }
  const twice = r * 2n;
  if (twice > d || (twice === d && (q & 1n) === 1n)) q += 1n;
  if (bitLength(q) > LD_BITS) {
    q >>= 1n;
    k--;
  }
  const e = -k;
  if (e + LD_BITS > LD_MAX_EXP) return 'inf';
  if (e < LD_MIN_EXP) return 'zero';
  return { m: neg ? -q : q, e };
}

const LD_DEC_RE = /^([+-]?)([0-9]*)(?:\.([0-9]*))?(?:[eE]([+-]?[0-9]+))?$/;

/**
 * Redis's string2ld (strtold): no leading space, no trailing garbage, no NaN, no overflow
 * or underflow to zero. Returns null when Redis would reject the string, 'inf' or '-inf'
 * for an accepted infinity ("inf", "-Infinity").
 */
export function parseLongDouble(s: string): LongDouble | 'inf' | '-inf' | null {
  if (s.length === 0 || s.length >= 5120 || isCSpace(s[0])) return null;
  const m = LD_DEC_RE.exec(s);
  if (!m || (m[2] === '' && (m[3] === undefined || m[3] === ''))) {
    // inf / hex / nan
    const r = strtodFull(s);
    if (r === null || Number.isNaN(r.value)) return null;
    if (!Number.isFinite(r.value)) return r.erange ? null : r.value > 0 ? 'inf' : '-inf';
    return fromDouble(r.value);
  }
  const neg = m[1] === '-';
  const intDigits = m[2] ?? '';
  const fracDigits = m[3] ?? '';
  let exp = m[4] === undefined ? 0 : Number(m[4]);
  const all = (intDigits + fracDigits).replace(/^0+/, '');
  if (all === '') return { m: 0n, e: 0 };
  exp -= fracDigits.length;
  if (exp + all.length > 4940) return null; // overflow: ERANGE with HUGE_VAL
  if (exp + all.length < -4960) return null; // underflow to zero
  const D = BigInt(all);
  const r =
    exp >= 0
      ? roundRational(D * 10n ** BigInt(exp), 1n, neg)
      : roundRational(D, 10n ** BigInt(-exp), neg);
  if (r === 'inf' || r === 'zero') return null;
  return r;
}

export function fromDouble(x: number): LongDouble {
  if (x === 0) return { m: 0n, e: 0 };
  const { digits, exp10 } = exactDecimalDigits(Math.abs(x));
  const D = BigInt(digits);
  const exp = exp10 - digits.length;
  const r =
    exp >= 0
      ? roundRational(D * 10n ** BigInt(exp), 1n, x < 0)
      : roundRational(D, 10n ** BigInt(-exp), x < 0);
  return typeof r === 'string' ? { m: 0n, e: 0 } : r;
}

/** a + b rounded to long double; 'inf' when the sum overflows (Redis: NaN or Infinity). */
export function addLongDouble(a: LongDouble, b: LongDouble): LongDouble | 'inf' {
  if (a.m === 0n) return b;
  if (b.m === 0n) return a;
  const e = Math.min(a.e, b.e);
  const sum = (a.m << BigInt(a.e - e)) + (b.m << BigInt(b.e - e));
  if (sum === 0n) return { m: 0n, e: 0 };
  const neg = sum < 0n;
  const abs = neg ? -sum : sum;
  const r =
    e >= 0 ? roundRational(abs << BigInt(e), 1n, neg) : roundRational(abs, 1n << BigInt(-e), neg);
  if (r === 'inf') return 'inf';
  if (r === 'zero') return { m: 0n, e: 0 };
  return r;
}

const TEN17 = 10n ** 17n;

/** ld2string(LD_STR_HUMAN) in 7.0: "%.17Lf", trailing zeros and '.' removed, "-0" -> "0". */
export function formatLongDouble(v: LongDouble): string {
  if (v.m === 0n) return '0';
  const neg = v.m < 0n;
  const m = neg ? -v.m : v.m;
  let q: bigint;
  if (v.e >= 0) q = (m << BigInt(v.e)) * TEN17;
  else {
    const num = m * TEN17;
    const sh = BigInt(-v.e);
    q = num >> sh;
    const r = num - (q << sh);
    const half = 1n << (sh - 1n);
    if (r > half || (r === half && (q & 1n) === 1n)) q += 1n;
  }
  const s = q.toString().padStart(18, '0');
  const intPart = s.slice(0, s.length - 17);
  const frac = s.slice(s.length - 17).replace(/0+$/, '');
  if (intPart.length + 18 + (neg ? 1 : 0) + 1 > 5120) return '';
  let out = frac.length ? intPart + '.' + frac : intPart;
  if (neg && out !== '0') out = '-' + out;
  return out;
}
