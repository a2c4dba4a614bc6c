// Interview mode on two screens: the interviewer's window and the candidate's screen, two pages
// of one browser context kept in step through BroadcastChannel. The candidate's screen never
// shows the interviewer's view; the session clock runs once for the session; the scorecard
// downloads as Markdown and JSON; either window survives a reload; full storage is reported.
import { readFile } from 'node:fs/promises';
import type { BrowserContext, Page } from '@playwright/test';
import {
  expect,
  gotoRoute,
  guardPage,
  InterviewView,
  LabView,
  RaceView,
  type Root,
  test,
} from './pages';

const PICK = ['per-process-limiter', 'token-lease-protocol', 'check-then-increment'];

/** The fixture guards `page`; a second page gets the same guard: no network, no console error. */
async function openGuarded(context: BrowserContext, hash: string) {
  const p = await context.newPage();
  const problems = await guardPage(p, ['127.0.0.1', 'localhost']);
  await gotoRoute(p, hash);
  return { p, problems };
}

/** The interview's, the race scheduler's and the lab's elements under a page or a region. */
const iv = (root: Root) => new InterviewView(root);
const rv = (root: Root) => new RaceView(root);

/** The start of every clocked test; the clock then stands still until the test moves it. */
const T0 = new Date('2026-03-02T10:00:00Z');

/**
 * Installs the page's fake clock and pauses it, so time moves only by the test's fastForward:
 * no real time leaks in however busy the machine is, and each clock reads exactly what the test
 * moved it by.
 */
async function pauseClock(context: BrowserContext) {
  await context.clock.install({ time: T0 });
  await context.clock.pauseAt(new Date(T0.getTime() + 1000));
}

/** A clock reads the expected time (up to `slack` seconds more, none by default). */
async function expectClock(el: import('@playwright/test').Locator, mmss: string, slack = 0) {
  const [m, s] = mmss.split(':').map(Number) as [number, number];
  const want = m * 60 + s;
  await expect(async () => {
    const [mm, ss] = ((await el.textContent()) ?? '').split(':').map(Number) as [number, number];
    const got = mm * 60 + ss;
    expect(got).toBeGreaterThanOrEqual(want);
    expect(got).toBeLessThanOrEqual(want + slack);
  }).toPass({ timeout: 10_000 });
}

async function startSession(host: Page, pick = PICK) {
  await gotoRoute(host, '#/interview/host');
  for (const id of pick) await iv(host).pick(id).check();
  await expect(iv(host).el('hostOrder').locator('li')).toHaveCount(pick.length);
  await iv(host).el('candidateName').fill('Ada');
  await iv(host).el('startSession').click();
  await expect(iv(host).el('hostPage')).toHaveAttribute('data-state', 'running');
}

