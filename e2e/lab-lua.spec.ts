import { templateById } from '../src/core/playground/templates';
// lz-string is CommonJS: under Playwright's Node loader only its default export is available.
import LZString from 'lz-string';
import { expect, gotoRoute, test } from './fixtures';

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

test('window.rateLab loads a Lua scenario, loading the engine from the bundle', async ({
  page,
}) => {
  await gotoRoute(page, '#/lab');
  await expect(page.getByTestId('lab-page')).toBeVisible();
  const snap = await page.evaluate(async (sc) => {
    const lab = (
      window as unknown as {
        rateLab: {
          load(s: unknown): Promise<void>;
          advance(s: number): Promise<void>;
          snapshot(): { allowed: number; denied: number };
        };
      }
    ).rateLab;
    await lab.load(sc);
    await lab.advance(5);
    return lab.snapshot();
  }, scenario);
  expect(snap.allowed).toBe(4);
  expect(snap.denied).toBe(1);
});

test('a shared link to a Lua scenario opens in a fresh page', async ({ page }) => {
  await gotoRoute(
    page,
    `#/lab?scenario=${LZString.compressToEncodedURIComponent(JSON.stringify(scenario))}&t=5`,
  );
  await expect(page.getByTestId('allowed-count').first()).toHaveText('4', { timeout: 20_000 });
  await expect(page.getByTestId('denied-count').first()).toHaveText('1');
});
