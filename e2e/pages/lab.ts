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

/**
 * The lab's test ids, once: the lab page, a lesson's lab widget and the editor's scene all
 * draw the same scene and its time bar; the lab page adds its caption lines, its Request panel
 * and its share link.
 */
export const LAB_IDS = {
  laneMain: 'lane-main',
  labPage: 'lab-page',
  allowedCount: 'allowed-count',
  deniedCount: 'denied-count',
  bypassCount: 'bypass-count',
  clock: 'clock-now',
  caption: 'caption',
  http: 'http-response',
  playPause: 'play-pause',
  speed: 'speed',
  speedValue: 'speed-value',
  scrubber: 'scrubber',
  overCaption: 'over-caption',
  overCount: 'over-count',
  overLimitNote: 'over-limit-note',
  predictResult: 'predict-result',
  outageCaption: 'outage-caption',
  selectedRequest: 'selected-request',
  wastedBudget: 'wasted-budget',
  scriptNotes: 'script-notes',
  scriptRunning: 'script-running',
  algorithm: 'algorithm',
  fieldError: 'field-error',
  labTitle: 'lab-title',
  sharedStore: 'shared-store',
  luaKeys: 'lua-keys',
  stripEmpty: 'strip-empty',
  urlError: 'url-error',
  widget: 'lab-widget',
  widgetLoading: 'widget-loading',
  widgetSelected: 'widget-selected',
  widgetStepCaption: 'widget-step-caption',
  breakIt: 'break-it',
  doubleSpent: 'double-spent',
  requestPath: 'request-path',
  policyVerdicts: 'policy-verdicts',
  statePanel: 'state-panel',
  copyLink: 'copy-link',
  shareLink: 'share-link',
} as const;

export type LabId = keyof typeof LAB_IDS;

/** What getByTestId and friends are called on: the whole page, or one widget in it. */
export type Root = Pick<Page, 'getByTestId' | 'getByRole' | 'locator'>;

/** The scene and its time bar under a root (the page, or one lesson widget). */
export class LabView {
  constructor(readonly root: Root) {}

  /** One of the scene's elements by its name in LAB_IDS. */
  el(name: LabId): Locator {
    return this.root.getByTestId(LAB_IDS[name]);
  }

  lane(lane: Lane = 'main'): Locator {
    return this.root.getByTestId(`lane-${lane}`);
  }
  /** The scene inside one lane (its counts, store and strip, not the other lane's). */
  inLane(lane: Lane = 'main'): LabView {
    return new LabView(this.lane(lane));
  }
  /** Every lane under the root, in the page's order. */
  get lanes(): Locator {
    return this.root.locator('[data-testid^="lane-"]');
  }
  /** A server's box in the scene, by its name ('A', 'B', ...). */
  server(name: string): Locator {
    return this.root.getByTestId(`server-${name}`);
  }
  /** A Controls field by its scenario path (e.g. `params.limit`). */
  field(path: string): Locator {
    return this.root.getByTestId(`field-${path}`);
  }
  /** The Request panel's drawing of the limiter's state, by the algorithm's view kind. */
  stateView(kind: string): Locator {
    return this.el('statePanel').getByTestId(`state-${kind}`);
  }
  get allowedCount(): Locator {
    return this.el('allowedCount');
  }
  get deniedCount(): Locator {
    return this.el('deniedCount');
  }
  get bypassCount(): Locator {
    return this.el('bypassCount');
  }
  get clock(): Locator {
    return this.el('clock');
  }
  get caption(): Locator {
    return this.el('caption');
  }
  get http(): Locator {
    return this.el('http');
  }
  get playPause(): Locator {
    return this.el('playPause');
  }

  /** The clock's reading, in model seconds. */
  async now(): Promise<number> {
    return Number(await this.clock.first().textContent());
  }

  /** Request n (1-based) in a lane's decision strip, by its server. */
  request(n: number, server: string, lane: Lane = 'main'): Locator {
    return this.lane(lane).getByRole('button', {
      name: new RegExp(`Request ${n} via server ${server}\\b`),
    });
  }

  /** The decisions a lane's strip lists so far. */
  stripItems(lane: Lane = 'main'): Locator {
    return this.lane(lane).locator('.decision-strip .strip-item');
  }

