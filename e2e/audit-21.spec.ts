// The lab bugs of issue 21's audit list, checked as a user sees them (one test per item).
import { templateById } from '../src/core/playground/templates';
import { stepBudgetText } from '../src/core/lua/budget';
import type { Page } from '@playwright/test';
import {
  EditorScreen,
  expect,
  LabView,
  Monaco,
  PresentView,
  ProductionView,
  RaceView,
  test,
  WORKED,
} from './pages';

async function openEditor(page: Page) {
  await page.goto('./#/editor');
  await expect(new Monaco(page).readyMark).toBeVisible({ timeout: 20_000 });
  await expect(new EditorScreen(page).el('runAllowed')).toBeVisible({ timeout: 20_000 });
}

async function setScript(page: Page, text: string) {
  await page.locator('.monaco-editor .view-lines').first().click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(text);
}

test.describe('lab audit (issue 21)', () => {
  test('10: one step budget, said one way; long code lines wrap', async ({ page, editor }) => {
    await openEditor(page);
    // The scene's store box shows the template's keys in full, inside the box.
    const store = page.locator('g.store').first();
    await expect(store.locator('.sv-keys-text')).toContainText(/tokens=[\d.]+ stamp=/);
    const outside = await store.evaluate((g) => {
      const box = g.querySelector('rect.store-box')!.getBoundingClientRect();
      return [...g.querySelectorAll('.sv-keys-text span')].filter(
        (s) => s.getBoundingClientRect().right > box.right + 0.5,
      ).length;
    });
    expect(outside).toBe(0);
    const long = `-- ${'a long comment that keeps going '.repeat(8)}`;
    await setScript(page, `${long}\nwhile true do end`);
    // The long line wraps inside the code column: no sideways scrolling, more rows than lines.
    const lines = page.locator('.monaco-editor .view-line');
    await expect.poll(() => lines.count()).toBeGreaterThan(2);
    const overflow = await page
      .locator('.monaco-editor')
      .first()
      .evaluate((ed) => {
        const right = ed.getBoundingClientRect().right;
        return [...ed.querySelectorAll('.view-line > span')].filter(
          (l) => l.getBoundingClientRect().right > right + 1,
        ).length;
      });
    expect(overflow).toBe(0);
    await editor.el('run').click();
    const notice = editor.el('runaway');
    await expect(notice).toBeVisible({ timeout: 20_000 });
    await expect(notice).toContainText(`used up the budget of ${stepBudgetText()}`);
    await expect(notice).not.toContainText('time budget');
    const trace = editor.el('problemError').first();
    await expect(trace).toContainText(stepBudgetText());
  });

  test("10: the store box's Lua key values wrap inside the box", async ({ lab }) => {
    await lab.open();
    await lab.load({
      algorithm: 'lua',
      params: {
        script: templateById('token-bucket')!.source,
        keys: ['rl:{key}'],
        args: ['3', '1', '{cost}'],
      },
      placement: 'shared',
      requests: [{ at: 0 }, { at: 0.5 }, { at: 1.25 }],
    });
    await lab.advance(2);
    const store = lab.inLane().el('sharedStore');
    await expect(store.locator('.sv-keys')).toBeVisible();
    const fit = await store.evaluate((g) => {
      const box = g.querySelector('rect.store-box')!.getBoundingClientRect();
      const keys = g.querySelector('.sv-keys-text')!;
      const spans = [...keys.querySelectorAll('span')];
      return {
        text: keys.textContent ?? '',
        outside: spans.filter((s) => s.getBoundingClientRect().right > box.right + 0.5).length,
        sideways: keys.scrollWidth > keys.clientWidth + 1,
      };
    });
    expect(fit).toMatchObject({ outside: 0, sideways: false });
    const all = fit.text;
    expect(all).toMatch(/tokens=[\d.]+/);
    expect(all).not.toContain('…');
  });

  test('1: a 503 is not an admission over the limit', async ({ page, lab }) => {
    await lab.open();
    // Failing closed while the store is down for requests 2 and 3: the shared counter admits
    // 1, 4 and 5, three of a limit of 3.
    await lab.load(
      WORKED('shared', {
        failureMode: 'fail-closed',
        store: { outages: [{ from: 1.5, to: 3.5 }] },
      }),
    );
    await lab.advance(10);
    const snap = await lab.snapshot();
    expect([snap.allowed, snap.unavailable]).toEqual([3, 2]);
    await expect(lab.allowedCount.first()).toHaveText('3');
    await expect(lab.inLane().el('overCount')).toHaveCount(0);
    await expect(lab.lane().getByRole('button', { name: /over the limit/ })).toHaveCount(0);
    await expect(page.getByText(/of “One shared counter” (is|are) over the limit/)).toHaveCount(0);
    // Local counters still mark what one counter would have refused.
    await lab.load(WORKED('local'));
    await lab.advance(10);
    await expect(lab.inLane().el('overCount')).toHaveText('2');
  });

  test('8: an admission over the limit says so, with the local server as its limiter', async ({
    page,
    lab,
  }) => {
    await lab.open();
    await lab.load(WORKED('shared'));
    await lab.advance(10);
    await lab.showPanel('Request');
    // The comparison lane keeps a counter in each server: request 4 (via B) is over the limit.
    await lab.selectRequest(4, 'B', 'compare');
    const req = lab.el('selectedRequest');
    await expect(req.locator('.req-outcome')).toContainText('Admitted (200) · over the limit of 3');
    const note = lab.el('overLimitNote');
    await expect(note).toContainText('admitted beyond the policy, 3 per 60 s');
    await expect(note).toContainText('by 1 (extra admission 1 of 2 in this lane)');
    await expect(page.locator('#state-h')).toHaveText('Limiter state: Server B');
    // Request 5 is the second one over; request 3 (within the limit) has no note.
    await lab.selectRequest(5, 'A', 'compare');
    await expect(note).toContainText('by 2 (extra admission 2 of 2');
    await expect(page.locator('#state-h')).toHaveText('Limiter state: Server A');
    await lab.selectRequest(3, 'A', 'compare');
    await expect(note).toHaveCount(0);
    // The shared lane's requests show the store.
    await lab.selectRequest(3, 'A', 'main');
    await expect(page.locator('#state-h')).toHaveText('Limiter state: Shared store');
  });

  test("2: a step's caption stays with its lesson", async ({ page, lessons }) => {
    await page.goto('./#/lessons/two-servers-one-budget');
    const steps = lessons.el('steps').first();
    await steps.getByRole('button', { name: /^Step 3,/ }).click();
    const w = new LabView(lessons.widgets.first());
    await expect(w.el('widgetStepCaption')).toContainText('Step 3 of 6');
    await lessons.el('nextLesson').click();
    await expect(page).toHaveURL(/#\/lessons\/what-a-limit-counts/);
    const next = new LabView(lessons.widgets.first());
    await expect(next.clock).toBeVisible();
    await expect(next.el('widgetStepCaption')).toHaveCount(0);
    await expect(page.getByText(/Step 3 of 6/)).toHaveCount(0);
  });

  test('9: "Break it: add latency" plays, and the lanes say so', async ({ page, lab }) => {
    await lab.open();
    await lab.pause();
    await lab.el('breakIt').click();
    await expect(lab.playPause.first()).toHaveAccessibleName('Pause');
    // Before the first decision, no lane asks for the play it already has.
    await expect(page.getByText(/press play/i)).toHaveCount(0);
    const empty = lab.inLane().el('stripEmpty');
    if ((await lab.snapshot()).decisions.length === 0)
      await expect(empty).toHaveText('No decisions yet: the first request is on its way.');
    // And the run it plays has the latency: decisions come, later than without it.
    await lab.pause();
    await lab.advance(10);
    await expect(empty).toHaveCount(0);
    expect((await lab.snapshot()).decisions.length).toBeGreaterThan(0);
    // Paused at the start, the strip asks for play again.
    await lab.reset();
    await expect(empty).toHaveText('No decisions yet: press play or step.');
  });

  test('4: each route opens at its top, and Back returns to where you were', async ({
    page,
    lab,
    editor,
  }) => {
    const y = () => page.evaluate(() => Math.round(window.scrollY));
    const scrollTo = (to: number) =>
      page.evaluate((v) => {
        const max = document.documentElement.scrollHeight - window.innerHeight;
        window.scrollTo(0, Math.min(v, max));
        return Math.round(window.scrollY);
      }, to);
    const nav = (name: string) =>
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name }).click();
    await openEditor(page);
    const inEditor = await scrollTo(600);
    expect(inEditor).toBeGreaterThan(200);
    await nav('Lab');
    await expect(lab.el('labPage')).toBeVisible();
    await expect.poll(y).toBe(0);
    const inLab = await scrollTo(900);
    expect(inLab).toBeGreaterThan(200);
    await nav('Races');
    await expect(page).toHaveURL(/#\/races/);
    await expect.poll(y).toBe(0);
    await page.goBack();
    await expect(lab.el('labPage')).toBeVisible();
    // Restored to where it was, give or take a late layout shift of a few pixels.
    await expect.poll(async () => Math.abs((await y()) - inLab)).toBeLessThanOrEqual(8);
    await page.goBack();
    await expect(editor.monaco.readyMark).toBeVisible({ timeout: 20_000 });
    await expect.poll(async () => Math.abs((await y()) - inEditor)).toBeLessThanOrEqual(8);
  });

  test('12: a script round trip reads short, and Redis sits after every server', async ({
    page,
    present,
    races,
  }) => {
    await page.goto('./#/present/deck/make-it-atomic?step=8');
    const turn = present.el('stageRaceTurn');
    await expect(turn).toContainText('advance to play the first');
    await page.keyboard.press('ArrowRight');
    await expect(turn).toContainText('Round trip 1 of 3');
    await expect(turn).toContainText(/sent EVAL «script, \d+ lines» 1 count:client 3/);
    await expect(turn).not.toContainText('redis.call');
    // The three-server puzzle: A, B, C, then Redis, in the page's order and on the screen.
    await page.goto('./#/races/three-servers-one-slot');
    const board = races.board;
    await expect(new RaceView(board).el('raceStore')).toBeVisible();
    const order = await races.boardOrder();
    expect(order).toEqual(['race-server-0', 'race-server-1', 'race-server-2', 'race-store']);
    const boxes = await board.evaluate((b) =>
      [...b.children].map((c) => {
        const r = c.getBoundingClientRect();
        return { x: Math.round(r.x), y: Math.round(r.y) };
      }),
    );
    const store = boxes[3]!;
    for (const s of boxes.slice(0, 3)) expect(store.x > s.x || store.y > s.y).toBe(true);
  });

  test('6: the presenter keeps the lab lanes’ sides; scene labels are readable', async ({
    page,
    lab,
  }) => {
    // The smallest scene label, in screen pixels (its font size times the drawing's scale).
    const smallest = () =>
      page.evaluate(() =>
        Math.min(
          ...[...document.querySelectorAll('svg.scene text')]
            .filter((t) => (t.textContent ?? '').trim() !== '')
            .map((t) => {
              const m = (t as SVGTextElement).getScreenCTM();
              const scale = m ? Math.hypot(m.a, m.b) : 1;
              return parseFloat(getComputedStyle(t).fontSize) * scale;
            }),
        ),
      );
    const sides = () =>
      lab.lanes.evaluateAll((all) =>
        all
          .map((l) => ({
            x: l.getBoundingClientRect().x,
            y: l.getBoundingClientRect().y,
            title: l.querySelector('h2, h3, .lane-title')?.textContent ?? l.textContent ?? '',
          }))
          .sort((a, b) => a.y - b.y || a.x - b.x)
          .map((l) => (/Counter in each server/.test(l.title) ? 'local' : 'shared')),
      );
    await lab.open();
    await lab.load(WORKED('shared'));
    await lab.advance(10);
    await expect(lab.lane('compare')).toBeVisible();
    expect(await sides()).toEqual(['local', 'shared']);
    const onLab = await smallest();
    expect(onLab).toBeGreaterThanOrEqual(12);
    const present = page.getByRole('link', { name: 'Present', exact: true });
    await present.focus();
    await page.goto(`./${(await present.getAttribute('href'))!}`);
    await expect(new PresentView(page).el('roomScene')).toBeVisible();
    await expect(lab.lanes).toHaveCount(2);
    expect(await sides()).toEqual(['local', 'shared']);
    // (The scene picks its layout from the lane's observed width, a frame or two after load.)
    await expect.poll(smallest).toBeGreaterThanOrEqual(Math.min(onLab, 12) - 0.05);
  });

  test('7: on a phone the run waits for its scene, a tap opens the request, tabs fit', async ({
    page,
    lab,
  }) => {
    const phone = page.viewportSize()!.width < 720;
    await lab.open();
    // The first view asks for a prediction before it plays (e2e/predict-first.spec.ts).
    await page
      .getByRole('group', { name: /^Predict/ })
      .getByRole('button', { name: 'Just show me' })
      .click();
    const playPause = lab.playPause.first();
    const scene = page.locator('.lab-lanes svg.scene').first();
    if (phone) {
      // The scene starts below the intro: the opening play waits for it, nothing decided yet.
      await expect(playPause).toHaveAccessibleName('Play');
      expect((await lab.snapshot()).decisions).toEqual([]);
      await scene.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    }
    await expect(playPause).toHaveAccessibleName('Pause');
    await expect.poll(async () => (await lab.snapshot()).decisions.length).toBeGreaterThan(0);

    // A tapped decision opens its details.
    await lab.load(WORKED('shared'));
    await lab.advance(10);
    const strip = lab
      .lane('compare')
      .getByRole('button', { name: /^Request 4 via server B over the limit/ });
    await strip.scrollIntoViewIfNeeded();
    await strip.click();
    const details = lab.el('selectedRequest');
    await expect(details).toContainText('Request 4');
    if (phone) {
      await expect(details).toBeInViewport();
      await expect(page.getByRole('tab', { name: 'Request' })).toHaveAttribute(
        'aria-selected',
        'true',
      );
      // Every tab label sits on one line, and the tabs fit the screen.
      const tabs = await page.getByRole('tab').evaluateAll((els) =>
        els.map((el) => {
          const range = document.createRange();
          range.selectNodeContents(el);
          const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
          return {
            text: el.textContent,
            lines: lines.size,
            right: el.getBoundingClientRect().right,
          };
        }),
      );
      expect(tabs.map((t) => t.text)).toEqual(['Controls', 'Request', 'Production', 'Charts']);
      for (const t of tabs) expect(t, `${t.text} on one line`).toMatchObject({ lines: 1 });
      expect(Math.max(...tabs.map((t) => t.right))).toBeLessThanOrEqual(page.viewportSize()!.width);
    }
  });

  test('5: the Signals panel follows the clock', async ({ page, lab }) => {
    await lab.open();
    // The worked example, shared: 3 admitted, then 2 refused (at 4 s and 5 s).
    await lab.load(WORKED('shared'));
    await lab.advance(4.5);
    const snap = await lab.snapshot();
    const decided = snap.decisions.length;
    expect([decided, snap.denied]).toEqual([4, 1]);
    await lab.showPanel('Production');
    const panel = new ProductionView(page).el('signalsPanel');
    const signals = new ProductionView(panel);
    await panel.scrollIntoViewIfNeeded();
    // As of the clock, not the whole run's 5 decisions and 40%.
    await expect(signals.el('sigDecisions')).toHaveText(String(decided));
    await expect(signals.el('sig429')).toHaveText(`${(snap.denied / decided) * 100}%`);
    await expect(signals.el('sigAsOf')).toContainText(`${snap.now} s`);
    await lab.advance(10);
    await expect(signals.el('sigDecisions')).toHaveText('5');
    await expect(signals.el('sig429')).toHaveText('40%');
  });

  test('11: practice feedback counts agree with the summary, explain (N), and lead with the crash', async ({
    page,
    practice,
  }) => {
    // The INCR/EXPIRE starter is graded: the failure shown is the crash the problem is about.
    await page.goto('./#/practice/fix-incr-then-expire');
    await practice.el('grade').click();
    const result = practice.el('gradeResult');
    await expect(result).toHaveAttribute('data-passed', 'false', { timeout: 20_000 });
    const summary = (await result.locator('p').first().textContent())!;
    const [, k, total] = /Failed on hidden case (\d+) of (\d+): .*crash/.exec(summary)!;
    const count = practice.el('caseCount');
    await expect(count).toContainText(
      `${Number(k) - 1} passed, 1 failed, ${Number(total) - Number(k)} not run yet (of ${total})`,
    );
    await expect(count).toContainText('stops at the first failure');
    await expect(practice.el('gradeFailure')).toContainText('has no expiry');
    await expect(practice.el('gradeFailure')).not.toContainText('Retry-After');

    // A case named "(N+1)" fails: what N means is said beside the cases.
    await page.goto('./#/practice/configure-burst-and-sustain');
    await practice.field('params.capacity').fill('21');
    await practice.field('params.refillPerSecond').fill('5');
    await practice.el('grade').click();
    await expect(result).toHaveAttribute('data-passed', 'false', { timeout: 20_000 });
    await expect(practice.el('caseLegend')).toContainText('N is the limit');
  });
});
