// Redis Cluster key slots: CRC16 (XMODEM: poly 0x1021, init 0) of the key, or of its
// {hash tag}, modulo 16384, as in the Redis Cluster specification.
import { toBytes } from './bytes';

const TABLE = new Uint16Array(256);
for (let i = 0; i < 256; i++) {
  let crc = i << 8;
  for (let j = 0; j < 8; j++)
    crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  TABLE[i] = crc;
}

export const SLOTS = 16384;

function crc16Range(s: string, from: number, to: number): number {
  let crc = 0;
  for (let i = from; i < to; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) crc = ((crc << 8) ^ TABLE[((crc >>> 8) ^ c) & 0xff]!) & 0xffff;
    else {
      // Hash the bytes, as Redis sees them.
      const bytes = toBytes(s.slice(i, to));
      for (const b of bytes) crc = ((crc << 8) ^ TABLE[((crc >>> 8) ^ b) & 0xff]!) & 0xffff;
      return crc;
    }
  }
  return crc;
}

/** CRC16/XMODEM of a string's UTF-8 bytes. crc16('123456789') === 0x31c3. */
export function crc16(s: string): number {
  return crc16Range(s, 0, s.length);
}

/** The cluster slot of a key: keyHashSlot() in cluster.c, {hash tags} included. */
export function keySlot(key: string): number {
  const open = key.indexOf('{');
  if (open >= 0) {
    const close = key.indexOf('}', open + 1);
    if (close > open + 1) return crc16Range(key, open + 1, close) & 0x3fff;
  }
  return crc16(key) & 0x3fff;
}
