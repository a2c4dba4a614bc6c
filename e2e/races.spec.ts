// The scheduler screen as a learner uses it: solve a puzzle by clicking (and with keys), let the
// explorer find and replay a bad schedule, prove an atomic design, open shared links (good and
// hostile), and a race-graded practice problem that fails a non-atomic answer and passes the
// worked one.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { parseDoc } from '../src/core/content/parseDoc';
import { answerSubmission } from '../src/core/grading/submission';
import { encodeRaceShare } from '../src/core/races/share';
import { expect, gotoRoute, test } from './fixtures';

const HERE = fileURLToPath(new URL('.', import.meta.url));
const worked = (slug: string) => {
  const path = `lessons/practice/${slug}.md`;
  return String(
    answerSubmission(parseDoc(path, readFileSync(resolve(HERE, '..', path), 'utf8')))!.code,
  );
};

async function ready(page: Page) {
  await expect(page.getByTestId('scheduler')).toHaveAttribute('data-busy', 'false', {
    timeout: 30_000,
  });
}

async function send(page: Page, server: number) {
  await page.getByTestId(`race-step-${server}`).click();
  await ready(page);
}

test.describe('races', () => {
  test('solve a puzzle by clicking; it is recorded as solved', async ({ page }) => {
    await gotoRoute(page, '#/races/over-admit-get-then-set');
    await ready(page);
    await expect(page.getByTestId('race-store')).toContainText('count:client');
    // Both servers read 2 before either writes.
    await send(page, 0);
    await send(page, 1);
    await expect(page.getByTestId('race-log')).toContainText('GET count:client → "2"');
    await send(page, 0);
    await send(page, 1);
    const verdict = page.getByTestId('race-verdict');
    await expect(verdict).toBeVisible();
    await expect(page.getByTestId('race-admitted')).toHaveText('2');
    await expect(verdict).toHaveAttribute('data-broken', 'maxAdmitted');
    await expect(page.getByTestId('race-goal-reached')).toHaveAttribute('data-assisted', 'false');
    await expect(page.getByTestId('race-solved-tag')).toBeVisible();
    // Undo takes back the last round trip; the keyboard plays the same moves.
    await page.getByTestId('race-undo').click();
    await ready(page);
    await expect(verdict).toHaveCount(0);
    await page.getByTestId('race-restart').click();
    await ready(page);
    await page.keyboard.press('1');
    await ready(page);
    await page.keyboard.press('1');
    await ready(page);
    await page.keyboard.press('2');
    await ready(page);
    await page.keyboard.press('2');
    await ready(page);
    await expect(page.getByTestId('race-admitted')).toHaveText('1');
    await expect(verdict).toHaveAttribute('data-broken', '');
    await gotoRoute(page, '#/races');
    await expect(page.getByTestId('race-progress')).toContainText('1 of');
  });

  test('"find a bad schedule for me" replays the explorer’s counterexample', async ({ page }) => {
    test.setTimeout(90_000);
    await gotoRoute(page, '#/races/three-servers-one-slot');
    await ready(page);
    await page.getByTestId('race-find-bad').click();
    const verdict = page.getByTestId('race-verdict');
    await expect(verdict).toBeVisible({ timeout: 60_000 });
    await expect(verdict).toHaveAttribute('data-broken', 'maxAdmitted');
    await expect(page.getByTestId('race-admitted')).toHaveText('3');
    await expect(page.getByTestId('race-log').locator('li')).toHaveCount(6);
    // Found by the explorer: not a solve.
    await expect(page.getByTestId('race-goal-reached')).toHaveAttribute('data-assisted', 'true');
    await expect(page.getByTestId('race-proof')).toContainText(/\d+ schedules, \d+ violations/);
  });

  test('Prove it: the atomic script holds in every schedule, and crashes are offered', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await gotoRoute(page, '#/races/atomic-script-holds');
    await ready(page);
    await page.getByTestId('race-prove').click();
    await expect(page.getByTestId('race-proof')).toContainText('6 schedules, 0 violations', {
      timeout: 60_000,
    });
    await expect(page.getByTestId('race-goal-reached')).toContainText('none breaks');
    await gotoRoute(page, '#/races/crash-between-incr-and-expire');
    await ready(page);
    await expect(page.getByTestId('race-crash-0')).toHaveCount(0);
    await send(page, 0);
    await page.getByTestId('race-crash-0').click();
    await ready(page);
    await send(page, 1);
    await expect(page.getByTestId('race-verdict')).toHaveAttribute('data-broken', 'allKeysHaveTtl');
    await expect(page.getByTestId('race-store')).toContainText('no expiry');
  });

  test('Prove it never calls a failing program safe; a Pause step frees an expired lock', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const typo = {
      code: 'redis.call("INCRR", KEYS[1])\nreturn 1',
      requests: [{ keys: ['k'] }, { keys: ['k'] }],
    };
    await gotoRoute(page, `#/races?s=${encodeRaceShare(typo, [])}`);
    await ready(page);
    await page.getByTestId('race-prove').click();
    const proof = page.getByTestId('race-proof');
    await expect(proof).toHaveAttribute('data-verdict', 'error', { timeout: 60_000 });
    await expect(page.getByTestId('race-proof-error')).toContainText(
      "2 requests failed: ERR unknown command 'INCRR'",
    );
    // Played by hand, the ordering never reads as holding either.
    await send(page, 0);
    await send(page, 1);
    await expect(page.getByTestId('race-failed')).toBeVisible();
    await expect(page.getByTestId('race-verdict')).not.toContainText('holds');
    // A lock with a 1 s expiry whose holder crashes: a pause just past the expiry frees it.
    const lock = {
      code: [
        'if not redis.call("SET", "lock", "held", "NX", "PX", 1000) then return 0 end',
        'redis.call("INCR", "work")',
        'redis.call("DEL", "lock")',
        'return 1',
      ].join('\n'),
      requests: [{}, {}],
      crashes: 1,
    };
    await gotoRoute(page, `#/races?s=${encodeRaceShare(lock, [])}`);
    await ready(page);
    await send(page, 0);
    await page.getByTestId('race-crash-0').click();
    await ready(page);
    await expect(page.getByTestId('race-pause-ms')).toHaveValue('1001');
    await page.getByTestId('race-pause').click();
    await ready(page);
    await expect(page.getByTestId('race-log')).toContainText('Pause: 1,001 ms pass');
    await expect(page.getByTestId('race-store')).not.toContainText('lock');
    await send(page, 1);
    await send(page, 1);
    await send(page, 1);
    await expect(page.getByTestId('race-admitted')).toHaveText('1');
  });

  test('share links: a puzzle ordering replays; a damaged link says so', async ({ page }) => {
    await gotoRoute(page, '#/races/over-admit-get-then-set?schedule=ABAB');
    await ready(page);
    await expect(page.getByTestId('race-admitted')).toHaveText('2');
    await expect(page.getByTestId('race-goal-reached')).toHaveAttribute('data-assisted', 'true');
    await page.getByTestId('race-share').click();
    await expect(page.getByTestId('race-link')).toHaveValue(
      /#\/races\/over-admit-get-then-set\?schedule=ABAB$/,
    );
    await gotoRoute(page, '#/races/over-admit-get-then-set?schedule=AXZ');
    await expect(page.getByRole('alert')).toContainText('step 2 is "X"');
    await gotoRoute(page, '#/races?s=N4Ig' + 'A'.repeat(40));
    await expect(page.getByTestId('race-link-error')).toContainText('This link cannot be opened');
    await gotoRoute(page, '#/races?s=' + 'x'.repeat(9000));
    await expect(page.getByTestId('race-link-error')).toContainText('too long');
    // The sandbox's own code opens as a shared link.
    await gotoRoute(page, '#/races');
    await page.getByTestId('race-sandbox-load').click();
    await page.getByTestId('race-sandbox').getByTestId('race-step-0').click();
    await page.getByTestId('race-sandbox').getByTestId('race-share').click();
    const link = await page.getByTestId('race-link').inputValue();
    await page.goto(link);
    await expect(page.getByTestId('race-shared')).toBeVisible();
    await ready(page);
    await expect(page.getByTestId('race-log').locator('li')).toHaveCount(1);
  });

  test('a lesson embeds the scheduler', async ({ page }) => {
    await gotoRoute(page, '#/lessons/atomicity');
    const w = page.getByTestId('races-widget');
    await expect(w).toBeVisible();
    await expect(w.getByTestId('scheduler')).toHaveAttribute('data-busy', 'false', {
      timeout: 30_000,
    });
    await w.getByTestId('race-step-0').click();
    await expect(w.getByTestId('race-log')).toContainText('GET rl:client');
  });
});

