// The arithmetic of `npm run bench:ui`'s first-view section: which scripts belong to a first
// view, the median of the rounds, and the ratios against the hello-world page with their goals.

/** A script the page fetched, as the page's resource timing saw it. */
export interface ScriptEntry {
  url: string;
  /** ms since navigation start, when the page asked for it. */
  startTime: number;
}

/**
 * The first view's scripts: those asked for before the page marked the start of its idle
 * prefetch (`rate-lab:prefetch`), or every script when it marks none (the hello-world page).
 * Each URL counts once.
 */
export function firstViewScripts(entries: readonly ScriptEntry[], markAt: number | null): string[] {
  const urls = entries
    .filter((e) => /\.m?js(\?|$)/.test(e.url))
    .filter((e) => markAt === null || e.startTime < markAt)
    .map((e) => e.url);
  return [...new Set(urls)];
}

/** Sum of the gzip sizes of `urls`; a URL with no measured response is an error. */
export function gzipBytes(urls: readonly string[], gzipOf: ReadonlyMap<string, number>): number {
  let total = 0;
  for (const u of urls) {
    const n = gzipOf.get(u);
    if (n === undefined) throw new Error(`no response body was recorded for ${u}`);
    total += n;
  }
  return total;
}

export function median(xs: readonly number[]): number {
  if (xs.length === 0) throw new Error('median of no rounds');
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

export interface FirstViewMedians {
  helloMs: number;
  labMs: number;
  editorMs: number;
  helloBytes: number;
  labBytes: number;
}

export interface Goal {
  what: string;
  value: number;
  goal: number;
  unit: string;
  met: boolean;
}

/** The goals of issue 24: the lab's scene <= 1.3x hello, the editor <= 2x, first view <= 150 KB. */
export const GOALS = { labRatio: 1.3, editorRatio: 2, labKB: 150 } as const;

export function goals(m: FirstViewMedians): Goal[] {
  const lab = m.labMs / m.helloMs;
  const editor = m.editorMs / m.helloMs;
  const kb = m.labBytes / 1024;
  return [
    {
      what: '#/lab scene / hello-world',
      value: lab,
      goal: GOALS.labRatio,
      unit: 'x',
      met: lab <= GOALS.labRatio,
    },
    {
      what: '#/editor ready to type / hello-world',
      value: editor,
      goal: GOALS.editorRatio,
      unit: 'x',
      met: editor <= GOALS.editorRatio,
    },
    {
      what: '#/lab first-view JavaScript, gzip',
      value: kb,
      goal: GOALS.labKB,
      unit: ' KB',
      met: kb <= GOALS.labKB,
    },
  ];
}

export function goalLine(g: Goal): string {
  const v = g.unit === 'x' ? g.value.toFixed(2) : g.value.toFixed(1);
  return `${g.what}: ${v}${g.unit} (goal <= ${g.goal}${g.unit}): ${g.met ? 'met' : 'NOT met'}`;
}
