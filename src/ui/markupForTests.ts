// For component tests in Node (no DOM): a component's static markup, and its text as a reader
// sees it (inline tags dropped as textContent drops them, blocks apart, entities decoded,
// spaces collapsed).
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#x27;': "'",
};

/** Tags that start a new line or cell: their text never runs into the next one's. */
const BLOCK =
  /<\/?(?:p|div|section|header|h\d|ul|ol|li|dl|dt|dd|table|thead|tbody|tr|td|th|details|summary|br)\b[^>]*>/g;

/** Markup as text: blocks apart, inline tags dropped, entities decoded, spaces collapsed. */
export function textOf(html: string): string {
  return html
    .replace(BLOCK, ' ')
    .replace(/<[^>]+>/g, '')
    .replace(/&(amp|lt|gt|quot|#x27);/g, (e) => ENTITIES[e]!)
    .replace(/\s+/g, ' ')
    .trim();
}

/** The element's markup and its text. */
export function draw(el: ReactElement): { html: string; text: string } {
  const html = renderToStaticMarkup(el);
  return { html, text: textOf(html) };
}

/** The markup of the first element carrying this data-testid (with its children). */
export function byTestId(html: string, id: string): string {
  const open = new RegExp(`<(\\w+)[^>]*data-testid="${id}"[^>]*>`).exec(html);
  if (!open) throw new Error(`no element with data-testid="${id}"`);
  const tag = open[1]!;
  // Count nested tags of the same name to find the matching close.
  const re = new RegExp(`<${tag}[\\s>]|</${tag}>`, 'g');
  re.lastIndex = open.index + open[0].length;
  let depth = 1;
  for (let m = re.exec(html); m; m = re.exec(html)) {
    depth += m[0].startsWith('</') ? -1 : 1;
    if (depth === 0) return html.slice(open.index, m.index + m[0].length);
  }
  return html.slice(open.index);
}