  /** The time bar's step buttons: to the next event, and back. */
  get stepNext(): Locator {
    return this.root.getByRole('button', { name: /Next: step to the next event/ });
  }
  get stepBack(): Locator {
    return this.root.getByRole('button', { name: /Prev: step back/ });
  }

  /** The "predict first" question (a lab whose caption states an outcome asks it). */
  get predict(): Locator {
    return this.root.getByRole('group', { name: /^Predict/ });
  }

  /** Answer the prediction: type it and press "Check my prediction". */
  async predictAnswer(answer: string): Promise<void> {
    await this.predict.getByRole('textbox').fill(answer);
    await this.predict.getByRole('button', { name: 'Check my prediction' }).click();
  }

  /** Skip the prediction ("Just show me"); with `ifAsked`, only when the question is there. */
  async skipPredict({ ifAsked = false } = {}): Promise<void> {
    if (ifAsked && (await this.predict.count()) === 0) return;
    await this.predict.getByRole('button', { name: 'Just show me' }).click();
  }

  /** Select request n (1-based) from a lane's decision strip, by its server. */
  async selectRequest(n: number, server: string, lane: Lane = 'main'): Promise<void> {
    const button = this.request(n, server, lane);
    // From the keyboard: on a phone the sticky time bar can sit over a strip scrolled to the
    // bottom edge, where a pointer click would land on the bar.
    await button.focus();
    await button.press('Enter');
  }
}

export class LabScreen extends LabView {
  constructor(readonly page: Page) {
    super(page);
  }

  /** Open the lab (or a link into it) and wait until window.rateLab answers. */
  async open(hash = '#/lab'): Promise<void> {
    await gotoRoute(this.page, hash);
    await expect(this.el('labPage')).toBeVisible();
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

  /** The lab loop's frame counters (frames drawn, stages drawn in the last frame). */
  frameStats(): Promise<{ frames: number; stages: number }> {
    return this.page.evaluate(() => {
      const s = (window as unknown as { __labFrameStats: { frames: number; stages: number } })
        .__labFrameStats;
      return { frames: s.frames, stages: s.stages };
    });
  }

  /**
   * Let the browser run n animation frames. A playing clock moves on every frame, so "n frames
   * and the clock did not move" holds however fast the machine is, where a wait in ms does not.
   */
  frames(n: number): Promise<void> {
    return animationFrames(this.page, n);
  }

  /** A panel's tab (a phone shows the panels as tabs). */
  tab(name: Panel): Locator {
    return this.page.getByRole('tab', { name });
  }

  /** Whether the lab still waits for a prediction (window.rateLab's snapshot). */
  predictPending(): Promise<boolean> {
    return this.page.evaluate(() => window.rateLab!.snapshot().predictPending);
  }

  /** The lab's first scene drawing, scrolled to the middle (a phone plays only what it shows). */
  async sceneInView(): Promise<void> {
    await this.page
      .locator('.lab-lanes svg.scene')
      .first()
      .evaluate((el) => el.scrollIntoView({ block: 'center' }));
  }

  /** On a phone the panels are tabs: show one (a no-op on the desktop layout). */
  async showPanel(name: Panel): Promise<void> {
    const tab = this.tab(name);
    if (await tab.isVisible()) await tab.click();
  }

  /** The sticky time bar (buttons, clock, speed, scrubber) and the scene's legend. */
  get timeBar(): Locator {
    return this.page.locator('.lab-timebar');
  }
  get legend(): Locator {
    return this.page.locator('.lab-legend');
  }

  /** The Controls panel's groups that are still closed. */
  get closedGroups(): Locator {
    return this.page.locator('.controls details:not([open]) > summary');
  }
  get controlCheckboxes(): Locator {
    return this.page.locator('.controls input[type=checkbox]');
  }
}

/** Resolve after the page has run n requestAnimationFrame callbacks. */
export function animationFrames(page: Page, n: number): Promise<void> {
  return page.evaluate(
    (count) =>
      new Promise<void>((done) => {
        let left = count;
        const tick = () => (--left <= 0 ? done() : requestAnimationFrame(tick));
        requestAnimationFrame(tick);
      }),
    n,
  );
}

/** The offline-guarded `test` of fixtures.ts, with a `lab` fixture. */
export const test = base.extend<{ lab: LabScreen }>({
  lab: async ({ page }, use) => {
    await use(new LabScreen(page));
  },
});

export { expect };
