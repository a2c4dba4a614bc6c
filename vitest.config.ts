import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'scripts/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    // Far from any test's real time, so a busy machine (another CPU-heavy process on both
    // cores) slows a test down without failing it; a test that hangs still ends.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'threads',
  },
});
