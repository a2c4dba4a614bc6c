// Measures every visible piece of text under a root as the room sees it: CSS px, with text in
// an SVG scaled by its viewBox (the lab's scene is drawn in one).
import type { Locator } from '@playwright/test';

export interface Sized {
  text: string;
  px: number;
}

export function roomSizes(root: Locator): Promise<Sized[]> {
  return root.evaluate((stage) => {
    const out: { text: string; px: number }[] = [];
    const walker = document.createTreeWalker(stage, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n.parentElement!;
      const text = n.textContent?.trim() ?? '';
      if (!text || el.closest('.visually-hidden')) continue;
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      let px = parseFloat(getComputedStyle(el).fontSize);
      const svg = el.closest('svg');
      const vb = svg?.viewBox?.baseVal;
      if (svg && vb && vb.width > 0) px *= svg.getBoundingClientRect().width / vb.width;
      out.push({ text: text.slice(0, 40), px: Math.round(px * 10) / 10 });
    }
    return out;
  });
}

/** The rendered size of each element matched (CSS px). */
export function sizesOf(root: Locator): Promise<number[]> {
  return root.evaluateAll((els) => els.map((e) => parseFloat(getComputedStyle(e).fontSize)));
}
