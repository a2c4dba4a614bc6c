import { expect, test, WORKED, type LabScreen } from './pages/lab';

async function ready(lab: LabScreen) {
  await lab.open();
  await lab.load(WORKED('shared'));
  // The lab screen is a lazy chunk: its keyboard handler exists once the time bar is drawn.
  await expect(lab.playPause).toBeVisible();
}

test.describe('the time controls work from the keyboard alone', () => {
  test('arrows step between events, space plays and pauses, + and - change the speed', async ({
    page,
    lab,
  }) => {
    await ready(lab);
    // Focus the page itself, not a control.
    await page.locator('main#main').focus();
    await page.keyboard.press('ArrowRight');
    await expect(lab.clock).toHaveText('1.00');
    await expect(lab.allowedCount).toHaveText('1');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(lab.clock).toHaveText('3.00');
    await expect(lab.allowedCount).toHaveText('3');
    await page.keyboard.press('ArrowLeft');
    await expect(lab.clock).toHaveText('2.00');
    await expect(lab.allowedCount).toHaveText('2');
    // Shift+arrow seeks by a slice of the run.
    await page.keyboard.press('Shift+ArrowRight');
    await expect(lab.clock).not.toHaveText('2.00');
    await expect(lab.el('speedValue')).toHaveText('0.5×');
    await page.keyboard.press('+');
    await expect(lab.el('speedValue')).toHaveText('1×');
    await page.keyboard.press('-');
    await page.keyboard.press('-');
    await expect(lab.el('speedValue')).toHaveText('0.2×');
    await page.keyboard.press(' ');
    await expect(lab.playPause).toHaveAccessibleName('Pause');
    await page.keyboard.press(' ');
    await expect(lab.playPause).toHaveAccessibleName('Play');
  });

  test('every time control is reachable with Tab and works with Enter', async ({ page, lab }) => {
    await ready(lab);
    const play = lab.playPause;
    await play.focus();
    await expect(play).toBeFocused();
    // Focus is visible.
    expect(await play.evaluate((el) => getComputedStyle(el).outlineStyle)).not.toBe('none');
    await page.keyboard.press('Shift+Tab'); // previous event
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab'); // next event
    await page.keyboard.press('Enter');
    await expect(lab.clock).toHaveText('1.00');
    await page.keyboard.press('Tab'); // scrubber
    await expect(lab.el('scrubber')).toBeFocused();
    await page.keyboard.press('End');
    const end = await lab.snapshot();
    expect(end.allowed).toBe(3);
    expect(end.decisions).toHaveLength(5);
    await page.keyboard.press('Home');
    expect((await lab.snapshot()).now).toBe(0);
    await page.keyboard.press('Tab'); // speed
    await expect(lab.el('speed')).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(lab.el('speedValue')).not.toHaveText('0.5×');
  });
});
