// The race scheduler (#/races, and the same scheduler inside lessons, the interview and the
// presenter) as the specs drive it: step a server, crash one, read the log, the store and the
// verdict, ask for a proof. Its test ids live here once.
import type { Locator, Page } from '@playwright/test';
import { expect, gotoRoute } from '../fixtures';
import type { Root } from './lab';
import { Monaco } from './monaco';

/** The races route's test ids (the UI's data-testid values). */
export const RACES_IDS = {
  caseTrace: 'case-trace',
  failureOpenRaces: 'failure-open-races',
  raceAdmitted: 'race-admitted',
  raceBadAt: 'race-bad-at',
  raceBadNext: 'race-bad-next',
  raceBadPrev: 'race-bad-prev',
  raceAllowed: 'race-allowed',
  raceFailed: 'race-failed',
  raceFindBad: 'race-find-bad',
  raceGoalReached: 'race-goal-reached',
  raceLink: 'race-link',
  raceLinkError: 'race-link-error',
  raceLog: 'race-log',
  racePause: 'race-pause',
  racePauseMs: 'race-pause-ms',
  racePresent: 'race-present',
  raceProgress: 'race-progress',
  raceProof: 'race-proof',
  raceProofError: 'race-proof-error',
  raceProofWhy: 'race-proof-why',
  raceProve: 'race-prove',
  raceReal: 'race-real',
  raceRealMessage: 'race-real-message',
  raceRealResult: 'race-real-result',
  raceRealRun: 'race-real-run',
  raceRealTrials: 'race-real-trials',
  raceRestart: 'race-restart',
  raceSandbox: 'race-sandbox',
  raceSandboxLoad: 'race-sandbox-load',
  raceShare: 'race-share',
  raceShared: 'race-shared',
  raceSolvedTag: 'race-solved-tag',
  raceStore: 'race-store',
  raceUndo: 'race-undo',
  raceVerdict: 'race-verdict',
  racesWidget: 'races-widget',
  scheduler: 'scheduler',
} as const;

export type RacesId = keyof typeof RACES_IDS;

/** The races route's elements under a root (the page, or one widget in it). */
export class RaceView {
  constructor(readonly root: Root) {}

  /** One element by its name in RACES_IDS. */
  el(name: RacesId): Locator {
    return this.root.getByTestId(RACES_IDS[name]);
  }

  /** Wait until the scheduler has answered the last move. */
  async ready(): Promise<void> {
    await expect(this.el('scheduler')).toHaveAttribute('data-busy', 'false', { timeout: 30_000 });
  }

  /** Open "Run it for real" and run it with this many trials. */
  async runForReal(trials: string): Promise<void> {
    const input = this.el('raceRealTrials');
    // Open the panel until it stays open (the page may draw it again while it loads a puzzle).
    await expect(async () => {
      if (!(await input.isVisible())) await this.el('raceReal').locator('summary').click();
      await expect(input).toBeVisible({ timeout: 1_000 });
    }).toPass();
    await input.fill(trials);
    await this.el('raceRealRun').click();
  }

  /** Send app server n (0-based) one round trip and wait for the answer. */
  async send(n: number): Promise<void> {
    await this.step(n).click();
    await this.ready();
  }

  /** The board of app servers and the store, side by side. */
  get board(): Locator {
    return this.root.locator('.race-board');
  }
  /** The test ids of the board's boxes, in the page's order (servers, then the store). */
  boardOrder(): Promise<(string | null)[]> {
    return this.board.evaluate((b) => [...b.children].map((c) => c.getAttribute('data-testid')));
  }

  /** Step app server n (0-based) one round trip. */
  step(n: number): Locator {
    return this.root.getByTestId(`race-step-${n}`);
  }
  crash(n: number): Locator {
    return this.root.getByTestId(`race-crash-${n}`);
  }
  server(n: number): Locator {
    return this.root.getByTestId(`race-server-${n}`);
  }
  /** App server n's local variables line (e.g. `limit = 3, count = 2`). */
  locals(n: number): Locator {
    return this.root.getByTestId(`race-locals-${n}`);
  }
}

export class RacesScreen extends RaceView {
  /** The script editor on this route. */
  readonly monaco: Monaco;
  constructor(readonly page: Page) {
    super(page);
    this.monaco = new Monaco(page);
  }

  /** Replace the script (waits for the editor first: Monaco loads lazily). */
  setScript(text: string): Promise<void> {
    return this.monaco.replaceWhenReady(text);
  }

  /** Open the route (or a path under it, e.g. '#/races/...'). */
  open(hash = '#/races'): Promise<void> {
    return gotoRoute(this.page, hash);
  }
}
