// Redis strings are bytes; the model keeps values as JavaScript strings (UTF-16). A string
// stands for its bytes this way (Python's "surrogateescape", PEP 383): valid UTF-8 is the text
// it spells, and every byte 0x80..0xFF that is not part of valid UTF-8 is the lone surrogate
// U+DC80..U+DCFF (byte b is U+DC00 + b). So text stays text (a learner's keys and values read
// as they were typed), and `cmsgpack.pack` or `struct.pack` output, NUL bytes included,
// survives every trip between Lua, the model and JSON unchanged. Commands that count or cut
// bytes (STRLEN, GETRANGE, SETRANGE, APPEND, LCS) work on these bytes, as Redis does.
// ASCII (the common case) takes a fast path everywhere.
// eslint-disable-next-line no-control-regex -- the ASCII range starts at NUL
const NON_ASCII = /[^\x00-\x7f]/;
/** A lone escape, or a surrogate pair that is not one: what makes a string non-canonical. */
const ESCAPE = /[\udc80-\udcff]/;
const strict = new TextDecoder('utf-8', { fatal: true });

export function isAscii(s: string): boolean {
  return !NON_ASCII.test(s);
}

/** Does `s` hold an escaped byte (bytes that are not valid UTF-8)? */
export function hasEscapes(s: string): boolean {
  return ESCAPE.test(s);
}

/** The length of `s` in bytes (what STRLEN answers). */
export function byteLength(s: string): number {
  if (isAscii(s)) return s.length;
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        n += 4;
        i++;
      } else n += 3;
    } else if (c >= 0xdc80 && c <= 0xdcff) n += 1;
    else n += 3;
  }
  return n;
}

/**
 * Write the bytes of `s` at `out[p..]` (room for 3 bytes per UTF-16 unit); returns the end.
 * Other lone surrogates (never made by the model) become U+FFFD, as TextEncoder writes them.
 */
export function encodeInto(s: string, out: Uint8Array, p: number): number {
  const n = s.length;
  for (let i = 0; i < n; i++) {
    let c = s.charCodeAt(i);
    if (c < 0x80) out[p++] = c;
    else if (c < 0x800) {
      out[p++] = 0xc0 | (c >> 6);
      out[p++] = 0x80 | (c & 63);
    } else if (c >= 0xd800 && c <= 0xdfff) {
      const d = i + 1 < n ? s.charCodeAt(i + 1) : 0;
      if (c <= 0xdbff && d >= 0xdc00 && d <= 0xdfff) {
        const cp = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
        out[p++] = 0xf0 | (cp >> 18);
        out[p++] = 0x80 | ((cp >> 12) & 63);
        out[p++] = 0x80 | ((cp >> 6) & 63);
        out[p++] = 0x80 | (cp & 63);
        i++;
      } else if (c >= 0xdc80 && c <= 0xdcff) {
        out[p++] = c - 0xdc00;
      } else {
        c = 0xfffd;
        out[p++] = 0xe0 | (c >> 12);
        out[p++] = 0x80 | ((c >> 6) & 63);
        out[p++] = 0x80 | (c & 63);
      }
    } else {
      out[p++] = 0xe0 | (c >> 12);
      out[p++] = 0x80 | ((c >> 6) & 63);
      out[p++] = 0x80 | (c & 63);
    }
  }
  return p;
}

/** The bytes `s` stands for. */
export function toBytes(s: string): Uint8Array {
  if (isAscii(s)) {
    const out = new Uint8Array(s.length);
    for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
    return out;
  }
  const buf = new Uint8Array(s.length * 3);
  return buf.slice(0, encodeInto(s, buf, 0));
}

/** The length of the valid UTF-8 sequence at b[i] (0: not one), as the Unicode standard has it. */
function seqLength(b: Uint8Array, i: number, end: number): number {
  const c = b[i]!;
  const cont = (k: number): boolean => i + k < end && (b[i + k]! & 0xc0) === 0x80;
  if (c >= 0xc2 && c <= 0xdf) return cont(1) ? 2 : 0;
  if (c >= 0xe0 && c <= 0xef) {
    const d = i + 1 < end ? b[i + 1]! : 0;
    const lo = c === 0xe0 ? 0xa0 : 0x80;
    const hi = c === 0xed ? 0x9f : 0xbf;
    return d >= lo && d <= hi && cont(2) ? 3 : 0;
  }
  if (c >= 0xf0 && c <= 0xf4) {
    const d = i + 1 < end ? b[i + 1]! : 0;
    const lo = c === 0xf0 ? 0x90 : 0x80;
    const hi = c === 0xf4 ? 0x8f : 0xbf;
    return d >= lo && d <= hi && cont(2) && cont(3) ? 4 : 0;
  }
  return 0;
}

/** Bytes back to the string that stands for them (the inverse of toBytes). */
export function fromBytes(b: Uint8Array): string {
  let ascii = true;
  for (let i = 0; i < b.length; i++) {
    if (b[i]! > 127) {
      ascii = false;
      break;
    }
  }
  if (ascii) {
    let s = '';
    for (let i = 0; i < b.length; i += 8192)
      s += String.fromCharCode.apply(null, b.subarray(i, i + 8192) as unknown as number[]);
    return s;
  }
  try {
    return strict.decode(b);
  } catch {
    // Not valid UTF-8: decode the valid runs, escape every other byte.
  }
  let s = '';
  let run = 0;
  const flush = (i: number): void => {
    if (i > run) s += strict.decode(b.subarray(run, i));
  };
  for (let i = 0; i < b.length;) {
    const c = b[i]!;
    if (c < 0x80) {
      i++;
      continue;
    }
    const n = seqLength(b, i, b.length);
    if (n > 0) {
      i += n;
      continue;
    }
    flush(i);
    s += String.fromCharCode(0xdc00 + c);
    i++;
    run = i;
  }
  flush(b.length);
  return s;
}

/**
 * The one string that stands for the bytes of `s`: joining two strings can put escaped bytes
 * next to each other that together spell a character (APPEND of 0xC3 then 0xA9 is "é").
 */
export function canonical(s: string): string {
  return hasEscapes(s) ? fromBytes(toBytes(s)) : s;
}

const isEscape = (c: number): boolean => c >= 0xdc80 && c <= 0xdcff;

/** The string for the bytes of `a` followed by those of `b` (APPEND). */
export function joinBytes(a: string, b: string): string {
  const s = a + b;
  if (a.length === 0 || b.length === 0) return s;
  return isEscape(a.charCodeAt(a.length - 1)) && isEscape(b.charCodeAt(0)) ? canonical(s) : s;
}

/** Bytes [start, end] (inclusive, already clamped) of `s`. */
export function byteSlice(s: string, start: number, end: number): string {
  if (isAscii(s)) return s.slice(start, end + 1);
  return fromBytes(toBytes(s).subarray(start, end + 1));
}

/** Redis's proto-max-bulk-len default: the largest string value, 512 MB. */
export const MAX_STRING_BYTES = 512 * 1024 * 1024;

/**
 * The largest string the lab builds (SETRANGE padding, APPEND). Redis allows 512 MB; a tab
 * cannot hold that many characters, so the model answers an error beyond this instead of
 * freezing the page.
 */
export const LAB_MAX_STRING_BYTES = 32 * 1024 * 1024;
