// Presenter mode at 1920x1080 (a projector, so desktop only: `.desktop.` keeps it off the phone project): clicker keys, blanking, full screen, type sized for a room,
// the speaker view kept in sync (either window drives) and the print handout.
import type { BrowserContext } from '@playwright/test';
import { expect, gotoRoute, guardPage, LabView, PresentView, test } from './pages';
import { roomSizes, sizesOf } from './roomSizes';

test.use({ viewport: { width: 1920, height: 1080 } });

const DECK = '#/present/deck/why-local-counters-leak';

/** Another guarded page in this context (another window of the same browser), on a route. */
async function openGuarded(context: BrowserContext, hash: string) {
  const p = await context.newPage();
  const problems = await guardPage(p, ['127.0.0.1', 'localhost']);
  await gotoRoute(p, hash);
  return { p, view: new PresentView(p), problems };
}

test.describe('presenter mode', () => {
  test('clicker and keyboard keys move, blank and go full screen', async ({ page, present }) => {
    await present.open(DECK);
    await expect(present.position).toHaveText(/^1 \/ \d+$/);
    for (const key of ['ArrowRight', 'PageDown', ' ']) await page.keyboard.press(key);
    await expect(present.position).toHaveText(/^4 \//);
    await page.keyboard.press('PageUp');
    await expect(present.position).toHaveText(/^3 \//);
    await page.keyboard.press('ArrowLeft');
    await expect(present.position).toHaveText(/^2 \//);
    // The step is in the address, so a reload comes back to it.
    await expect(page).toHaveURL(/step=2/);
    await page.reload();
    await expect(present.position).toHaveText(/^2 \//);
    await page.keyboard.press('b');
    await expect(present.el('blank')).toBeVisible();
    await page.keyboard.press('B');
    await expect(present.el('blank')).toHaveCount(0);
    await page.keyboard.press('f');
    await expect.poll(() => page.evaluate(() => !!document.fullscreenElement)).toBe(true);
    await page.keyboard.press('F');
    await expect.poll(() => page.evaluate(() => !!document.fullscreenElement)).toBe(false);
    await page.keyboard.press('End');
    await expect(present.position).toHaveText(/^(\d+) \/ \1$/);
    await page.keyboard.press('Home');
    await expect(present.position).toHaveText(/^1 \//);
    // The buttons drive too, and do not keep focus (a clicker's Space must not press them twice).
    await present.el('presentNext').click();
    await page.keyboard.press(' ');
    await expect(present.position).toHaveText(/^3 \//);
  });

  test('type is sized for a room at 1920x1080', async ({ page, present }) => {
    await present.open(`${DECK}?step=4`);
    const stage = present.stage;
    const scene = present.scene;
    await expect(scene.lane('main')).toBeVisible();
    // The step asks for a prediction first (its prompt is sized for the room too).
    const ask = stage.getByRole('group', { name: /^Predict/ });
    for (const t of await roomSizes(ask)) expect(t.px, `"${t.text}"`).toBeGreaterThanOrEqual(24);
    await ask.getByRole('button', { name: 'Just show me' }).click();
    // The stage is the live scene now (phase 2): its text is measured as drawn, SVG included.
    const texts = await roomSizes(stage);
    const sizes = {
      texts,
      numbers: await sizesOf(stage.locator('.lane-counts dd')),
      caption: (await sizesOf(present.el('stageCaption')))[0]!,
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
    const lane = (l: 'main' | 'compare') => new LabView(scene.lane(l));
    await expect(lane('main').allowedCount).toHaveText('5');
    await expect(lane('main').deniedCount).toHaveText('0');
    await expect(lane('compare').allowedCount).toHaveText('3');
    await expect(lane('compare').deniedCount).toHaveText('2');
    await page.mouse.move(900, 500);
    await expect(present.el('laser')).toHaveAttribute('data-visible', 'true');
    await page.screenshot({ path: 'test-results/shots/present-1920.png' });
    await present.el('toggleContrast').click();
    await expect(present.el('presenter')).toHaveAttribute('data-contrast', 'high');
    await page.screenshot({ path: 'test-results/shots/present-contrast-1920.png' });
    await page.keyboard.press('h');
    await expect(present.el('presenter')).toHaveAttribute('data-contrast', 'normal');
  });

  test('the speaker view follows the projector and drives it back', async ({
    page,
    context,
    present,
  }) => {
    await present.open(DECK);
    const [popup] = await Promise.all([
      context.waitForEvent('page'),
      present.el('openSpeaker').click(),
    ]);
    await popup.waitForLoadState();
    const speaker = new PresentView(popup);
    await expect(speaker.el('speakerCurrent')).toHaveText(
      (await present.el('stageTitle').textContent()) ?? '',
    );
    await page.bringToFront();
    await page.keyboard.press('ArrowRight');
    await expect(speaker.el('speakerCurrent')).toHaveText(
      (await present.el('stageTitle').textContent()) ?? '',
    );
    await expect(speaker.el('speakerNotes')).not.toBeEmpty();
    await expect(speaker.el('speakerNextTitle')).not.toBeEmpty();
    await expect(speaker.el('speakerElapsed')).toHaveText(/^\d\d:\d\d$/);
    // The speaker view drives: buttons and keys.
    await speaker.el('speakerNext').click();
    await expect(present.position).toHaveText(/^3 \//);
    await popup.keyboard.press('PageDown');
    await expect(present.position).toHaveText(/^4 \//);
    await speaker.el('speakerBlank').click();
    await expect(present.el('blank')).toBeVisible();
    await popup.keyboard.press('b');
    await expect(present.el('blank')).toHaveCount(0);
    await popup.setViewportSize({ width: 1440, height: 900 });
    await popup.screenshot({ path: 'test-results/shots/speaker-1440.png' });
  });

  test('a second tab opened on the deck joins at the same step', async ({ context, present }) => {
    await present.open(`${DECK}?step=3`);
    await expect(present.position).toHaveText(/^3 \//);
    const other = await openGuarded(context, `${DECK}/speaker`);
    await expect(other.view.el('speakerCurrent')).toHaveText(
      (await present.el('stageTitle').textContent()) ?? '',
    );
    expect(other.problems).toEqual([]);
  });

  test('every step of every deck renders, and the handout prints them all', async ({
    page,
    present,
  }) => {
    await present.open('#/present');
    await expect(present.el('deckCard')).toHaveCount(3);
    const decks = await present.deckLinks.evaluateAll((as) =>
      as.map((a) => a.getAttribute('href')!),
    );
    expect(decks).toHaveLength(3);
    for (const d of decks) {
      await present.open(d);
      const total = Number(((await present.position.textContent()) ?? '').split('/')[1]);
      for (let k = 1; k <= total; k++) {
        await expect(present.position).toHaveText(`${k} / ${total}`);
        // A step whose caption states an outcome asks first: shown at once here.
        const ask = present.stage.getByRole('group', { name: /^Predict/ });
        await expect(present.el('stageCaption').or(ask)).toBeVisible();
        if (await ask.isVisible()) await ask.getByRole('button', { name: 'Just show me' }).click();
        await expect(present.el('stageCaption')).not.toBeEmpty();
        await expect(present.stage.locator('[role="alert"]')).toHaveCount(0);
        // A race step takes one advance per round trip of its schedule, then ends on the verdict.
        const race = present.el('stageRace');
        if ((await race.count()) > 0) {
          for (
            let turn = 0;
            turn < 12 && (await present.position.textContent()) === `${k} / ${total}`;
            turn++
          ) {
            if (k === total && (await race.getAttribute('data-finished')) === 'true') break;
            await page.keyboard.press('ArrowRight');
          }
          if (k === total) await expect(present.race.el('raceVerdict')).toBeVisible();
        } else await page.keyboard.press('ArrowRight');
      }
      await present.open(`${d}/print`);
      await expect(present.el('printStep')).toHaveCount(total);
      // Each link is named by its title with a QR code, never a raw address.
      const links = new PresentView(present.el('printLinks').first());
      await expect(links.root.locator('a').first()).toHaveAttribute('href', /#\/lab\?scenario=/);
      await expect(links.el('printQr').first()).toBeVisible();
      await expect(present.el('printView')).not.toContainText('scenario=');
    }
    await page.emulateMedia({ media: 'print' });
    await expect(page.locator('.print-toolbar')).toBeHidden();
    await page.emulateMedia({ media: 'screen' });
    await page.setViewportSize({ width: 1440, height: 900 });
    await present.open('#/present/deck/algorithms-compared/print');
    await page.screenshot({ path: 'test-results/shots/print-1440.png', fullPage: true });
    await present.open('#/present/deck/make-it-atomic?step=5');
    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.screenshot({ path: 'test-results/shots/present-race-1920.png' });
  });

  test('a link to a deck that does not exist says so', async ({ present }) => {
    await present.open('#/present/deck/no-such-deck');
    await expect(present.el('notFound')).toContainText('no deck called "no-such-deck"');
  });
});
