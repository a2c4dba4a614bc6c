import { describe, expect, it } from 'vitest';
import { lazyModule } from './lazyModule';

describe('lazyModule', () => {
  it('loads once, then hands the module over synchronously', async () => {
    let calls = 0;
    const m = lazyModule(() => {
      calls++;
      return Promise.resolve({ answer: 42 });
    });
    expect(m.loaded()).toBeNull();
    expect(calls).toBe(0);
    const a = m.load();
    const b = m.load();
    expect(a).toBe(b);
    expect(await a).toEqual({ answer: 42 });
    expect(m.loaded()).toEqual({ answer: 42 });
    await m.load();
    expect(calls).toBe(1);
  });

  it('tries again after a failed load', async () => {
    let calls = 0;
    const m = lazyModule(() =>
      ++calls === 1 ? Promise.reject(new Error('offline')) : Promise.resolve('ok'),
    );
    await expect(m.load()).rejects.toThrow('offline');
    expect(m.loaded()).toBeNull();
    expect(await m.load()).toBe('ok');
    expect(m.loaded()).toBe('ok');
    expect(calls).toBe(2);
  });
});
