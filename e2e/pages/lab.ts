// The lab screen as the specs drive it: open it, load a scenario and move the clock through
// window.rateLab, read its counters, pick a request, open a panel. One place for what each
// lab spec used to write again for itself. Use it as the `lab` fixture:
//   import { expect, test } from './pages/lab';
//   test('...', async ({ lab }) => { await lab.open(); await lab.load(WORKED('local')); ... });
import type { Locator, Page } from '@playwright/test';
import type { LabSnapshot } from '../../src/core/lab/labRun';
import { expect, gotoRoute, test as base } from '../fixtures';

/** The seed's worked example: one client, routed A B A B A, a fixed window of 3 per 60 s. */
export const WORKED = (placement = 'shared', extra: Record<string, unknown> = {}) => ({
  algorithm: 'fixed-window',
  params: { limit: 3, windowSeconds: 60 },
  placement,
  requests: ['A', 'B', 'A', 'B', 'A'].map((server, i) => ({ at: i + 1, server, key: 'client-1' })),
  ...extra,
});

export type Lane = 'main' | 'compare';
export type Panel = 'Controls' | 'Request' | 'Production' | 'Charts';

export class LabScreen {
  constructor(readonly page: Page) {}

  /** Open the lab (or a link into it) and wait until window.rateLab answers. */
  async open(hash = '#/lab'): Promise<void> {
    await gotoRoute(this.page, hash);
    await expect(this.page.getByTestId('lab-page')).toBeVisible();
    await this.page.waitForFunction(() => window.rateLab?.version === 1);
  }

  /** Load a scenario through window.rateLab (paused at 0); throws the engine's message. */
  load(scenario: unknown): Promise<void> {
    return this.page.evaluate((s) => window.rateLab!.load(s), scenario);
  }

  /** Load a scenario and return what load() said: 'ok' or the rejection's message. */
  loadMessage(scenario: unknown): Promise<string> {
    return this.page.evaluate(
      (s) =>
        window.rateLab!.load(s).then(
          () => 'ok',
          (e: Error) => e.message,
        ),
      scenario,
    );
  }

  advance(seconds: number): Promise<void> {
    return this.page.evaluate((x) => window.rateLab!.advance(x), seconds);
  }
  reset(): Promise<void> {
    return this.page.evaluate(() => window.rateLab!.reset());
  }
  pause(): Promise<void> {
    return this.page.evaluate(() => window.rateLab!.pause());
  }
  snapshot(): Promise<LabSnapshot> {
    return this.page.evaluate(() => window.rateLab!.snapshot());
  }

  /** On a phone the panels are tabs: show one (a no-op on the desktop layout). */
  async showPanel(name: Panel): Promise<void> {
    const tab = this.page.getByRole('tab', { name });
    if (await tab.isVisible()) await tab.click();
  }

  lane(lane: Lane = 'main'): Locator {
    return this.page.getByTestId(`lane-${lane}`);
  }
  get allowedCount(): Locator {
    return this.page.getByTestId('allowed-count');
  }
  get deniedCount(): Locator {
    return this.page.getByTestId('denied-count');
  }
  get bypassCount(): Locator {
    return this.page.getByTestId('bypass-count');
  }
  get clock(): Locator {
    return this.page.getByTestId('clock-now');
  }
  get caption(): Locator {
    return this.page.getByTestId('caption');
  }
  get http(): Locator {
    return this.page.getByTestId('http-response');
  }

  /** Select request n (1-based) from a lane's decision strip, by its server. */
  async selectRequest(n: number, server: string, lane: Lane = 'main'): Promise<void> {
    const button = this.lane(lane).getByRole('button', {
      name: new RegExp(`Request ${n} via server ${server}\\b`),
    });
    // From the keyboard: on a phone the sticky time bar can sit over a strip scrolled to the
    // bottom edge, where a pointer click would land on the bar.
    await button.focus();
    await button.press('Enter');
  }
}

/** The offline-guarded `test` of fixtures.ts, with a `lab` fixture. */
export const test = base.extend<{ lab: LabScreen }>({
  lab: async ({ page }, use) => {
    await use(new LabScreen(page));
  },
});

export { expect };
