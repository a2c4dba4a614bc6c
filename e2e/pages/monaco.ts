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

  /** The coloured tokens the Lua grammar gives the drawn lines. */
  get tokens(): Locator {
    return this.page.locator(
      '.monaco-editor .view-lines span.mtk8, .monaco-editor .view-lines span[class*="mtk"]',
    );
  }

  /** The editor's error or warning marks. */
  squiggles(kind: 'error' | 'warning'): Locator {
    return this.page.locator(`.monaco-editor .squiggly-${kind}`);
  }

  async ready(timeout = 30_000): Promise<void> {
    await expect(this.readyMark).toBeVisible({ timeout });
  }

  /** Wait until the editor has taken the page's colour scheme (it follows it after a render). */
  async themed(dark: boolean): Promise<void> {
    await expect(this.page.locator('.monaco-editor').first()).toHaveClass(
      dark ? /(^|\s)vs-dark(\s|$)/ : /(^|\s)vs(\s|$)/,
    );
  }

  /** Replace the editor's text (insertText: no auto-closing brackets or auto-indent). */
  async setScript(text: string): Promise<void> {
    await this.lines.click();
    await this.page.keyboard.press('ControlOrMeta+A');
    await this.page.keyboard.press('Delete');
    await this.page.keyboard.insertText(text);
  }

  /** Wait for the editor (it loads lazily), then replace its text. */
  async replaceWhenReady(text: string, timeout = 30_000): Promise<void> {
    await this.ready(timeout);
    await this.setScript(text);
  }
}
