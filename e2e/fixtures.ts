import { test as base, expect, type Page } from '@playwright/test';

/** Every test runs offline: any request that leaves the machine fails the test. */
export const test = base.extend<{ guard: { external: string[]; consoleErrors: string[] } }>({
  guard: [
    async ({ page }, use) => {
      const external: string[] = [];
      const consoleErrors: string[] = [];
      await page.route('**/*', (route) => {
        const url = new URL(route.request().url());
        const local =
          url.protocol === 'data:' ||
          url.protocol === 'blob:' ||
          ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
        if (local) return route.continue();
        external.push(url.href);
        return route.abort('blockedbyclient');
      });
      page.on('console', (msg) => {
        if (msg.type() === 'error') consoleErrors.push(msg.text());
      });
      page.on('pageerror', (err) => consoleErrors.push(`pageerror: ${err.message}`));
      await use({ external, consoleErrors });
      expect(external, 'requests to the network').toEqual([]);
      expect(consoleErrors, 'console errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/**
 * Opens a route and waits until the app has drawn it: its <main> inside #root (a first visit's
 * page shows a build-time copy of #/lab or #/editor before that, e2e/first-view.spec.ts).
 */
export async function gotoRoute(page: Page, hash: string): Promise<void> {
  await page.goto(`./${hash}`);
  await page.locator('#root main#main').waitFor();
}
