// The app's shell around every route (the main navigation, the theme toggle, the 404 page, the
// error boundary, the offline notice) as the specs drive it. Its test ids live here once.
import type { Locator, Page } from '@playwright/test';
import { gotoRoute } from '../fixtures';

/** The shell's test ids (the UI's data-testid values). */
export const SHELL_IDS = {
  errorBoundary: 'error-boundary',
  notFound: 'not-found',
  offlineReady: 'offline-ready',
  themeToggle: 'theme-toggle',
  /** The link that downloads what could not be kept (inside the notice that says so). */
  downloadKept: 'download-kept',
} as const;

export type ShellId = keyof typeof SHELL_IDS;

export class ShellScreen {
  constructor(readonly page: Page) {}

  /** One element by its name in SHELL_IDS. */
  el(name: ShellId): Locator {
    return this.page.getByTestId(SHELL_IDS[name]);
  }

  /** The "download what was not kept" link inside a notice (the editor's, the progress's). */
  keptDownload(notice: Locator): Locator {
    return notice.getByTestId(SHELL_IDS.downloadKept);
  }

  /** The route's main region, its first-level headings and the main navigation. */
  get main(): Locator {
    return this.page.locator('main#main');
  }
  get heading(): Locator {
    return this.page.getByRole('heading', { level: 1 });
  }
  get nav(): Locator {
    return this.page.getByRole('navigation', { name: 'Main' });
  }

  /** Open a route by its hash. */
  open(hash: string): Promise<void> {
    return gotoRoute(this.page, hash);
  }

  /** Move to a route inside the page (a hash change, no reload: an offline page stays up). */
  async go(hash: string): Promise<void> {
    await this.page.evaluate((h) => {
      window.location.hash = h;
    }, hash);
  }
}
