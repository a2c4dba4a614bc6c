// Presenter mode at 1920x1080 (a projector, so desktop only: `.desktop.` keeps it off the phone project): clicker keys, blanking, full screen, type sized for a room,
// the speaker view kept in sync (either window drives) and the print handout.
import type { BrowserContext, Page } from '@playwright/test';
import { expect, gotoRoute, test } from './fixtures';
import { roomSizes, sizesOf } from './roomSizes';

test.use({ viewport: { width: 1920, height: 1080 } });

const DECK = '#/present/deck/why-local-counters-leak';

async function openGuarded(context: BrowserContext, hash: string) {
  const p = await context.newPage();
  const problems: string[] = [];
  await p.route('**/*', (route) => {
    const url = new URL(route.request().url());
    if (['127.0.0.1', 'localhost'].includes(url.hostname) || /^(data|blob):/.test(url.protocol))
      return route.continue();
    problems.push(url.href);
    return route.abort('blockedbyclient');
  });
  p.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
  p.on('pageerror', (e) => problems.push(e.message));
  await gotoRoute(p, hash);
  return { p, problems };
}

const position = (p: Page) => p.getByTestId('stage-position');

test.describe('presenter mode', () => {
  test('clicker and keyboard keys move, blank and go full screen', async ({ page }) => {
    await gotoRoute(page, DECK);
    await expect(position(page)).toHaveText(/^1 \/ \d+$/);
    for (const key of ['ArrowRight', 'PageDown', ' ']) await page.keyboard.press(key);
    await expect(position(page)).toHaveText(/^4 \//);
    await page.keyboard.press('PageUp');
    await expect(position(page)).toHaveText(/^3 \//);
    await page.keyboard.press('ArrowLeft');
    await expect(position(page)).toHaveText(/^2 \//);
    // The step is in the address, so a reload comes back to it.
    await expect(page).toHaveURL(/step=2/);
    await page.reload();
    await expect(position(page)).toHaveText(/^2 \//);
    await page.keyboard.press('b');
    await expect(page.getByTestId('blank')).toBeVisible();
    await page.keyboard.press('B');
    await expect(page.getByTestId('blank')).toHaveCount(0);
    await page.keyboard.press('f');
    await expect.poll(() => page.evaluate(() => !!document.fullscreenElement)).toBe(true);
    await page.keyboard.press('F');
    await expect.poll(() => page.evaluate(() => !!document.fullscreenElement)).toBe(false);
    await page.keyboard.press('End');
    await expect(position(page)).toHaveText(/^(\d+) \/ \1$/);
    await page.keyboard.press('Home');
    await expect(position(page)).toHaveText(/^1 \//);
    // The buttons drive too, and do not keep focus (a clicker's Space must not press them twice).
    await page.getByTestId('present-next').click();
    await page.keyboard.press(' ');
    await expect(position(page)).toHaveText(/^3 \//);
  });

  test('type is sized for a room at 1920x1080', async ({ page }) => {
    await gotoRoute(page, `${DECK}?step=4`);
    const stage = page.getByTestId('stage');
    await expect(stage.getByTestId('lane-main')).toBeVisible();
    // The step asks for a prediction first (its prompt is sized for the room too).
    const ask = stage.getByRole('group', { name: /^Predict/ });
    for (const t of await roomSizes(ask)) expect(t.px, `"${t.text}"`).toBeGreaterThanOrEqual(24);
    await ask.getByRole('button', { name: 'Just show me' }).click();
    // The stage is the live scene now (phase 2): its text is measured as drawn, SVG included.
    const texts = await roomSizes(stage);
    const sizes = {
      texts,
      numbers: await sizesOf(stage.locator('.lane-counts dd')),
      caption: (await sizesOf(page.getByTestId('stage-caption')))[0]!,
    };
    expect(sizes.texts.length).toBeGreaterThan(10);
    for (const t of sizes.texts) expect(t.px, `"${t.text}"`).toBeGreaterThanOrEqual(24);
    expect(sizes.numbers.length).toBeGreaterThanOrEqual(4);
    for (const n of sizes.numbers) expect(n).toBeGreaterThanOrEqual(64);
    expect(sizes.caption).toBeGreaterThanOrEqual(24);
    // The whole stage fits the projector without scrolling.
    const overflow = await page.evaluate(() => document.documentElement.scrollHeight - innerHeight);
    expect(overflow).toBeLessThanOrEqual(0);
    // The numbers on the stage are the engine's: local counters admit all 5, the shared one 3.
    const count = (lane: string, id: string) => stage.getByTestId(lane).getByTestId(id);
    await expect(count('lane-main', 'allowed-count')).toHaveText('5');
    await expect(count('lane-main', 'denied-count')).toHaveText('0');
    await expect(count('lane-compare', 'allowed-count')).toHaveText('3');
    await expect(count('lane-compare', 'denied-count')).toHaveText('2');
    await page.mouse.move(900, 500);
    await expect(page.getByTestId('laser')).toHaveAttribute('data-visible', 'true');
    await page.screenshot({ path: 'test-results/shots/present-1920.png' });
    await page.getByTestId('toggle-contrast').click();
    await expect(page.getByTestId('presenter')).toHaveAttribute('data-contrast', 'high');
    await page.screenshot({ path: 'test-results/shots/present-contrast-1920.png' });
    await page.keyboard.press('h');
    await expect(page.getByTestId('presenter')).toHaveAttribute('data-contrast', 'normal');
  });

  test('the speaker view follows the projector and drives it back', async ({ page, context }) => {
    await gotoRoute(page, DECK);
    const [popup] = await Promise.all([
      context.waitForEvent('page'),
      page.getByTestId('open-speaker').click(),
    ]);
    await popup.waitForLoadState();
    const speaker = popup;
    await expect(speaker.getByTestId('speaker-current')).toHaveText(
      (await page.getByTestId('stage-title').textContent()) ?? '',
    );
    await page.bringToFront();
    await page.keyboard.press('ArrowRight');
    await expect(speaker.getByTestId('speaker-current')).toHaveText(
      (await page.getByTestId('stage-title').textContent()) ?? '',
    );
    await expect(speaker.getByTestId('speaker-notes')).not.toBeEmpty();
    await expect(speaker.getByTestId('speaker-next-title')).not.toBeEmpty();
    await expect(speaker.getByTestId('speaker-elapsed')).toHaveText(/^\d\d:\d\d$/);
    // The speaker view drives: buttons and keys.
    await speaker.getByTestId('speaker-next').click();
    await expect(position(page)).toHaveText(/^3 \//);
    await speaker.keyboard.press('PageDown');
    await expect(position(page)).toHaveText(/^4 \//);
    await speaker.getByTestId('speaker-blank').click();
    await expect(page.getByTestId('blank')).toBeVisible();
    await speaker.keyboard.press('b');
    await expect(page.getByTestId('blank')).toHaveCount(0);
    await speaker.setViewportSize({ width: 1440, height: 900 });
    await speaker.screenshot({ path: 'test-results/shots/speaker-1440.png' });
  });

  test('a second tab opened on the deck joins at the same step', async ({ page, context }) => {
    await gotoRoute(page, `${DECK}?step=3`);
    await expect(position(page)).toHaveText(/^3 \//);
    const other = await openGuarded(context, `${DECK}/speaker`);
    await expect(other.p.getByTestId('speaker-current')).toHaveText(
      (await page.getByTestId('stage-title').textContent()) ?? '',
    );
    expect(other.problems).toEqual([]);
  });

  test('every step of every deck renders, and the handout prints them all', async ({ page }) => {
    await gotoRoute(page, '#/present');
    await expect(page.getByTestId('deck-card')).toHaveCount(3);
    const decks = await page
      .locator('[data-testid^="present-"]')
      .evaluateAll((as) => as.map((a) => a.getAttribute('href')!));
    expect(decks).toHaveLength(3);
    for (const d of decks) {
      await gotoRoute(page, d);
      const total = Number(((await position(page).textContent()) ?? '').split('/')[1]);
      for (let k = 1; k <= total; k++) {
        await expect(position(page)).toHaveText(`${k} / ${total}`);
        // A step whose caption states an outcome asks first: shown at once here.
        const ask = page.getByTestId('stage').getByRole('group', { name: /^Predict/ });
        await expect(page.getByTestId('stage-caption').or(ask)).toBeVisible();
        if (await ask.isVisible()) await ask.getByRole('button', { name: 'Just show me' }).click();
        await expect(page.getByTestId('stage-caption')).not.toBeEmpty();
        await expect(page.getByTestId('stage').locator('[role="alert"]')).toHaveCount(0);
        // A race step takes one advance per round trip of its schedule, then ends on the verdict.
        const race = page.getByTestId('stage-race');
        if ((await race.count()) > 0) {
          for (
            let turn = 0;
            turn < 12 && (await position(page).textContent()) === `${k} / ${total}`;
            turn++
          ) {
            if (k === total && (await race.getAttribute('data-finished')) === 'true') break;
            await page.keyboard.press('ArrowRight');
          }
          if (k === total) await expect(race.getByTestId('race-verdict')).toBeVisible();
        } else await page.keyboard.press('ArrowRight');
      }
      await gotoRoute(page, `${d}/print`);
      await expect(page.getByTestId('print-step')).toHaveCount(total);
      // Each link is named by its title with a QR code, never a raw address.
      const links = page.getByTestId('print-links').first();
      await expect(links.locator('a').first()).toHaveAttribute('href', /#\/lab\?scenario=/);
      await expect(links.getByTestId('print-qr').first()).toBeVisible();
      await expect(page.getByTestId('print-view')).not.toContainText('scenario=');
    }
    await page.emulateMedia({ media: 'print' });
    await expect(page.locator('.print-toolbar')).toBeHidden();
    await page.emulateMedia({ media: 'screen' });
    await page.setViewportSize({ width: 1440, height: 900 });
    await gotoRoute(page, '#/present/deck/algorithms-compared/print');
    await page.screenshot({ path: 'test-results/shots/print-1440.png', fullPage: true });
    await gotoRoute(page, '#/present/deck/make-it-atomic?step=5');
    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.screenshot({ path: 'test-results/shots/present-race-1920.png' });
  });

  test('a link to a deck that does not exist says so', async ({ page }) => {
    await gotoRoute(page, '#/present/deck/no-such-deck');
    await expect(page.getByTestId('not-found')).toContainText('no deck called "no-such-deck"');
  });
});
