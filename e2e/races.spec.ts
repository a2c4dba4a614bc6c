// The scheduler screen as a learner uses it: solve a puzzle by clicking (and with keys), let the
// explorer find and replay a bad schedule, prove an atomic design, open shared links (good and
// hostile), and a race-graded practice problem that fails a non-atomic answer and passes the
// worked one.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseDoc } from '../src/core/content/parseDoc';
import { answerSubmission } from '../src/core/grading/submission';
import { encodeRaceShare } from '../src/core/races/share';
import { expect, RaceView, test } from './pages';

const HERE = fileURLToPath(new URL('.', import.meta.url));
const worked = (slug: string) => {
  const path = `lessons/practice/${slug}.md`;
  return String(
    answerSubmission(parseDoc(path, readFileSync(resolve(HERE, '..', path), 'utf8')))!.code,
  );
};

test.describe('races', () => {
  test('solve a puzzle by clicking; it is recorded as solved', async ({ page, races }) => {
    await races.open('#/races/over-admit-get-then-set');
    await races.ready();
    await expect(races.el('raceStore')).toContainText('count:client');
    // Both servers read 2 before either writes.
    await races.send(0);
    await races.send(1);
    await expect(races.el('raceLog')).toContainText('GET count:client → "2"');
    await races.send(0);
    await races.send(1);
    const verdict = races.el('raceVerdict');
    await expect(verdict).toBeVisible();
    await expect(races.el('raceAdmitted')).toHaveText('2');
    await expect(verdict).toHaveAttribute('data-broken', 'maxAdmitted');
    await expect(races.el('raceGoalReached')).toHaveAttribute('data-assisted', 'false');
    await expect(races.el('raceSolvedTag')).toBeVisible();
    // Undo takes back the last round trip; the keyboard plays the same moves.
    await races.el('raceUndo').click();
    await races.ready();
    await expect(verdict).toHaveCount(0);
    await races.el('raceRestart').click();
    await races.ready();
    await page.keyboard.press('1');
    await races.ready();
    await page.keyboard.press('1');
    await races.ready();
    await page.keyboard.press('2');
    await races.ready();
    await page.keyboard.press('2');
    await races.ready();
    await expect(races.el('raceAdmitted')).toHaveText('1');
    await expect(verdict).toHaveAttribute('data-broken', '');
    await races.open('#/races');
    await expect(races.el('raceProgress')).toContainText('1 of');
  });

  test('locals update as servers step; Prove it steps through its violating schedules', async ({
    races,
  }) => {
    test.setTimeout(90_000);
    await races.open('#/races/check-then-incr');
    await races.ready();
    await expect(races.locals(0)).toHaveText("Server A's locals: limit = 3");
    await expect(races.locals(1)).toHaveText("Server B's locals: limit = 3");
    // A's GET returns "2": A now holds count = 2; B has read nothing yet.
    await races.send(0);
    await expect(races.locals(0)).toContainText('limit = 3, count = 2');
    await expect(races.locals(1)).toHaveText("Server B's locals: limit = 3");
    await races.send(1);
    await expect(races.locals(1)).toContainText('limit = 3, count = 2');
    // Undo takes B back to before its read.
    await races.el('raceUndo').click();
    await races.ready();
    await expect(races.locals(1)).toHaveText("Server B's locals: limit = 3");
    // Prove it: step through the violating schedules it kept, each replayed on the board.
    await races.el('raceProve').click();
    await expect(races.el('raceProofWhy')).toContainText(/It counted \d+ schedules?/, {
      timeout: 60_000,
    });
    await races.el('raceBadNext').click();
    await races.ready();
    await expect(races.el('raceBadAt')).toHaveText(/^Schedule 1 of ([2-9]|\d\d)$/);
    const verdict = races.el('raceVerdict');
    await expect(verdict).toHaveAttribute('data-broken', 'maxAdmitted');
    const first = (await races.el('raceLog').textContent()) ?? '';
    await races.el('raceBadNext').click();
    await races.ready();
    await expect(races.el('raceBadAt')).toHaveText(/^Schedule 2 of /);
    await expect(verdict).toHaveAttribute('data-broken', 'maxAdmitted');
    await expect(races.el('raceLog')).not.toHaveText(first);
    await races.el('raceBadPrev').click();
    await races.ready();
    await expect(races.el('raceBadAt')).toHaveText(/^Schedule 1 of /);
    await expect(races.el('raceLog')).toHaveText(first);
  });

  test('"find a bad schedule for me" replays the explorer’s counterexample', async ({ races }) => {
    test.setTimeout(90_000);
    await races.open('#/races/three-servers-one-slot');
    await races.ready();
    await races.el('raceFindBad').click();
    const verdict = races.el('raceVerdict');
    await expect(verdict).toBeVisible({ timeout: 60_000 });
    await expect(verdict).toHaveAttribute('data-broken', 'maxAdmitted');
    await expect(races.el('raceAdmitted')).toHaveText('3');
    await expect(races.el('raceLog').locator('li')).toHaveCount(6);
    // Found by the explorer: not a solve.
    await expect(races.el('raceGoalReached')).toHaveAttribute('data-assisted', 'true');
    await expect(races.el('raceProof')).toContainText(/\d+ schedules, \d+ violations/);
  });

  test('Prove it: the atomic script holds in every schedule, and crashes are offered', async ({
    races,
  }) => {
    test.setTimeout(90_000);
    await races.open('#/races/atomic-script-holds');
    await races.ready();
    await races.el('raceProve').click();
    await expect(races.el('raceProof')).toContainText('6 schedules, 0 violations', {
      timeout: 60_000,
    });
    await expect(races.el('raceGoalReached')).toContainText('none breaks');
    await races.open('#/races/crash-between-incr-and-expire');
    await races.ready();
    await expect(races.crash(0)).toHaveCount(0);
    await races.send(0);
    await races.crash(0).click();
    await races.ready();
    await races.send(1);
    await expect(races.el('raceVerdict')).toHaveAttribute('data-broken', 'allKeysHaveTtl');
    await expect(races.el('raceStore')).toContainText('no expiry');
  });

  test('Prove it never calls a failing program safe; a Pause step frees an expired lock', async ({
    races,
  }) => {
    test.setTimeout(90_000);
    const typo = {
      code: 'redis.call("INCRR", KEYS[1])\nreturn 1',
      requests: [{ keys: ['k'] }, { keys: ['k'] }],
    };
    await races.open(`#/races?s=${encodeRaceShare(typo, [])}`);
    await races.ready();
    await races.el('raceProve').click();
    const proof = races.el('raceProof');
    await expect(proof).toHaveAttribute('data-verdict', 'error', { timeout: 60_000 });
    await expect(races.el('raceProofError')).toContainText(
      "2 requests failed: ERR unknown command 'INCRR'",
    );
    // Played by hand, the ordering never reads as holding either.
    await races.send(0);
    await races.send(1);
    await expect(races.el('raceFailed')).toBeVisible();
    await expect(races.el('raceVerdict')).not.toContainText('holds');
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
    await races.open(`#/races?s=${encodeRaceShare(lock, [])}`);
    await races.ready();
    await races.send(0);
    await races.crash(0).click();
    await races.ready();
    await expect(races.el('racePauseMs')).toHaveValue('1001');
    await races.el('racePause').click();
    await races.ready();
    await expect(races.el('raceLog')).toContainText('Pause: 1,001 ms pass');
    await expect(races.el('raceStore')).not.toContainText('lock');
    await races.send(1);
    await races.send(1);
    await races.send(1);
    await expect(races.el('raceAdmitted')).toHaveText('1');
  });

  test('share links: a puzzle ordering replays; a damaged link says so', async ({
    page,
    races,
  }) => {
    await races.open('#/races/over-admit-get-then-set?schedule=ABAB');
    await races.ready();
    await expect(races.el('raceAdmitted')).toHaveText('2');
    await expect(races.el('raceGoalReached')).toHaveAttribute('data-assisted', 'true');
    await races.el('raceShare').click();
    await expect(races.el('raceLink')).toHaveValue(
      /#\/races\/over-admit-get-then-set\?schedule=ABAB$/,
    );
    await races.open('#/races/over-admit-get-then-set?schedule=AXZ');
    await expect(page.getByRole('alert')).toContainText('step 2 is "X"');
    await races.open('#/races?s=N4Ig' + 'A'.repeat(40));
    await expect(races.el('raceLinkError')).toContainText('This link cannot be opened');
    await races.open('#/races?s=' + 'x'.repeat(9000));
    await expect(races.el('raceLinkError')).toContainText('too long');
    // The sandbox's own code opens as a shared link.
    await races.open('#/races');
    await races.el('raceSandboxLoad').click();
    const sandbox = new RaceView(races.el('raceSandbox'));
    await sandbox.step(0).click();
    await sandbox.el('raceShare').click();
    const link = await races.el('raceLink').inputValue();
    await page.goto(link);
    await expect(races.el('raceShared')).toBeVisible();
    await races.ready();
    await expect(races.el('raceLog').locator('li')).toHaveCount(1);
  });

  test('a lesson embeds the scheduler', async ({ races, lessons }) => {
    await lessons.open('#/lessons/atomicity');
    await expect(races.el('racesWidget')).toBeVisible();
    const w = new RaceView(races.el('racesWidget'));
    await w.ready();
    await w.step(0).click();
    await expect(w.el('raceLog')).toContainText('GET rl:client');
  });
});

test('a race-graded problem fails a non-atomic answer and passes the worked one', async ({
  races,
  practice,
}) => {
  test.setTimeout(120_000);
  const answer = worked('fix-get-then-set');
  // The worked script's lines sent one by one from the app server: right one at a time, racy.
  const body = /\[\[\n([\s\S]*?)\n\]\]/.exec(answer)![1]!;
  await practice.open('#/practice/fix-get-then-set');
  await practice.setScript(body);
  await practice.el('grade').click();
  const result = practice.el('gradeResult');
  await expect(result).toHaveAttribute('data-passed', 'false', { timeout: 60_000 });
  await expect(practice.el('gradeFailure')).toContainText('more than the limit allows');
  await expect(races.el('caseTrace')).toContainText('HMGET');
  // The failing schedule opens on the scheduler screen, finished, with 2 admitted.
  await races.el('failureOpenRaces').click();
  await expect(races.el('raceShared')).toBeVisible();
  await races.ready();
  await expect(races.el('raceAdmitted')).toHaveText('2');
  await practice.open('#/practice/fix-get-then-set');
  await practice.setScript(answer);
  await practice.el('grade').click();
  await expect(result).toHaveAttribute('data-passed', 'true', { timeout: 60_000 });
});
