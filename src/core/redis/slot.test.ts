import { describe, expect, it } from 'vitest';
import { crc16, keySlot } from './slot';

describe('helpers', () => {
  it('crc16 and slots', () => {
    expect(crc16('123456789')).toBe(0x31c3);
    expect(keySlot('foo')).toBe(12182);
    expect(keySlot('{}a')).toBe(keySlot('{}a'));
    expect(keySlot('a{}{b}')).toBe(keySlot('a{}{b}'));
    expect(keySlot('{b}c')).toBe(3300);
  });
});
