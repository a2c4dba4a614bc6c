// Room codes and host secrets. A room code is read aloud and typed from a projector, so it uses
// an alphabet with no look-alikes (no 0/O, 1/I/L); 8 characters of 31 give about 40 bits, and
// join attempts per address are rate limited (joinGuard.ts). A host secret is 192 random bits;
// the server keeps only its SHA-256 and compares digests in constant time.
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

export const CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const CODE_LENGTH = 8;

export function newRoomCode(): string {
  let s = '';
  for (let i = 0; i < CODE_LENGTH; i++) s += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return s;
}

/** A code as a person might type it ("abcd-2345 ") in its stored form, or null if it cannot be one. */
export function normalizeCode(input: unknown): string | null {
  if (typeof input !== 'string' || input.length > 32) return null;
  const s = input.replace(/[\s-]/g, '').toUpperCase();
  if (s.length !== CODE_LENGTH) return null;
  for (const c of s) if (!CODE_ALPHABET.includes(c)) return null;
  return s;
}

/** "ABCD2345" -> "ABCD-2345", for reading off a projector. */
export function displayCode(code: string): string {
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}

export function newSecret(): string {
  return randomBytes(24).toString('base64url');
}

/** A participant's rejoin token (kept by their browser tab, never shown to anyone else). */
export function newToken(): string {
  return randomBytes(18).toString('base64url');
}

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/** Whether `secret` is the one whose hash is `hash`, in time independent of where they differ. */
export function secretMatches(secret: unknown, hash: string): boolean {
  if (typeof secret !== 'string' || secret.length === 0 || secret.length > 256) return false;
  const a = Buffer.from(hashSecret(secret), 'hex');
  const b = Buffer.from(hash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}
