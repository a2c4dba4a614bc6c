// The live rooms (a host, a presenter, learners and a candidate on the lab server) as the specs
// drive them. Its test ids live here once.
import type {
  Browser,
  BrowserContext,
  BrowserContextOptions,
  Locator,
  Page,
} from '@playwright/test';
import { gotoRoute } from '../fixtures';
import type { Root } from './lab';

/** The live route's test ids (the UI's data-testid values). */
export const LIVE_IDS = {
  coEditorReady: 'co-editor-ready',
  distribution: 'distribution',
  explore: 'explore',
  follow: 'follow',
  inviteRemote: 'invite-remote',
  joinCode: 'join-code',
  joinQr: 'join-qr',
  joinUrl: 'join-url',
  learnerCount: 'learner-count',
  liveHost: 'live-host',
  liveLearner: 'live-learner',
  liveNext: 'live-next',
  livePresenter: 'live-presenter',
  markAttempted: 'mark-attempted',
  markSolved: 'mark-solved',
  nickInput: 'nick-input',
  nickJoin: 'nick-join',
  openLiveRoom: 'open-live-room',
  predictInput: 'predict-input',
  predictMine: 'predict-mine',
  predictOpen: 'predict-open',
  predictReveal: 'predict-reveal',
  predictSend: 'predict-send',
  problemSelect: 'problem-select',
  predictionCount: 'prediction-count',
  progressBoard: 'progress-board',
  sharedLab: 'shared-lab',
  sharedRace: 'shared-race',
  stuck: 'stuck',
  stuckList: 'stuck-list',
  verdictYes: 'verdict-yes',
} as const;

export type LiveId = keyof typeof LIVE_IDS;

/** The live route's elements under a root (the page, or one widget in it). */
export class LiveView {
  constructor(readonly root: Root) {}

  /** One element by its name in LIVE_IDS. */
  el(name: LiveId): Locator {
    return this.root.getByTestId(LIVE_IDS[name]);
  }

  /** The projector's bar for one predicted value in the predictions' distribution. */
  distributionBar(value: string | number): Locator {
    return this.el('distribution').locator(`li[data-value="${value}"]`);
  }

  /** The shared (co-edited) editor's drawn lines. */
  get coEditorLines(): Locator {
    return this.root.locator('.co-editor .view-lines');
  }
}

/** One machine of a live room: its own browser context and page, and what went wrong on it. */
export interface Machine {
  context: BrowserContext;
  page: Page;
  /** Requests that left the machine, console errors and page errors, in order. */
  problems: string[];
}

/**
 * Guard a page as the offline-guarded `test` guards a spec's own page: a request that leaves
 * the machine (any host but `hosts`), a console error or a page error is noted in the list
 * returned.
 */
export async function guardPage(page: Page, hosts = ['127.0.0.1']): Promise<string[]> {
  const problems: string[] = [];
  await page.route('**/*', (route) => {
    const url = new URL(route.request().url());
    if (hosts.includes(url.hostname) || /^(data|blob):/.test(url.protocol)) return route.continue();
    problems.push(url.href);
    return route.abort('blockedbyclient');
  });
  page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
  page.on('pageerror', (e) => problems.push(e.message));
  return problems;
}

/** A page in its own context (its own machine), guarded (guardPage). */
export async function openMachine(
  browser: Browser,
  options: BrowserContextOptions = {},
): Promise<Machine> {
  const context = await browser.newContext({ serviceWorkers: 'block', ...options });
  const page = await context.newPage();
  return { context, page, problems: await guardPage(page) };
}

export class LiveScreen extends LiveView {
  constructor(readonly page: Page) {
    super(page);
  }

  /** Open the route (or a path under it, e.g. '#/live/...'). */
  open(hash = '#/live'): Promise<void> {
    return gotoRoute(this.page, hash);
  }
}
