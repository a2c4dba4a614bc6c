// The Lua editor (#/editor) as the specs drive it: open it and wait for its first run, replace
// the script, run it, read its result and problems. Its test ids live here once.
import type { Locator, Page } from '@playwright/test';
import { expect, gotoRoute } from '../fixtures';
import { LabView } from './lab';
import { Monaco } from './monaco';
import { SHELL_IDS } from './shell';

/** The editor page's test ids (the UI's data-testid values). */
export const EDITOR_IDS = {
  run: 'run',
  runAllowed: 'run-allowed',
  runDenied: 'run-denied',
  runStale: 'run-stale',
  runSummary: 'run-summary',
  runaway: 'runaway',
  problemError: 'problem-error',
  problemWarning: 'problem-warning',
  saved: 'saved',
  undo: 'undo',
  reset: 'reset',
  template: 'template',
  traffic: 'traffic',
  trace: 'trace',
  traceCalls: 'trace-calls',
  share: 'share',
  shareLink: 'editor-share-link',
  argsInput: 'args-input',
  modeScript: 'mode-script',
  modeApp: 'mode-app',
  compareRun: 'compare-run',
  compareResult: 'compare-result',
  compareSame: 'compare-same',
  compareDiffs: 'compare-diffs',
  compareParams: 'compare-params',
  uploadInput: 'upload-input',
  downloadKept: SHELL_IDS.downloadKept,
  notice: 'notice',
  keyInspector: 'key-inspector',
  breakIt: 'break-it',
  latency: 'latency',
  runReal: 'run-real',
  realMessage: 'real-message',
  realSummary: 'real-summary',
  realStep: 'real-step',
  realDifference: 'real-difference',
  realSame: 'real-same',
  /** The plain text area that holds the script while Monaco loads. */
  codeFallback: 'code-fallback',
} as const;

export type EditorId = keyof typeof EDITOR_IDS;

export class EditorScreen {
  readonly monaco: Monaco;
  /** The scene beside the script (the lab's scene and time bar). */
  readonly scene: LabView;
  constructor(readonly page: Page) {
    this.monaco = new Monaco(page);
    this.scene = new LabView(page);
  }

  /** One of the page's elements by its name in EDITOR_IDS. */
  el(name: EditorId): Locator {
    return this.page.getByTestId(EDITOR_IDS[name]);
  }

  /** Open the editor (or a link into it): Monaco is ready and the arrival run has answered. */
  async open(hash = '#/editor'): Promise<void> {
    await gotoRoute(this.page, hash);
    await this.monaco.ready(20_000);
    // The page runs the current script once on arrival.
    await expect(this.el('runAllowed')).toBeVisible({ timeout: 20_000 });
  }

  /** The plain text area holding the script inside `root` (the app's #root or a first view's copy). */
  codeIn(root: Locator): Locator {
    return root.getByTestId(EDITOR_IDS.codeFallback);
  }

  /** Focuses a plain text area with the caret at `at` (a learner's click there). */
  caretAt(area: Locator, at: number): Promise<void> {
    return area.evaluate((el: HTMLTextAreaElement, k) => {
      el.focus();
      el.setSelectionRange(k, k);
    }, at);
  }

  /** The text Monaco draws (the lines in view, wrapped or not), in order, without white space. */
  drawnText(): Promise<string> {
    return this.text.evaluate((el) =>
      [...el.querySelectorAll<HTMLElement>('.view-line')]
        .sort((a, b) => parseFloat(a.style.top) - parseFloat(b.style.top))
        .map((l) => l.textContent ?? '')
        .join('')
        .replace(/\s+/g, ''),
    );
  }

  /** The script as the page saved it (its draft is saved a moment after each edit). */
  savedScript(): Promise<string | null> {
    return this.page.evaluate(() => {
      const k = Object.keys(localStorage).find((x) => x.startsWith('rll.editor.v1.script.'));
      const raw = k ? localStorage.getItem(k) : null;
      return raw ? (JSON.parse(raw) as { source: string }).source : null;
    });
  }

  /** The run's request n (1-based) in the results strip. */
  pick(n: number): Locator {
    return this.page.getByTestId(`pick-${n}`);
  }

  setScript(text: string): Promise<void> {
    return this.monaco.setScript(text);
  }

  async run(): Promise<void> {
    await this.el('run').click();
  }

  /** The script's lines as the editor draws them. */
  get text(): Locator {
    return this.monaco.lines;
  }
}
