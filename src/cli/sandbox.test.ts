// The sandbox's threads have heaps of their own: a run that outgrows one ends its worker with
// an error the verb reports, and this process goes on.
import { describe, expect, it } from 'vitest';
import { runInWorker, runWithDeadline } from './sandbox';

const hog = 'const a = []; for (;;) a.push(new Array(1e6).fill(1.5));';
const moduleOf = (src: string) => new URL(`data:text/javascript,${encodeURIComponent(src)}`);

describe('sandbox memory', () => {
  it('a grade-style worker running out of heap is an error, not the end of the process', async () => {
    const r = await runWithDeadline(moduleOf(hog), null, {
      cpuMs: 1e9,
      wallMs: performance.now() + 1e9,
    });
    expect(r).toMatchObject({ ok: false, reason: 'error' });
    expect(!r.ok && r.message).toMatch(/memory/i);
  }, 120_000);

  it('so is an explore-style worker', async () => {
    const r = await runInWorker(moduleOf(`export function job() { ${hog} }`), 'job', null, {
      timeoutMs: 600_000,
    });
    expect(r).toMatchObject({ ok: false, reason: 'error' });
    expect(!r.ok && r.message).toMatch(/memory/i);
  }, 120_000);
});
