import { describe, expect, it } from 'vitest';
import { sha1Hex } from './sha1';

describe('helpers', () => {
  it('sha1', () => {
    expect(sha1Hex('')).toBe('da39a3ee5e6b4b0d3255bfef95601890afd80709');
    expect(sha1Hex('return 1')).toBe('e0e1f9fabfc9d4800c877a703b823ac0578ff8db');
    expect(sha1Hex('a'.repeat(1000))).toBe('291e9a6c66994949b57ba5e650361e98fc36b1ba');
    expect(sha1Hex('ü')).toBe('94a759fd37735430753c7b6b80684306d80ea16e');
  });
});
