import { expect, test } from './pages';

test.describe('the Lua editor', () => {
  test('a typed script runs and drives the scene', async ({ page, editor }) => {
    await editor.open();
    await editor.setScript(
      '-- admit every other request\nlocal n = redis.call("INCR", KEYS[1])\nreturn n % 2',
    );
    await editor.run();
    await expect(editor.el('runAllowed')).toHaveText('10');
    await expect(editor.el('runDenied')).toHaveText('10');
    // The trace lists the call and its reply.
    await editor.pick(3).click();
    await expect(editor.el('traceCalls')).toContainText('INCR rl:client-1');
    await expect(editor.el('traceCalls')).toContainText('(integer) 3');
    // The key inspector shows the counter.
    await expect(editor.el('keyInspector')).toContainText('rl:client-1');
    // Ctrl/Cmd+Enter runs too.
    await editor.setScript('return 0');
    await page.keyboard.press('ControlOrMeta+Enter');
    await expect(editor.el('runAllowed')).toHaveText('0');
    // The scene counts what the script decided: step to the first decision.
    await page.getByRole('button', { name: 'Pause' }).click();
    await page.getByRole('button', { name: 'Step back to the previous event' }).click();
    await editor.pick(1).click();
    await expect(editor.scene.el('allowedCount')).toHaveText('0');
    await expect(editor.scene.el('deniedCount')).toHaveText('1');
  });

  test('a syntax error is marked on its line; Lua 5.3 syntax gets a warning', async ({
    editor,
  }) => {
    await editor.open();
    await editor.setScript('local a = 1\nlocal b = = 2\nreturn a');
    const err = editor.el('problemError').first();
    await expect(err).toContainText('line 2');
    await expect(editor.monaco.squiggles('error').first()).toBeAttached();
    await editor.setScript('local a = 7 // 2\nreturn a');
    await expect(editor.el('problemWarning').first()).toContainText('Lua 5.3');
    await expect(editor.monaco.squiggles('warning').first()).toBeAttached();
    // A runtime error names its line too.
    await editor.setScript('local x = 1\nreturn redis.call("NOSUCH")');
    await editor.run();
    await expect(editor.el('problemError').first()).toContainText('line 2', {
      timeout: 15_000,
    });
    await expect(editor.el('problemError').first()).toContainText('Unknown Redis command');
  });

  test('an endless loop is stopped and the time controls still respond', async ({
    page,
    editor,
  }) => {
    await editor.open();
    await editor.setScript('while true do end');
    await editor.run();
    await expect(editor.el('runaway')).toBeVisible({ timeout: 20_000 });
    await expect(editor.el('problemError').first()).toContainText('Runaway script stopped');
    const clock = editor.scene.el('clock');
    const before = await clock.textContent();
    await page.getByRole('button', { name: 'Step to the next event' }).click();
    await expect(clock).not.toHaveText(before ?? '');
    // The editor still takes input and runs again.
    await editor.setScript('return 1');
    await editor.run();
    await expect(editor.el('runAllowed')).toHaveText('20');
  });

  test('autosave keeps the script across a reload; reset can be undone', async ({
    page,
    editor,
  }) => {
    await editor.open();
    await editor.setScript('-- my own limiter\nreturn 1');
    await expect(editor.el('saved')).toHaveText('Saved in this browser');
    await page.reload();
    await expect(editor.monaco.readyMark).toBeVisible({ timeout: 20_000 });
    await expect(editor.text).toContainText('my own limiter');
    await editor.el('reset').click();
    await expect(editor.text).toContainText('Token bucket');
    await editor.el('undo').click();
    await expect(editor.text).toContainText('my own limiter');
  });

  test('a bad upload keeps the script and says why', async ({ editor }) => {
    await editor.open();
    await editor.setScript('-- keep me\nreturn 1');
    await editor.el('uploadInput').setInputFiles({
      name: 'photo.png',
      mimeType: 'image/png',
      buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0]),
    });
    await expect(editor.el('notice')).toContainText('not a .lua file');
    await expect(editor.text).toContainText('keep me');
    await editor.el('uploadInput').setInputFiles({
      name: 'mine.lua',
      mimeType: 'text/plain',
      buffer: Buffer.from('-- uploaded\nreturn 0\n'),
    });
    await expect(editor.text).toContainText('uploaded');
  });

  test('a share link carries the script', async ({ page, editor }) => {
    await editor.open();
    await editor.setScript('-- shared script\nreturn 1');
    await editor.el('share').click();
    const link = await editor.el('shareLink').inputValue();
    expect(link).toContain('#/editor?s=');
    await page.evaluate(() => localStorage.clear());
    await page.goto(link);
    await expect(editor.monaco.readyMark).toBeVisible({ timeout: 20_000 });
    await expect(editor.text).toContainText('shared script');
  });

  test('the seed token bucket admits exactly what the built-in token bucket admits', async ({
    editor,
  }) => {
    await editor.open();
    await expect(editor.el('template')).toHaveValue('token-bucket');
    await editor.el('compareRun').click();
    await expect(editor.el('compareSame')).toBeVisible();
    await expect(editor.el('compareResult')).toContainText(
      'Script admitted 14, token-bucket admitted 14 of 20',
    );
    // A change that breaks it shows the first difference in the scene.
    await editor.el('argsInput').fill('3, 1, {cost}');
    await editor.run();
    await editor.el('compareParams').fill('{"capacity": 5, "refillPerSecond": 1}');
    await editor.el('compareRun').click();
    await expect(editor.el('compareDiffs')).toBeVisible();
    await expect(editor.el('trace')).toContainText('Trace: request');
  });

  test('GET then SET double-spends as app-server code under latency, not as a script', async ({
    editor,
  }) => {
    await editor.open();
    await editor.el('template').selectOption('get-then-set');
    await editor.el('traffic').selectOption('race');
    await editor.el('latency').fill('100');
    await editor.el('modeScript').click();
    await expect(editor.el('runAllowed')).toHaveText('3');
    await editor.el('modeApp').click();
    await expect(editor.el('runStale')).not.toHaveText('0');
    const admitted = Number(await editor.el('runAllowed').textContent());
    expect(admitted).toBeGreaterThan(3);
  });
});
