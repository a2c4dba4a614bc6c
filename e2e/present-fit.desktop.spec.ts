// The projector fits: every step (and every round trip of a race step) of every deck, at
// 1920x1080 and 1280x720, with no scroll; the stage inside the window; every server's and the
// store's text inside its box; the local lane left of the shared one. One page per deck and
// size, stepped with the keyboard, waiting on the stage's own state.
import { readdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, PRESENT_IDS, type PresentScreen, test, testIdCss } from './pages';

const DECKS = readdirSync(new URL('../lessons/decks/', import.meta.url))
  .filter((f) => f.endsWith('.md'))
  .map((f) => f.replace(/\.md$/, ''))
  .sort();
const SIZES = [
  { width: 1920, height: 1080 },
  { width: 1280, height: 720 },
];

/** What does not fit on the screen as drawn now (empty when everything fits). */
function misfits(page: Page): Promise<string[]> {
  return page.evaluate((stageCss) => {
    const out: string[] = [];
    const d = document.documentElement;
    if (d.scrollHeight > innerHeight) out.push(`scrolls down by ${d.scrollHeight - innerHeight}`);
    if (d.scrollWidth > innerWidth) out.push(`scrolls sideways by ${d.scrollWidth - innerWidth}`);
    const stage = document.querySelector(stageCss);
    const s = stage?.getBoundingClientRect();
    if (!s) return ['no stage'];
    if (s.top < -1 || s.left < -1 || s.bottom > innerHeight + 1 || s.right > innerWidth + 1)
      out.push(`stage ${Math.round(s.width)}x${Math.round(s.height)} outside the window`);
    // Each box of the scene: its texts inside its rectangle (1 px for antialiasing).
    for (const g of stage!.querySelectorAll('g.srv, g.store')) {
      const box = g.querySelector(':scope > rect.box')?.getBoundingClientRect();
      if (!box) continue;
      for (const t of g.querySelectorAll('text')) {
        const r = t.getBoundingClientRect();
        if (r.width === 0 || !t.textContent?.trim()) continue;
        if (
          r.left < box.left - 1 ||
          r.right > box.right + 1 ||
          r.top < box.top - 1 ||
          r.bottom > box.bottom + 1
        )
          out.push(`"${t.textContent.trim()}" leaves its box (${g.getAttribute('class')})`);
      }
    }
    // The lab's order: local left, shared right.
    const local = stage!.querySelector('.lane-local')?.getBoundingClientRect();
    const shared = stage!.querySelector('.lane-shared')?.getBoundingClientRect();
    if (local && shared && local.left >= shared.left) out.push('the shared lane is left of local');
    return out;
  }, testIdCss(PRESENT_IDS.stage));
}

/** Where the deck is: the step and, on a race step, the round trips played and done. */
async function where(present: PresentScreen): Promise<string> {
  const pos = await present.position.textContent();
  const race = present.el('stageRace');
  if ((await race.count()) === 0) return `${pos}`;
  return `${pos} turn ${await race.getAttribute('data-turn')}`;
}

/** Waits for the step to be drawn: no loading line, a race step's turn played (and finished). */
async function settled(present: PresentScreen): Promise<void> {
  await expect(present.stage.locator('.room-loading')).toHaveCount(0);
  const race = present.el('stageRace');
  if ((await race.count()) > 0) {
    await expect(race.locator('.race-server').first()).toBeVisible();
    const turn = Number(await race.getAttribute('data-turn'));
    const total = Number(await race.getAttribute('data-total'));
    if (total > 0 && turn >= total) await expect(race).toHaveAttribute('data-finished', 'true');
  } else if ((await present.stage.locator('.room-scene').count()) > 0) {
    await expect(present.stage.locator('.lane').first()).toBeVisible();
  }
}

for (const size of SIZES)
  for (const slug of DECKS)
    test(`${slug} fits ${size.width}x${size.height} on every step`, async ({ page, present }) => {
      test.setTimeout(120_000);
      await page.setViewportSize(size);
      await present.open(`#/present/deck/${slug}`);
      // A deck opens at step 1.
      await expect(present.position).toHaveText(/^1 \/ \d+$/);
      const seen: string[] = [];
      for (let k = 0; k < 200; k++) {
        await settled(present);
        const at = await where(present);
        expect(await misfits(page), `${slug} at ${at}`).toEqual([]);
        seen.push(at);
        if (await present.el('presentNext').isDisabled()) break;
        await page.keyboard.press('ArrowRight');
        await expect.poll(() => where(present)).not.toBe(at);
      }
      const [, total] = /\/ (\d+)/.exec(seen[seen.length - 1] ?? '') ?? [];
      expect(seen[seen.length - 1]).toMatch(new RegExp(`^${total} / ${total}`));
      // Opened again without a step in the address, the deck starts over at step 1 (the stored
      // position is the last step now).
      await present.open('#/present');
      await present.open(`#/present/deck/${slug}`);
      await expect(present.position).toHaveText(`1 / ${total}`);
    });
