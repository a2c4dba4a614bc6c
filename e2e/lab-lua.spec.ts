import { templateById } from '../src/core/playground/templates';
// lz-string is CommonJS: under Playwright's Node loader only its default export is available.
import LZString from 'lz-string';
import { expect, test } from './pages/lab';

// The seed's token bucket as `algorithm: "lua"`: capacity 3, 1 token/s, four requests at once,
// then one after 1.5 s (the same as the built-in token bucket admits: 3, then 1).
const scenario = {
  algorithm: 'lua',
  params: {
    script: templateById('token-bucket')!.source,
    keys: ['rl:{key}'],
    args: ['3', '1', '{cost}'],
  },
  requests: [{ at: 0 }, { at: 0 }, { at: 0 }, { at: 0 }, { at: 1.5 }],
};

test('window.rateLab loads a Lua scenario, loading the engine from the bundle', async ({ lab }) => {
  await lab.open();
  await lab.load(scenario);
  await lab.advance(5);
  const snap = await lab.snapshot();
  expect(snap.allowed).toBe(4);
  expect(snap.denied).toBe(1);
});

test('a shared link to a Lua scenario opens in a fresh page', async ({ lab }) => {
  await lab.open(
    `#/lab?scenario=${LZString.compressToEncodedURIComponent(JSON.stringify(scenario))}&t=5`,
  );
  await expect(lab.allowedCount.first()).toHaveText('4', { timeout: 20_000 });
  await expect(lab.deniedCount.first()).toHaveText('1');
});
