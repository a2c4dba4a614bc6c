// The presenter's live stage at 1920x1080: scene steps are the lab's own scene at the step's
// time and highlight, race steps the race scheduler playing the schedule one round trip per
// advance and ending on the verdict, editor steps open the editor on the script. Every label
// and number at least 24 px and the headline numbers at least 64 px on every step kind, and the
// entry points: the lab, a lesson and a race puzzle each present.
import type { Page } from '@playwright/test';
import { expect, LabView, PresentScreen, PresentView, test } from './pages';
import { roomSizes, sizesOf } from './roomSizes';

test.use({ viewport: { width: 1920, height: 1080 } });

async function expectRoomType(page: Page, what: string) {
  const texts = await roomSizes(new PresentView(page).stage);
  expect(texts.length, what).toBeGreaterThan(5);
  const small = texts.filter((t) => t.px < 24);
  expect(small, `${what}: text under 24 px`).toEqual([]);
}

test.describe('the live stage', () => {
  test('a scene step is the live lab scene at the step, with its highlight', async ({
    page,
    present,
  }) => {
    await present.open('#/present/deck/why-local-counters-leak?step=3');
    const stage = present.stage;
    const scene = present.scene;
    const room = new PresentView(stage);
    await expect(scene.lane('main')).toBeVisible();
    await expect(scene.lane('compare')).toBeVisible();
    // Step 3 is at 20 s with request 3 highlighted.
    await expect(scene.clock).toHaveText(/^\s*20(\.0+)?\s*s?\s*$/);
    await expect(room.el('roomSelected')).toContainText('Request 3');
    await expectRoomType(page, 'scene step');
    const numbers = await sizesOf(stage.locator('.lane-counts dd'));
    expect(numbers.length).toBeGreaterThanOrEqual(4);
    for (const n of numbers) expect(n).toBeGreaterThanOrEqual(64);
    // The next step moves the same scene on (t = 45 s, request 5): the lanes' counts follow
    // (once shown: the step asks for a prediction first).
    await page.keyboard.press('ArrowRight');
    await present.stage.getByRole('button', { name: 'Just show me' }).click();
    await expect(scene.clock).toHaveText(/^\s*45(\.0+)?\s*s?\s*$/);
    await expect(room.el('roomSelected')).toContainText('Request 5');
    await expect(new LabView(scene.lane('main')).allowedCount).toHaveText('5');
    // "highlight: request 4 right" selects it in the shared lane, where it gets a 429 (the step
    // asks for a prediction first).
    await page.keyboard.press('ArrowRight');
    await present.stage.getByRole('button', { name: 'Just show me' }).click();
    await expect(room.el('roomSelected')).toContainText('Request 4 via server B: Denied');
    await page.keyboard.press('ArrowLeft');
    await expect(new LabView(scene.lane('compare')).allowedCount).toHaveText('3');
    await expect(new LabView(scene.lane('compare')).deniedCount).toHaveText('2');
    // A click on the time bar does not take the clicker away: PageDown still advances.
    await scene.el('scrubber').click();
    await page.keyboard.press('PageDown');
    await expect(present.position).toHaveText(/^5 \//);
    const overflow = await page.evaluate(() => document.documentElement.scrollHeight - innerHeight);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: 'test-results/shots/present-scene-1920.png' });
  });

  test('a race step plays its schedule one round trip per advance, to the verdict', async ({
    page,
    context,
    present,
  }) => {
    await present.open('#/present/deck/make-it-atomic?step=5');
    const race = present.el('stageRace');
    const rv = present.race;
    await expect(rv.server(0)).toBeVisible();
    await expect(race).toHaveAttribute('data-turn', '0');
    const speakerPage = await context.newPage();
    const speaker = new PresentScreen(speakerPage);
    await speaker.open('#/present/deck/make-it-atomic/speaker');
    await expect(speaker.el('speakerTurn')).toContainText('Round trip 0 of 4');
    await page.bringToFront();
    for (let k = 1; k <= 4; k++) {
      await page.keyboard.press(k % 2 ? 'ArrowRight' : 'PageDown');
      await expect(race).toHaveAttribute('data-turn', String(k));
      await expect(rv.el('raceLog').locator('li')).toHaveCount(k);
      await expect(present.position).toHaveText(/^5 \//);
    }
    await expect(speaker.el('speakerTurn')).toContainText('Round trip 4 of 4');
    // Both servers read 2 of 3 and both admitted: the verdict says the limit was broken.
    const verdict = rv.el('raceVerdict');
    await expect(verdict).toHaveAttribute('data-broken', /maxAdmitted/);
    await expect(rv.el('raceAdmitted')).toHaveText('2');
    await expect(rv.el('raceAllowed')).toHaveText('1');
    for (const n of await sizesOf(race.locator('.stage-race-big')))
      expect(n).toBeGreaterThanOrEqual(64);
    await expectRoomType(page, 'race step');
    await page.screenshot({ path: 'test-results/shots/present-race-verdict-1920.png' });
    // Back goes a round trip back; the speaker view drives too.
    await page.keyboard.press('ArrowLeft');
    await expect(race).toHaveAttribute('data-turn', '3');
    await speaker.el('speakerNext').click();
    await expect(race).toHaveAttribute('data-turn', '4');
    await speakerPage.keyboard.press('PageDown');
    await expect(present.position).toHaveText(/^6 \//);
    // A crash step: server 1 crashes between INCR and EXPIRE, server 2 then finishes by itself.
    await page.keyboard.press('PageDown');
    await expect(present.position).toHaveText(/^7 \//);
    await page.keyboard.press('PageDown');
    await page.keyboard.press('PageDown');
    await expect(race).toHaveAttribute('data-turn', '2');
    await expect(rv.el('raceVerdict')).toHaveAttribute('data-broken', /allKeysHaveTtl/);
    // The last step: one round trip each, and the invariant holds.
    await page.keyboard.press('PageDown');
    await expect(present.position).toHaveText(/^8 \//);
    for (let k = 0; k < 3; k++) await page.keyboard.press('Space');
    await expect(rv.el('raceVerdict')).toHaveAttribute('data-broken', '');
    await expect(rv.el('raceAdmitted')).toHaveText('2');
  });

  test('an editor step shows the script at room size and opens the editor', async ({
    page,
    context,
    present,
  }) => {
    await present.open('#/present/deck/make-it-atomic?step=4');
    await expect(present.el('stageSource')).toContainText('GET');
    await expectRoomType(page, 'editor step');
    const [editor] = await Promise.all([context.waitForEvent('page'), page.keyboard.press('e')]);
    await editor.waitForLoadState();
    await expect(editor).toHaveURL(/#\/editor\?template=get-then-set/);
    await editor.close();
    // A caption-only step is sized for the room too.
    await present.open('#/present/deck/make-it-atomic?step=1');
    await expectRoomType(page, 'caption step');
  });
});

test.describe('entry points', () => {
  test('the lab presents its scenario at its moment', async ({ page, lab, present }) => {
    await lab.open();
    await present.el('present').click();
    await expect(page).toHaveURL(/#\/present\/lab\/scene\?scenario=/);
    await expect(new LabView(present.el('roomScene')).lane('main')).toBeVisible();
  });

  test('a lesson presents its narrated steps as a deck', async ({ page, lessons, present }) => {
    await lessons.open('#/lessons/two-servers-one-budget');
    const first = (await lessons.el('stepCaption').first().textContent())!.trim();
    await present.el('lessonPresent').click();
    await expect(page).toHaveURL(/#\/present\/lesson\/two-servers-one-budget/);
    // Its first step states an outcome: it asks first.
    await present.stage.getByRole('button', { name: 'Just show me' }).click();
    await expect(present.el('stageCaption')).toHaveText(first);
    await expect(present.scene.lane('main')).toBeVisible();
    await page.keyboard.press('ArrowRight');
    await expect(present.position).toHaveText(/^2 \//);
    await expect(present.el('stageCaption')).not.toHaveText(first);
    await expectRoomType(page, 'lesson step');
    await present.el('openPrint').evaluate((a) => a.removeAttribute('target'));
    await present.el('openPrint').click();
    await expect(present.el('printStep').first()).toContainText(first);
  });

  test('a race puzzle presents with the schedule played so far', async ({
    page,
    races,
    present,
  }) => {
    await races.open('#/races/over-admit-get-then-set');
    await races.step(0).click();
    await expect(races.el('raceLog').locator('li')).toHaveCount(1);
    await races.step(1).click();
    await expect(races.el('raceLog').locator('li')).toHaveCount(2);
    await races.el('racePresent').click();
    await expect(page).toHaveURL(/#\/present\/race\/over-admit-get-then-set\?schedule=AB/);
    const race = present.el('stageRace');
    await expect(race).toHaveAttribute('data-turn', '0');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(present.race.el('raceLog').locator('li')).toHaveCount(2);
    // After the schedule, the servers still running finish on their own: the verdict.
    await expect(present.race.el('raceVerdict')).toBeVisible();
    await expectRoomType(page, 'puzzle');
  });
});

test.describe('at 150% zoom on a 1920x1080 screen', () => {
  // 150% zoom: 1280x720 CSS px drawn at 1.5 device pixels each.
  test.use({ viewport: { width: 1280, height: 720 }, deviceScaleFactor: 1.5 });

  /** The time bar's parts (buttons, clock, scrubber, speed) sit on one row. */
  async function expectOneRow(page: Page, where: string) {
    const bar = page.locator('.timebar').first();
    await expect(bar).toBeVisible();
    const rows = await bar.evaluate((el) => {
      const tops = [...el.children]
        .filter((c) => (c as HTMLElement).offsetWidth > 0)
        .map((c) => {
          const r = c.getBoundingClientRect();
          return { top: r.top, bottom: r.bottom };
        });
      // Two parts are on one row when their boxes overlap vertically.
      return tops.every((a) => tops.every((b) => a.top < b.bottom && b.top < a.bottom));
    });
    expect(rows, `${where}: the time bar wraps`).toBe(true);
  }

  test('the time bar does not wrap: lab, presented lab, deck scene', async ({
    page,
    lab,
    present,
  }) => {
    await lab.open();
    await expectOneRow(page, 'lab');
    await present.el('present').click();
    await expect(new LabView(present.el('roomScene')).lane('main')).toBeVisible();
    await expectOneRow(page, 'presented lab');
    await present.open('#/present/deck/why-local-counters-leak?step=2');
    await expect(present.scene.lane('main')).toBeVisible();
    await expectOneRow(page, 'deck scene');
    await page.screenshot({ path: 'test-results/shots/present-zoom150.png' });
  });
});
