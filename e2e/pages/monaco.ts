// The Monaco editor as the editor, practice and races pages show it: wait until it is ready,
// replace its text, read the lines it draws.
import type { Locator, Page } from '@playwright/test';
import { expect } from '../fixtures';

export const MONACO_IDS = { ready: 'monaco-ready' } as const;

export class Monaco {
  constructor(readonly page: Page) {}

  /** The "editor is ready" mark (Monaco loads lazily). */
  get readyMark(): Locator {
    return this.page.getByTestId(MONACO_IDS.ready);
  }

  /** The editor's drawn lines (a phone draws only the lines in view). */
  get lines(): Locator {
    return this.page.locator('.monaco-editor .view-lines').first();
  }

  /** The editor's error or warning marks. */
  squiggles(kind: 'error' | 'warning'): Locator {
    return this.page.locator(`.monaco-editor .squiggly-${kind}`);
  }

  async ready(timeout = 30_000): Promise<void> {
    await expect(this.readyMark).toBeVisible({ timeout });
  }

  /** Replace the editor's text (insertText: no auto-closing brackets or auto-indent). */
  async setScript(text: string): Promise<void> {
    await this.lines.click();
    await this.page.keyboard.press('ControlOrMeta+A');
    await this.page.keyboard.press('Delete');
    await this.page.keyboard.insertText(text);
  }
}