test.describe('an interview on two screens', () => {
  test('both windows drive, the clock belongs to the session, the candidate sees only the question', async ({
    page,
    context,
    interview,
  }) => {
    await pauseClock(context);
    await startSession(page);
    const cand = await openGuarded(context, '#/interview/candidate');
    const candidate = cand.p;
    const hostTitle = interview.el('hostQuestionTitle');
    const candTitle = iv(candidate).el('candidateQuestion');
    await expect(candTitle).toHaveText((await hostTitle.textContent()) ?? '');
    await expect(iv(candidate).el('candidatePosition')).toHaveText('Question 1 of 3');

    // Nothing of the interviewer's view reaches the candidate's screen.
    const answer = (await interview.el('hostAnswer').locator('p').first().innerText()).slice(0, 60);
    expect(answer.length).toBeGreaterThan(20);
    const rubric = await page.locator('.host-rubric li').first().innerText();
    const candText = await candidate.locator('main').innerText();
    expect(candText).not.toContain(answer);
    expect(candText).not.toContain(rubric.trim());
    await expect(candidate.getByRole('timer')).toHaveCount(0);
    await expect(candidate.getByText(/reasoned answer|rubric|listen for|notes/i)).toHaveCount(0);

    // The session clock and this question's time.
    await context.clock.fastForward('01:30');
    await expectClock(interview.el('sessionClock'), '01:30');
    await expectClock(interview.el('questionClock'), '01:30');

    // The interviewer moves on: the candidate follows.
    await interview.el('hostNext').click();
    await expect(iv(candidate).el('candidatePosition')).toHaveText('Question 2 of 3');
    await expect(candTitle).toHaveText((await hostTitle.textContent()) ?? '');
    await expectClock(interview.el('questionClock'), '00:00');
    await context.clock.fastForward('00:30');
    await expectClock(interview.el('sessionClock'), '02:00');

    // The candidate moves on: the interviewer follows (button, then keys).
    await iv(candidate).el('candidateNext').click();
    await expect(interview.el('hostQuestionTitle')).toHaveText(
      (await candTitle.textContent()) ?? '',
    );
    await expect(interview.agenda(3)).toHaveAttribute('aria-current', 'step');
    await candidate.keyboard.press('ArrowLeft');
    await candidate.keyboard.press('ArrowLeft');
    await expect(interview.agenda(1)).toHaveAttribute('aria-current', 'step');
    // Back on question 1, its time carries on from 01:30; the session clock never restarted.
    await expectClock(interview.el('questionClock'), '01:30');
    await context.clock.fastForward('00:10');
    await expectClock(interview.el('questionClock'), '01:40');
    await expectClock(interview.el('sessionClock'), '02:10');
    await page.screenshot({ path: 'test-results/shots/interview-host-1440.png', fullPage: true });
    expect(cand.problems).toEqual([]);
  });

  test('rubric, follow-ups and notes go into the scorecard, as Markdown and JSON', async ({
    page,
    context,
    interview,
  }) => {
    await pauseClock(context);
    await startSession(page);
    await interview.rubric(0).check();
    await interview.rubric(2).check();
    await interview.el('askFollowUp').click();
    await expect(interview.el('followUpAsked')).toHaveCount(1);
    await interview.el('questionNotes').fill('Named the multiplication at once.');
    await context.clock.fastForward('03:00');
    await interview.el('hostNext').click();
    await context.clock.fastForward('02:00');
    await interview.el('overallNotes').fill('Solid on fundamentals.');
    await interview.el('endSession').click();
    await expect(interview.el('hostPage')).toHaveAttribute('data-state', 'ended');
    await expect(interview.el('scorecard')).toContainText(/2 questions in 05:[01]\d/);

    const [md] = await Promise.all([
      page.waitForEvent('download'),
      interview.el('downloadMd').click(),
    ]);
    expect(md.suggestedFilename()).toMatch(/^interview-scorecard-.*\.md$/);
    const text = await readFile((await md.path())!, 'utf8');
    expect(text).toContain('# Interview scorecard: Ada');
    expect(text).toMatch(/- Duration: 05:[01]\d/);
    expect(text).toMatch(/## 1\. .+\n\nTime: 03:[01]\d · rubric 2 of \d/);
    expect(text).toContain('> Named the multiplication at once.');
    expect(text).toContain('## Not reached');
    expect(text).toContain('> Solid on fundamentals.');

    const [js] = await Promise.all([
      page.waitForEvent('download'),
      interview.el('downloadJson').click(),
    ]);
    const card = JSON.parse(await readFile((await js.path())!, 'utf8'));
    expect(card.format).toBe('rate-limit-lab/interview-scorecard');
    expect(card.durationSeconds).toBeGreaterThanOrEqual(300);
    expect(card.durationSeconds).toBeLessThanOrEqual(301);
    expect(card.questions.map((q: { id: string }) => q.id)).toEqual(PICK.slice(0, 2));
    expect(card.questions[0].timeSeconds).toBeGreaterThanOrEqual(180);
    expect(card.questions[0].timeSeconds).toBeLessThanOrEqual(181);
    expect(card.questions[0].rubricMet).toBe(2);
    expect(card.questions[0].followUpsAsked).toHaveLength(1);
    expect(card.questions[1].timeSeconds).toBeGreaterThanOrEqual(120);
    expect(card.questions[1].timeSeconds).toBeLessThanOrEqual(121);
    const sum = card.questions[0].timeSeconds + card.questions[1].timeSeconds;
    expect(Math.abs(sum - card.durationSeconds)).toBeLessThanOrEqual(1);
    expect(card.notReached.map((q: { id: string }) => q.id)).toEqual([PICK[2]]);
    expect(card.notes).toBe('Solid on fundamentals.');
  });

  test('a 45-minute session on the suggested set, with the race scheduler on the candidate side', async ({
    page,
    context,
    interview,
  }) => {
    // Eight questions on two pages of a busy machine: longer than one question's test.
    test.setTimeout(120_000);
    await pauseClock(context);
    await gotoRoute(page, '#/interview/host');
    await interview.el('suggestedSet').click();
    const n = await interview.el('hostOrder').locator('li').count();
    expect(n).toBeGreaterThanOrEqual(6);
    // Reorder: the third question first (the interviewer's order is the session's).
    const items = interview.el('hostOrder').locator('li');
    const label = await items
      .nth(2)
      .getByRole('button', { name: /earlier/ })
      .getAttribute('aria-label');
    const third = /"(.+)"/.exec(label ?? '')![1]!;
    await items
      .nth(2)
      .getByRole('button', { name: /earlier/ })
      .click();
    await items
      .nth(1)
      .getByRole('button', { name: /earlier/ })
      .click();
    await expect(items.first()).toContainText(third);
    await interview.el('candidateName').fill('Grace');
    await interview.el('startSession').click();
    const cand = await openGuarded(context, '#/interview/candidate');
    const candidate = cand.p;
    await expect(interview.el('hostQuestionTitle')).toHaveText(third);
    const per = Math.floor((45 * 60) / n);
    let raced = false;
    for (let k = 0; k < n; k++) {
      await expect(iv(candidate).el('candidatePosition')).toHaveText(`Question ${k + 1} of ${n}`);
      await expect(iv(candidate).el('candidateQuestion')).toHaveText(
        (await interview.el('hostQuestionTitle').textContent()) ?? '',
      );
      await interview.rubric(0).check();
      await interview.el('askFollowUp').click();
      await interview.el('questionNotes').fill(`Note on question ${k + 1}.`);
      // Nothing of the interviewer's window on the candidate's screen.
      const rubric = (await page.locator('.host-rubric li').first().innerText()).trim();
      const asked = (await interview.el('followUpAsked').first().innerText()).trim();
      const candText = await candidate.locator('main').innerText();
      expect(candText).not.toContain(rubric);
      expect(candText).not.toContain(asked.slice(0, 40));
      expect(candText).not.toContain(`Note on question ${k + 1}.`);
      if ((await iv(candidate).el('candidateRace').count()) > 0) {
        raced = true;
        await expect(interview.el('hostCandidateTools')).toContainText('race scheduler');
        await iv(candidate).el('candidateRace').locator('summary').click();
        // The candidate works it out: no explorer to find the bad schedule for them.
        await expect(rv(candidate).el('raceFindBad')).toHaveCount(0);
        await expect(rv(candidate).el('raceProve')).toHaveCount(0);
        await rv(candidate).step(0).click();
        await expect(rv(candidate).el('raceLog').locator('li')).toHaveCount(1);
        await rv(candidate).step(1).click();
        await expect(rv(candidate).el('raceLog').locator('li')).toHaveCount(2);
        await candidate.setViewportSize({ width: 1440, height: 900 });
        await candidate.screenshot({
          path: 'test-results/shots/interview-candidate-race-1440.png',
          fullPage: true,
        });
      }
      await context.clock.fastForward(per * 1000);
      if (k < n - 1) await interview.el('hostNext').click();
    }
    expect(raced).toBe(true);
    await expectClock(
      interview.el('sessionClock'),
      `${String(Math.floor((per * n) / 60)).padStart(2, '0')}:${String((per * n) % 60).padStart(2, '0')}`,
    );
    await interview.el('endSession').click();
    await expect(iv(candidate).el('candidateScreen')).toHaveAttribute('data-state', 'ended');
    const [js] = await Promise.all([
      page.waitForEvent('download'),
      interview.el('downloadJson').click(),
    ]);
    const card = JSON.parse(await readFile((await js.path())!, 'utf8'));
    expect(card.questions).toHaveLength(n);
    expect(card.durationSeconds).toBeGreaterThanOrEqual(per * n);
    // The clock moved only by the test's fastForwards.
    expect(card.durationSeconds).toBeLessThanOrEqual(per * n + 1);
    for (const q of card.questions) {
      expect(q.rubricMet).toBe(1);
      expect(q.followUpsAsked).toHaveLength(1);
      expect(q.timeSeconds).toBeGreaterThanOrEqual(per - 1);
    }
    const [md] = await Promise.all([
      page.waitForEvent('download'),
      interview.el('downloadMd').click(),
    ]);
    const text = await readFile((await md.path())!, 'utf8');
    expect(text).toContain('# Interview scorecard: Grace');
    expect(text).toContain(`> Note on question ${n}.`);
    expect(cand.problems).toEqual([]);
  });

  test('either window survives a reload', async ({ page, context, interview }) => {
    await startSession(page);
    await interview.rubric(1).check();
    await interview.el('questionNotes').fill('kept');
    await interview.el('hostNext').click();
    const cand = await openGuarded(context, '#/interview/candidate');
    await expect(iv(cand.p).el('candidatePosition')).toHaveText('Question 2 of 3');
    await cand.p.reload();
    await expect(iv(cand.p).el('candidatePosition')).toHaveText('Question 2 of 3');
    await page.reload();
    await expect(interview.agenda(2)).toHaveAttribute('aria-current', 'step');
    await interview.agenda(1).click();
    await expect(interview.el('questionNotes')).toHaveValue('kept');
    await expect(interview.rubric(1)).toBeChecked();
    await expect(iv(cand.p).el('candidatePosition')).toHaveText('Question 1 of 3');
    expect(cand.problems).toEqual([]);
  });

  test('full storage is reported and nothing typed is lost', async ({ page, interview }) => {
    await page.addInitScript(() => {
      const set = Storage.prototype.setItem;
      Storage.prototype.setItem = function (k: string, v: string) {
        if ((window as unknown as { __full?: boolean }).__full && k.startsWith('rateLab.interview'))
          throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
        return set.call(this, k, v);
      };
    });
    await startSession(page);
    await page.evaluate(() => {
      (window as unknown as { __full?: boolean }).__full = true;
    });
    await interview.el('questionNotes').fill('not lost');
    await expect(interview.el('saveError')).toContainText('storage for the lab is full');
    await expect(interview.el('questionNotes')).toHaveValue('not lost');
    const [md] = await Promise.all([
      page.waitForEvent('download'),
      interview.el('downloadMd').click(),
    ]);
    expect(await readFile((await md.path())!, 'utf8')).toContain('> not lost');
  });

  test('the candidate screen at phone width', async ({ page, context }) => {
    await startSession(page, ['one-tenant-1m-rps', 'noisy-neighbour']);
    const cand = await openGuarded(context, '#/interview/candidate');
    await cand.p.setViewportSize({ width: 360, height: 780 });
    await expect(iv(cand.p).el('candidateQuestion')).toBeVisible();
    const overflow = await cand.p.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await cand.p.screenshot({
      path: 'test-results/shots/interview-candidate-360.png',
      fullPage: true,
    });
    await iv(cand.p).el('candidateNext').click();
    await iv(cand.p).el('candidateLab').locator('summary').click();
    await expect(new LabView(cand.p).el('widget')).toBeVisible();
    await cand.p.screenshot({
      path: 'test-results/shots/interview-candidate-lab-360.png',
      fullPage: true,
    });
    expect(cand.problems).toEqual([]);
  });
});
