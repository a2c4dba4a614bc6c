import { describe, expect, it } from 'vitest';
import { createLabApi } from './labApi';

describe('window.rateLab input checks', () => {
  const api = createLabApi();

  it.each([
    [null, 'not null'],
    [7, 'not a number'],
    ['{}', 'not a string'],
    [[{ at: 0 }], 'not an array'],
    [undefined, 'not a undefined'],
  ])('load(%j) rejects naming what it got', async (v, words) => {
    await expect(api.load(v)).rejects.toThrow(words);
    await expect(api.load(v)).rejects.toThrow('scenario must be a JSON object');
  });

  it('load rejects absurd numbers with the field they are in', async () => {
    await expect(
      api.load({
        algorithm: 'fixed-window',
        params: { limit: 1e308, windowSeconds: -1 },
        requests: [],
      }),
    ).rejects.toThrow(/params\.limit must be at most[\s\S]*params\.windowSeconds/);
  });

  it('load rejects data that is not JSON', async () => {
    const cyclic: Record<string, unknown> = { algorithm: 'fixed-window' };
    cyclic.self = cyclic;
    await expect(api.load(cyclic)).rejects.toThrow('scenario must be plain JSON data');
  });

  it('advance and play refuse what is not a time or a speed', async () => {
    await expect(api.advance(Number.NaN)).rejects.toThrow('not NaN');
    await expect(api.advance(-1)).rejects.toThrow('not -1');
    await expect(api.advance(1e308)).rejects.toThrow('at most 1000000000');
    await expect(api.advance('5' as unknown as number)).rejects.toThrow('not "5"');
    expect(() => api.play(1e308)).toThrow('play(speed) needs a number from 0.1 to 100');
    expect(() => api.play(null as unknown as number)).toThrow('not null');
    api.pause();
  });

  it('a good scenario still loads and runs after every refusal', async () => {
    await api.load({
      algorithm: 'fixed-window',
      params: { limit: 3, windowSeconds: 60 },
      requests: [0, 1, 2, 3].map((at) => ({ at })),
    });
    await api.advance(10);
    expect(api.snapshot()).toMatchObject({ allowed: 3, denied: 1 });
  });
});

describe('snapshot().predictPending', () => {
  it('is true exactly while some predict prompt hides its outcome', async () => {
    const { setPredictPending } = await import('./predictPending');
    const api = createLabApi();
    expect(api.snapshot().predictPending).toBe(false);
    setPredictPending('a', true);
    setPredictPending('b', true);
    expect(api.snapshot().predictPending).toBe(true);
    setPredictPending('a', false);
    expect(api.snapshot().predictPending).toBe(true);
    setPredictPending('b', false);
    expect(api.snapshot().predictPending).toBe(false);
  });
});
