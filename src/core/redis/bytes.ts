// Redis strings are bytes; the model keeps values as JavaScript strings (UTF-16). Commands that
// count or cut bytes (STRLEN, GETRANGE, SETRANGE, APPEND, LCS) work on the UTF-8 encoding, as
// Redis sees a value sent by a client. ASCII (the common case) takes a fast path.
// eslint-disable-next-line no-control-regex -- the ASCII range starts at NUL
const NON_ASCII = /[^\x00-\x7f]/;
const encoder = new TextEncoder();
const decoder = new TextDecoder();

export function isAscii(s: string): boolean {
  return !NON_ASCII.test(s);
}

/** The length of `s` in UTF-8 bytes (what STRLEN answers). */
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
    } else n += 3;
  }
  return n;
}

export function toBytes(s: string): Uint8Array {
  return encoder.encode(s);
}

/** Bytes back to a string (a cut through a multi-byte character shows as U+FFFD). */
export function fromBytes(b: Uint8Array): string {
  return decoder.decode(b);
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
