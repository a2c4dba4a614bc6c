// A lesson's live lab widgets, driven as a learner would: each opens paused at its first
// interesting moment, plays, pauses, steps, scrubs and changes speed on its own clock; a
// request shows its path and HTTP response; "Open in the lab" carries the exact state and a
// way back; out of view a widget costs no frames; with reduced motion it is the stepped list.
import { expect, LabView, type LessonsScreen, LessonsView, test } from './pages';

const LESSON = '#/lessons/two-servers-one-budget';

async function firstWidget(lessons: LessonsScreen): Promise<LabView> {
  await lessons.open(LESSON);
  const w = lessons.widget(0);
  await expect(w.clock).toBeVisible();
  // Its caption states an outcome, so it asks for a prediction first (e2e/predict-first.spec.ts).
  await w.skipPredict();
  return w;
}

const clockOf = (w: LabView) => w.now();

test.describe('lesson lab widgets', () => {
  test('opens paused at its first interesting moment, with that request selected', async ({
    lab,
    lessons,
  }) => {
    const w = await firstWidget(lessons);
    // Five requests 10 s apart: the 4th (t = 30) is where the lanes first differ.
    await expect(w.playPause).toHaveAccessibleName('Play');
    await expect(w.clock).toHaveText('30.00');
    await expect(w.el('widgetSelected')).toContainText('Request 4');
    await expect(w.el('widgetSelected')).toContainText('Denied (429)');
    // The local lane's 4th admission is marked over the limit.
    await expect(w.lane('main').getByRole('button', { name: /over the limit of 3/ })).toHaveCount(
      1,
    );
    // It stays there: nothing moves without the learner (a playing clock moves every frame).
    await lab.frames(36);
    await expect(w.clock).toHaveText('30.00');
  });

  test('play, pause, step, scrub and speed move only this widget’s clock', async ({
    page,
    lab,
    lessons,
  }) => {
    const w = await firstWidget(lessons);
    const other = lessons.widget(1);
    const otherClock = await other.clock.textContent();
    // Step forward and back between events.
    await w.stepNext.click();
    await expect(w.clock).toHaveText('40.00');
    await w.stepBack.click();
    await expect(w.clock).toHaveText('30.00');
    // Scrub back to 12 s: two requests decided in each lane.
    await w.el('scrubber').fill('12');
    await expect.poll(() => clockOf(w)).toBeCloseTo(12, 0);
    await expect(w.stripItems('main')).toHaveCount(2);
    // Speed up, play, pause.
    await w.el('speed').fill('1'); // log10: 10x
    await expect(w.el('speedValue')).toHaveText('10×');
    await w.playPause.click();
    await expect(w.playPause).toHaveAccessibleName('Pause');
    await expect.poll(() => clockOf(w), { timeout: 10_000 }).toBeGreaterThan(14);
    await w.playPause.click();
    await expect(w.playPause).toHaveAccessibleName('Play');
    const paused = await clockOf(w);
    await lab.frames(30);
    expect(await clockOf(w)).toBe(paused);
    // The other widget on the page did not move.
    await expect(other.clock).toHaveText(otherClock ?? '');
    // Keys inside the widget drive its clock: Home, End.
    await w.playPause.focus();
    await page.keyboard.press('Home');
    await expect(w.clock).toHaveText('0.00');
    await page.keyboard.press('End');
    await expect.poll(() => clockOf(w)).toBeGreaterThanOrEqual(40);
  });

  test('clicking a request shows its path and HTTP response', async ({ lessons }) => {
    const w = await firstWidget(lessons);
    await w.request(2, 'B').click();
    await expect(w.el('widgetSelected')).toContainText('Request 2');
    await expect(w.el('widgetSelected')).toContainText('Admitted (200)');
    await expect(w.http).toContainText('HTTP/1.1 200');
    await expect(w.root.locator('.widget-request')).toContainText('load balancer → server B');
    // The shared lane's 4th: a 429 with Retry-After and no-store.
    await w.request(4, 'B', 'compare').click();
    await expect(w.http).toContainText('HTTP/1.1 429');
    await expect(w.http).toContainText('Retry-After: 30');
    await expect(w.http).toContainText('Cache-Control: no-store');
  });

  test('“Open in the lab” carries both lanes, the time and the selection, and leads back', async ({
    page,
    lab,
    lessons,
  }) => {
    const w = await firstWidget(lessons);
    await w.stepNext.click();
    await expect(w.clock).toHaveText('40.00');
    await w.request(5, 'A', 'compare').click();
    await new LessonsView(w.root).el('openInLab').click();
    await expect(lab.el('labPage')).toBeVisible();
    await page.waitForFunction(() => window.rateLab?.version === 1);
    await expect(new LabView(lab.el('labPage')).clock.first()).toHaveText('40.00');
    const snap = await lab.snapshot();
    expect(snap.now).toBeCloseTo(40, 6);
    // Both lanes, as in the widget: 5 admitted locally, 3 + 2 denied shared.
    await expect(lab.lane('main')).toBeVisible();
    await expect(lab.lane('compare')).toBeVisible();
    const nums = async (outcome: string) =>
      (
        await Promise.all(
          (['main', 'compare'] as const).map((l) =>
            lab.lane(l).locator(`.o-${outcome} .num`).allTextContents(),
          ),
        )
      )
        .flat()
        .map((t) => t.trim());
    const counts = { allowed: await nums('allowed'), denied: await nums('denied') };
    expect(counts.allowed.sort()).toEqual(['3', '5']);
    expect(counts.denied.sort()).toEqual(['0', '2']);
    // The selected request came along.
    await expect(lab.request(5, 'A', 'compare')).toHaveAttribute('aria-pressed', 'true');
    // And the way back lands on that widget.
    const back = lessons.el('backToLesson');
    await expect(back).toHaveAttribute('href', `${LESSON}?lab=1`);
    await back.click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText(/two servers/i);
    await expect(page.locator('#lab-1')).toBeInViewport();
  });

  test('out of view a widget costs no frames; it plays on when scrolled back', async ({
    page,
    lab,
    lessons,
  }) => {
    const w = await firstWidget(lessons);
    const box = lessons.widgets.first();
    await box.scrollIntoViewIfNeeded();
    await w.el('scrubber').fill('0');
    await w.playPause.click();
    await expect.poll(() => clockOf(w)).toBeGreaterThan(0.5);
    // Scroll it far out of view (the page's end).
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect(box).not.toBeInViewport();
    const stats = async () => (await lab.frameStats()).frames;
    // Until the page has seen it leave (however long that takes on a busy machine), frames may
    // still be drawn: wait for a quiet run of frames, then watch a longer one. The page's own
    // animation frames keep coming: a playing stage in view would be drawn on each.
    await expect
      .poll(async () => {
        const f = await stats();
        await lab.frames(18);
        return (await stats()) - f;
      })
      .toBe(0);
    const f0 = await stats();
    const t0 = await clockOf(w);
    await lab.frames(60);
    expect(await stats(), 'frames drawn while every playing widget is out of view').toBe(f0);
    expect(await clockOf(w)).toBe(t0);
    // Back in view, it moves again, from where it stopped.
    await box.scrollIntoViewIfNeeded();
    await expect.poll(() => clockOf(w)).toBeGreaterThan(t0);
    expect(await stats()).toBeGreaterThan(f0);
  });

  test('with reduced motion the scene is the stepped list (no moving dots)', async ({
    page,
    lessons,
  }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const w = await firstWidget(lessons);
    await expect(new LessonsView(w.root).el('dotsMain')).toBeHidden();
    // Stepping adds the decisions to the list, one per event.
    await w.el('scrubber').fill('0');
    await expect(w.stripItems('main')).toHaveCount(1);
    await w.stepNext.click();
    await expect(w.stripItems('main')).toHaveCount(2);
  });

  test('a lesson with four widgets: each has its own clock and only visible ones draw', async ({
    lab,
    lessons,
  }) => {
    await lessons.open('#/lessons/fixed-window');
    const widgets = lessons.widgets;
    await expect(widgets).toHaveCount(4);
    for (const w of await widgets.all()) await expect(new LabView(w).clock).toBeVisible();
    // Play all four; measure how many stages the loop draws per frame.
    for (const w of await widgets.all()) {
      await w.scrollIntoViewIfNeeded();
      await new LabView(w).playPause.click();
    }
    const last = widgets.nth(3);
    await last.scrollIntoViewIfNeeded();
    const visible = await widgets.evaluateAll(
      (all) =>
        all.filter((e) => {
          const r = e.getBoundingClientRect();
          return r.bottom > -100 && r.top < innerHeight + 100;
        }).length,
    );
    const drawn = async () => (await lab.frameStats()).stages;
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
    test(`${slug}: no scene label runs out of its box`, async ({ lessons }) => {
      await lessons.open(`#/lessons/${slug}`);
      const widgets = lessons.widgets;
      await expect(lessons.widget(0).clock).toBeVisible();
      for (const w of await widgets.all()) {
        await w.scrollIntoViewIfNeeded();
        await new LabView(w).stepNext.click();
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
    lessons,
  }) => {
    const w = await firstWidget(lessons);
    const steps = new LessonsView(lessons.el('steps').first());
    // On a phone the steps sit below the widget: a scene out of view is drawn when it comes back.
    const look = () => lessons.widgets.first().scrollIntoViewIfNeeded();
    await steps.el('stepNext').click();
    await look();
    // Step 2: t = 10 s, request 2 on server B.
    await expect(w.clock).toHaveText('10.00');
    await expect(w.playPause).toHaveAccessibleName('Play');
    await expect(w.el('widgetSelected')).toContainText('Request 2');
    await expect(w.el('widgetStepCaption')).toContainText('Step 2 of 6');
    await expect(w.el('widgetStepCaption')).toContainText('Request 2 lands on B');
    // Step 4 is about the right lane's 429 (it asks for a prediction first: shown at once).
    await steps.root.getByRole('button', { name: /^Step 4,/ }).click();
    await steps.root.getByRole('button', { name: 'Just show me' }).click();
    await look();
    await expect(w.clock).toHaveText('30.00');
    await expect(w.el('widgetSelected')).toContainText('Request 4');
    await expect(w.el('widgetSelected')).toContainText('Denied (429)');
    await expect(w.http).toContainText('Retry-After: 30');
    // Step 5, the same request in the left lane: admitted there (asked first too).
    await steps.el('stepNext').click();
    await steps.root.getByRole('button', { name: 'Just show me' }).click();
    await look();
    await expect(w.el('widgetSelected')).toContainText('Admitted (200)');
    // Moving the scene by hand takes the step's caption away.
    await w.stepNext.click();
    await expect(w.el('widgetStepCaption')).toHaveCount(0);
  });
});