/** Replace the Monaco editor's text (insertText: no auto-closing brackets or auto-indent). */
async function setScript(page: Page, text: string) {
  await expect(page.getByTestId('monaco-ready')).toBeVisible({ timeout: 30_000 });
  await page.locator('.monaco-editor .view-lines').first().click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(text);
}

test('a race-graded problem fails a non-atomic answer and passes the worked one', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const answer = worked('fix-get-then-set');
  // The worked script's lines sent one by one from the app server: right one at a time, racy.
  const body = /\[\[\n([\s\S]*?)\n\]\]/.exec(answer)![1]!;
  await gotoRoute(page, '#/practice/fix-get-then-set');
  await setScript(page, body);
  await page.getByTestId('grade').click();
  const result = page.getByTestId('grade-result');
  await expect(result).toHaveAttribute('data-passed', 'false', { timeout: 60_000 });
  await expect(page.getByTestId('grade-failure')).toContainText('more than the limit allows');
  await expect(page.getByTestId('case-trace')).toContainText('HMGET');
  // The failing schedule opens on the scheduler screen, finished, with 2 admitted.
  await page.getByTestId('failure-open-races').click();
  await expect(page.getByTestId('race-shared')).toBeVisible();
  await ready(page);
  await expect(page.getByTestId('race-admitted')).toHaveText('2');
  await gotoRoute(page, '#/practice/fix-get-then-set');
  await setScript(page, answer);
  await page.getByTestId('grade').click();
  await expect(result).toHaveAttribute('data-passed', 'true', { timeout: 60_000 });
});
