// A lesson's live lab widgets, driven as a learner would: each opens paused at its first
// interesting moment, plays, pauses, steps, scrubs and changes speed on its own clock; a
// request shows its path and HTTP response; "Open in the lab" carries the exact state and a
// way back; out of view a widget costs no frames; with reduced motion it is the stepped list.
import type { Locator, Page } from '@playwright/test';
import { expect, gotoRoute, test } from './fixtures';

const LESSON = '#/lessons/two-servers-one-budget';

async function firstWidget(page: Page): Promise<Locator> {
  await gotoRoute(page, LESSON);
  const w = page.getByTestId('lab-widget').first();
  await expect(w.getByTestId('clock-now')).toBeVisible();
  // Its caption states an outcome, so it asks for a prediction first (e2e/predict-first.spec.ts).
  await w
    .getByRole('group', { name: /^Predict/ })
    .getByRole('button', { name: 'Just show me' })
    .click();
  return w;
}

const clockOf = async (w: Locator) => Number(await w.getByTestId('clock-now').textContent());

test.describe('lesson lab widgets', () => {
  test('opens paused at its first interesting moment, with that request selected', async ({
    page,
  }) => {
    const w = await firstWidget(page);
    // Five requests 10 s apart: the 4th (t = 30) is where the lanes first differ.
    await expect(w.getByTestId('play-pause')).toHaveAccessibleName('Play');
    await expect(w.getByTestId('clock-now')).toHaveText('30.00');
    await expect(w.getByTestId('widget-selected')).toContainText('Request 4');
    await expect(w.getByTestId('widget-selected')).toContainText('Denied (429)');
    // The local lane's 4th admission is marked over the limit.
    await expect(
      w.getByTestId('lane-main').getByRole('button', { name: /over the limit of 3/ }),
    ).toHaveCount(1);
    // It stays there: nothing moves without the learner.
    await page.waitForTimeout(600);
    await expect(w.getByTestId('clock-now')).toHaveText('30.00');
  });

  test('play, pause, step, scrub and speed move only this widget’s clock', async ({ page }) => {
    const w = await firstWidget(page);
    const other = page.getByTestId('lab-widget').nth(1);
    const otherClock = await other.getByTestId('clock-now').textContent();
    // Step forward and back between events.
    await w.getByRole('button', { name: /Next: step to the next event/ }).click();
    await expect(w.getByTestId('clock-now')).toHaveText('40.00');
    await w.getByRole('button', { name: /Prev: step back/ }).click();
    await expect(w.getByTestId('clock-now')).toHaveText('30.00');
    // Scrub back to 12 s: two requests decided in each lane.
    await w.getByTestId('scrubber').fill('12');
    await expect.poll(() => clockOf(w)).toBeCloseTo(12, 0);
    await expect(w.getByTestId('lane-main').locator('.decision-strip .strip-item')).toHaveCount(2);
    // Speed up, play, pause.
    await w.getByTestId('speed').fill('1'); // log10: 10x
    await expect(w.getByTestId('speed-value')).toHaveText('10×');
    await w.getByTestId('play-pause').click();
    await expect(w.getByTestId('play-pause')).toHaveAccessibleName('Pause');
    await expect.poll(() => clockOf(w), { timeout: 10_000 }).toBeGreaterThan(14);
    await w.getByTestId('play-pause').click();
    await expect(w.getByTestId('play-pause')).toHaveAccessibleName('Play');
    const paused = await clockOf(w);
    await page.waitForTimeout(500);
    expect(await clockOf(w)).toBe(paused);
    // The other widget on the page did not move.
    await expect(other.getByTestId('clock-now')).toHaveText(otherClock ?? '');
    // Keys inside the widget drive its clock: Home, End.
    await w.getByTestId('play-pause').focus();
    await page.keyboard.press('Home');
    await expect(w.getByTestId('clock-now')).toHaveText('0.00');
    await page.keyboard.press('End');
    await expect.poll(() => clockOf(w)).toBeGreaterThanOrEqual(40);
  });

  test('clicking a request shows its path and HTTP response', async ({ page }) => {
    const w = await firstWidget(page);
    await w
      .getByTestId('lane-main')
      .getByRole('button', { name: /Request 2 via server B/ })
      .click();
    await expect(w.getByTestId('widget-selected')).toContainText('Request 2');
    await expect(w.getByTestId('widget-selected')).toContainText('Admitted (200)');
    await expect(w.getByTestId('http-response')).toContainText('HTTP/1.1 200');
    await expect(w.locator('.widget-request')).toContainText('load balancer → server B');
    // The shared lane's 4th: a 429 with Retry-After and no-store.
    await w
      .getByTestId('lane-compare')
      .getByRole('button', { name: /Request 4 via server B/ })
      .click();
    await expect(w.getByTestId('http-response')).toContainText('HTTP/1.1 429');
    await expect(w.getByTestId('http-response')).toContainText('Retry-After: 30');
    await expect(w.getByTestId('http-response')).toContainText('Cache-Control: no-store');
  });

  test('“Open in the lab” carries both lanes, the time and the selection, and leads back', async ({
    page,
  }) => {
    const w = await firstWidget(page);
    await w.getByRole('button', { name: /Next: step to the next event/ }).click();
    await expect(w.getByTestId('clock-now')).toHaveText('40.00');
    await w
      .getByTestId('lane-compare')
      .getByRole('button', { name: /Request 5 via server A/ })
      .click();
    await w.getByTestId('open-in-lab').click();
    await expect(page.getByTestId('lab-page')).toBeVisible();
    await page.waitForFunction(() => window.rateLab?.version === 1);
    await expect(page.getByTestId('lab-page').getByTestId('clock-now').first()).toHaveText('40.00');
    const snap = await page.evaluate(() => window.rateLab!.snapshot());
    expect(snap.now).toBeCloseTo(40, 6);
    // Both lanes, as in the widget: 5 admitted locally, 3 + 2 denied shared.
    await expect(page.getByTestId('lane-main')).toBeVisible();
    await expect(page.getByTestId('lane-compare')).toBeVisible();
    const counts = await page.evaluate(() => {
      const n = (sel: string) =>
        [...document.querySelectorAll(sel)].map((e) => e.textContent?.trim());
      return {
        allowed: n(
          '[data-testid=lane-main] .o-allowed .num, [data-testid=lane-compare] .o-allowed .num',
        ),
        denied: n(
          '[data-testid=lane-main] .o-denied .num, [data-testid=lane-compare] .o-denied .num',
        ),
      };
    });
    expect(counts.allowed.sort()).toEqual(['3', '5']);
    expect(counts.denied.sort()).toEqual(['0', '2']);
    // The selected request came along.
    await expect(
      page.getByTestId('lane-compare').getByRole('button', { name: /Request 5 via server A/ }),
    ).toHaveAttribute('aria-pressed', 'true');
    // And the way back lands on that widget.
    const back = page.getByTestId('back-to-lesson');
    await expect(back).toHaveAttribute('href', `${LESSON}?lab=1`);
    await back.click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText(/two servers/i);
    await expect(page.locator('#lab-1')).toBeInViewport();
  });

  test('out of view a widget costs no frames; it plays on when scrolled back', async ({ page }) => {
    const w = await firstWidget(page);
    await w.scrollIntoViewIfNeeded();
    await w.getByTestId('scrubber').fill('0');
    await w.getByTestId('play-pause').click();
    await expect.poll(() => clockOf(w)).toBeGreaterThan(0.5);
    // Scroll it far out of view (the page's end).
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect(w).not.toBeInViewport();
    const stats = () =>
      page.evaluate(
        () => (window as unknown as { __labFrameStats: { frames: number } }).__labFrameStats.frames,
      );
    // Until the page has seen it leave (however long that takes on a busy machine), frames may
    // still be drawn: wait for a quiet 300 ms, then watch a whole second.
    await expect
      .poll(async () => {
        const f = await stats();
        await page.waitForTimeout(300);
        return (await stats()) - f;
      })
      .toBe(0);
    const f0 = await stats();
    const t0 = await clockOf(w);
    await page.waitForTimeout(1000);
    expect(await stats(), 'frames drawn while every playing widget is out of view').toBe(f0);
    expect(await clockOf(w)).toBe(t0);
    // Back in view, it moves again, from where it stopped.
    await w.scrollIntoViewIfNeeded();
    await expect.poll(() => clockOf(w)).toBeGreaterThan(t0);
    expect(await stats()).toBeGreaterThan(f0);
  });

  test('with reduced motion the scene is the stepped list (no moving dots)', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const w = await firstWidget(page);
    await expect(w.getByTestId('dots-main')).toBeHidden();
    // Stepping adds the decisions to the list, one per event.
    await w.getByTestId('scrubber').fill('0');
    await expect(w.getByTestId('lane-main').locator('.decision-strip .strip-item')).toHaveCount(1);
    await w.getByRole('button', { name: /Next: step to the next event/ }).click();
    await expect(w.getByTestId('lane-main').locator('.decision-strip .strip-item')).toHaveCount(2);
  });

  test('a lesson with four widgets: each has its own clock and only visible ones draw', async ({
    page,
  }) => {
    await gotoRoute(page, '#/lessons/fixed-window');
    const widgets = page.getByTestId('lab-widget');
    await expect(widgets).toHaveCount(4);
    for (const w of await widgets.all()) await expect(w.getByTestId('clock-now')).toBeVisible();
    // Play all four; measure how many stages the loop draws per frame.
    for (const w of await widgets.all()) {
      await w.scrollIntoViewIfNeeded();
      await w.getByTestId('play-pause').click();
    }
    const last = widgets.nth(3);
    await last.scrollIntoViewIfNeeded();
    const visible = await page.evaluate(
      () =>
        [...document.querySelectorAll('[data-testid=lab-widget]')].filter((e) => {
          const r = e.getBoundingClientRect();
          return r.bottom > -100 && r.top < innerHeight + 100;
        }).length,
    );
    const drawn = () =>
      page.evaluate(
        () => (window as unknown as { __labFrameStats: { stages: number } }).__labFrameStats.stages,
      );
    // Once the page has seen the scroll (however long that takes on a busy machine), a frame
    // draws only the widgets in view.
    await expect.poll(drawn).toBeGreaterThan(0);
    await expect.poll(drawn).toBeLessThanOrEqual(visible);
    expect(visible).toBeLessThan(4);
  });

  for (const slug of [
    'two-servers-one-budget',
    'token-bucket',
    'leaky-bucket-gcra',
    'limiter-failure',
  ])
    test(`${slug}: no scene label runs out of its box`, async ({ page }) => {
      await gotoRoute(page, `#/lessons/${slug}`);
      const widgets = page.getByTestId('lab-widget');
      await expect(widgets.first().getByTestId('clock-now')).toBeVisible();
      for (const w of await widgets.all()) {
        await w.scrollIntoViewIfNeeded();
        await w.getByRole('button', { name: /Next: step to the next event/ }).click();
        const cut = await w.evaluate((el) => {
          const out: string[] = [];
          // The balancer's name sits above its node on purpose (clear of the dots).
          for (const rect of el.querySelectorAll('svg.scene g:not(.lb) > rect.box')) {
            const g = rect.parentElement!;
            const r = rect.getBoundingClientRect();
            for (const t of g.querySelectorAll('text')) {
              const b = t.getBoundingClientRect();
              if (b.width === 0) continue;
              if (b.left < r.left - 1 || b.right > r.right + 1)
                out.push(
                  `“${t.textContent}” (${Math.round(b.left)}-${Math.round(b.right)} in ${Math.round(r.left)}-${Math.round(r.right)})`,
                );
            }
          }
          return out;
        });
        expect(cut, 'labels outside their box').toEqual([]);
      }
    });

  test('narrated steps move their widget: time, selected request, lane and caption', async ({
    page,
  }) => {
    const w = await firstWidget(page);
    const steps = page.getByTestId('steps').first();
    // On a phone the steps sit below the widget: a scene out of view is drawn when it comes back.
    const look = () => w.scrollIntoViewIfNeeded();
    await steps.getByTestId('step-next').click();
    await look();
    // Step 2: t = 10 s, request 2 on server B.
    await expect(w.getByTestId('clock-now')).toHaveText('10.00');
    await expect(w.getByTestId('play-pause')).toHaveAccessibleName('Play');
    await expect(w.getByTestId('widget-selected')).toContainText('Request 2');
    await expect(w.getByTestId('widget-step-caption')).toContainText('Step 2 of 6');
    await expect(w.getByTestId('widget-step-caption')).toContainText('Request 2 lands on B');
    // Step 4 is about the right lane's 429 (it asks for a prediction first: shown at once).
    await steps.getByRole('button', { name: /^Step 4,/ }).click();
    await steps.getByRole('button', { name: 'Just show me' }).click();
    await look();
    await expect(w.getByTestId('clock-now')).toHaveText('30.00');
    await expect(w.getByTestId('widget-selected')).toContainText('Request 4');
    await expect(w.getByTestId('widget-selected')).toContainText('Denied (429)');
    await expect(w.getByTestId('http-response')).toContainText('Retry-After: 30');
    // Step 5, the same request in the left lane: admitted there (asked first too).
    await steps.getByTestId('step-next').click();
    await steps.getByRole('button', { name: 'Just show me' }).click();
    await look();
    await expect(w.getByTestId('widget-selected')).toContainText('Admitted (200)');
    // Moving the scene by hand takes the step's caption away.
    await w.getByRole('button', { name: /Next: step to the next event/ }).click();
    await expect(w.getByTestId('widget-step-caption')).toHaveCount(0);
  });
});
