import { expect, test } from './pages';

const HOW = /REDIS_URL=redis:\/\/127\.0\.0\.1:6379 npm start/;

test.describe('Run on real Redis (editor)', () => {
  test('the static app asks nothing until pressed, then says how to point the lab at a Redis', async ({
    page,
    guard,
    editor,
  }) => {
    const api: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/')) api.push(r.url());
    });
    await editor.open();
    await expect(editor.el('runAllowed')).toBeVisible({ timeout: 20_000 });
    await expect(editor.el('runReal')).toBeVisible();
    expect(api).toEqual([]);
    await editor.el('runReal').click();
    await expect(editor.el('realMessage')).toContainText(HOW);
    expect(api).toHaveLength(1);
    // The static server answers 404 for the API: the browser logs that failed load, nothing else.
    const rest = guard.consoleErrors.filter((e) => !/Failed to load resource.*404/.test(e));
    guard.consoleErrors.splice(0, guard.consoleErrors.length, ...rest);
  });

  test('with a lab server, shows both sides per request and marks where they part', async ({
    page,
    editor,
  }) => {
    const same = {
      reply: [1, 4, 0],
      keys: [{ key: 'rl:client-1', type: 'hash', value: [['tokens', '4']], ttlMs: 60000 }],
    };
    await page.route('**/api/real/redis', (route) =>
      route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({
          results: [
            {
              name: 'editor run',
              realReplies: ['[1,4,0]', '[1,"3.5",0]'],
              steps: [
                { command: ['EVAL'], model: same, real: same, differences: [] },
                {
                  command: ['EVAL'],
                  model: { reply: [1, '3.50', 0], keys: [] },
                  real: { reply: [1, '3.5', 0], keys: [] },
                  differences: [
                    {
                      where: 'reply',
                      note: 'the same number written differently at [1]: "3.50" and "3.5"',
                    },
                  ],
                },
              ],
            },
          ],
        }),
      }),
    );
    await editor.open();
    await expect(editor.el('runAllowed')).toBeVisible({ timeout: 20_000 });
    await editor.el('runReal').click();
    await expect(editor.el('realSummary')).toContainText('They part on 1 of 2 requests');
    await expect(editor.el('realStep')).toHaveCount(2);
    await expect(editor.el('realDifference')).toContainText('written differently');
    await expect(editor.el('realSame')).toHaveCount(1);
  });
});

test.describe('Run it for real (race scheduler)', () => {
  test('without a lab server it says how to point the lab at a Redis', async ({ guard, races }) => {
    await races.open('#/races/check-then-incr');
    await races.runForReal('0');
    await expect(races.el('raceRealMessage')).toContainText('Trials must be a whole number');
    await races.runForReal('20');
    await expect(races.el('raceRealMessage')).toContainText(HOW);
    const rest = guard.consoleErrors.filter((e) => !/Failed to load resource.*404/.test(e));
    guard.consoleErrors.splice(0, guard.consoleErrors.length, ...rest);
  });

  test('with a lab server, shows the trials beside the explorer', async ({ page, races }) => {
    let sent: unknown = null;
    await page.route('**/api/real/explore', async (route) => {
      sent = route.request().postDataJSON();
      await route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({
          result: {
            trials: 20,
            violations: 0,
            admitted: { '1': 20 },
            allowed: 1,
            complete: true,
            trialsPerSecond: 50,
            explorer: { schedules: 4, violations: 2, complete: true },
          },
        }),
      });
    });
    await races.open('#/races/check-then-incr');
    await races.runForReal('20');
    await expect(races.el('raceRealResult')).toContainText('20 trials on real Redis, 0 broke');
    await expect(races.el('raceRealResult')).toContainText('a bad ordering exists');
    expect(sent).toMatchObject({
      trials: 20,
      delayMs: 0,
      lockstep: false,
      input: { requests: [{}, {}] },
    });
  });
});
