import { describe, expect, it } from 'vitest';
import {
  asStyleText,
  bootScript,
  mergeStyleOrder,
  takeEntryTags,
  type BootPlan,
} from './vitePluginBoot';

const HEAD = `<head>
    <script type="module" crossorigin src="./assets/index-A.js"></script>
    <link rel="modulepreload" crossorigin href="./assets/react-B.js">
    <link rel="modulepreload" crossorigin href="./assets/core-C.js">
    <link rel="stylesheet" crossorigin href="./assets/index-D.css">
  </head>`;

describe('boot: the entry’s tags', () => {
  it('takes the module script and its preloads out, leaves the stylesheet in place', () => {
    const t = takeEntryTags(HEAD);
    expect(t.script).toBe('./assets/index-A.js');
    expect(t.preloads).toEqual(['./assets/react-B.js', './assets/core-C.js']);
    expect(t.styles).toEqual(['./assets/index-D.css']);
    expect(t.html).not.toMatch(/<script|modulepreload/);
    expect(t.html).toContain('<link rel="stylesheet" crossorigin href="./assets/index-D.css">');
  });

  it('names a page without exactly one entry script', () => {
    expect(() => takeEntryTags('<head></head>')).toThrow(/0 module scripts; one entry expected/);
    const two = HEAD.replace('</head>', '<script type="module" src="./x.js"></script></head>');
    expect(() => takeEntryTags(two)).toThrow(/2 module scripts/);
  });
});

describe('boot: stylesheets written into the page', () => {
  it('keeps CSS as it is, refuses what would end the <style> element, naming the file', () => {
    expect(asStyleText('a>b{content:"</"}', 'x.css')).toBe('a>b{content:"</"}');
    expect(() => asStyleText('a{content:"</STYLE>"}', 'assets/x.css')).toThrow(
      /assets\/x\.css holds "<\/style"/,
    );
  });

  it('one order for all routes that keeps each route’s cascade; a conflict is named', () => {
    expect(
      mergeStyleOrder({ lab: ['p.css', 'lab.css'], editor: ['editor.css', 'lab.css'] }),
    ).toEqual(['p.css', 'editor.css', 'lab.css']);
    expect(mergeStyleOrder({ a: ['x.css'], b: ['y.css', 'x.css'], c: ['z.css', 'y.css'] })).toEqual(
      ['z.css', 'y.css', 'x.css'],
    );
    expect(() => mergeStyleOrder({ a: ['x.css', 'y.css'], b: ['y.css', 'x.css'] })).toThrow(
      /routes a, b need their stylesheets in opposite orders/,
    );
  });
});

/** Runs the inline boot against a minimal page; what it added, and the pending callbacks. */
function run(plan: BootPlan, hash: string, o: { drawn?: boolean; hidden?: boolean } = {}) {
  const added: string[] = [];
  const frames: (() => void)[] = [];
  const timers: { f: () => void; ms: number }[] = [];
  const document = {
    documentElement: { hasAttribute: (k: string) => k === 'data-first-view' && !!o.drawn },
    visibilityState: o.hidden ? 'hidden' : 'visible',
    head: {
      appendChild: (e: Record<string, string>) =>
        added.push(
          e.tag === 'script'
            ? `script:${e.type} ${e.src}`
            : `${e.rel}${e.as ? `:${e.as}` : ''} ${e.href}`,
        ),
    },
    createElement: (tag: string) => ({ tag }),
  };
  const window = {
    location: { hash },
    requestAnimationFrame: (f: () => void) => frames.push(f),
    setTimeout: (f: () => void, ms: number) => timers.push({ f, ms }),
  };
  new Function('document', 'window', bootScript(plan))(document, window);
  return { added, frames, timers };
}

const PLAN: BootPlan = {
  entry: './assets/index-A.js',
  preloads: ['./assets/react-B.js'],
  routes: { lab: ['assets/LabPage.js'], editor: ['assets/EditorPage.js'] },
  styles: { lab: ['assets/lab.css'], editor: ['assets/editor.css', 'assets/lab.css'] },
};

describe('boot: the inline script', () => {
  it('with no drawn view: the entry, its imports and the hash’s route start at once', () => {
    const r = run(PLAN, '#/editor');
    expect(r.added).toEqual([
      'modulepreload ./assets/react-B.js',
      'modulepreload assets/EditorPage.js',
      'preload:style assets/editor.css',
      'preload:style assets/lab.css',
      'script:module ./assets/index-A.js',
    ]);
    expect(run(PLAN, '').added).toContain('modulepreload assets/LabPage.js');
    expect(run(PLAN, '#/lessons').added).toEqual([
      'modulepreload ./assets/react-B.js',
      'script:module ./assets/index-A.js',
    ]);
  });

  it('with a drawn view: nothing loads before its first frame is painted, then all once', () => {
    const r = run(PLAN, '#/lab', { drawn: true });
    expect(r.added).toEqual([]);
    expect(r.frames).toHaveLength(1);
    r.frames[0]!();
    // Queued from the frame: it runs after that frame is painted.
    const fromFrame = r.timers.find((t) => t.ms === 0)!;
    fromFrame.f();
    expect(r.added).toEqual([
      'modulepreload ./assets/react-B.js',
      'modulepreload assets/LabPage.js',
      // In the page already: the links tell Vite's loader so.
      'stylesheet assets/lab.css',
      'script:module ./assets/index-A.js',
    ]);
    // The fallback timer finds it started.
    for (const t of r.timers) t.f();
    expect(r.added).toHaveLength(4);
  });

  it('with a drawn view and no frame (a hidden tab): at once; else within a second', () => {
    expect(run(PLAN, '#/lab', { drawn: true, hidden: true }).added).toHaveLength(4);
    const r = run(PLAN, '#/lab', { drawn: true });
    const fallback = r.timers.find((t) => t.ms === 1000)!;
    fallback.f();
    expect(r.added).toHaveLength(4);
  });

  it('escapes "<" in the plan it writes into a <script>', () => {
    const s = bootScript({ ...PLAN, entry: './assets/</script>.js' });
    expect(s).not.toContain('</script>');
  });
});
