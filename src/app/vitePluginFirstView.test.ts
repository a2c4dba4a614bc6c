import { describe, expect, it } from 'vitest';
import type { ChunkInfo } from './vitePluginPreload';
import {
  asScriptText,
  bodyScript,
  chooseFirstView,
  headScript,
  markOpening,
  routeStylesInOrder,
} from './vitePluginFirstView';

/** A localStorage holding these keys. */
const stored = (...keys: string[]) => ({
  length: keys.length,
  key: (i: number) => keys[i] ?? null,
});

describe('first view: which copy a page opens on', () => {
  it('the lab (no hash, #/ or #/lab) and the editor, wide or narrow by the window', () => {
    for (const h of ['', '#', '#/', '#/lab'])
      expect(chooseFirstView(h, stored(), 1440, 600)).toBe('lab-wide');
    expect(chooseFirstView('#/lab', stored(), 599, 600)).toBe('lab-narrow');
    expect(chooseFirstView('#/lab', null, 360, 600)).toBe('lab-narrow');
    expect(chooseFirstView('#/editor', stored(), 600, 600)).toBe('editor-wide');
    expect(chooseFirstView('#/editor', null, 360, 600)).toBe('editor-narrow');
  });

  it('none for any other route or a link with a scenario or a script', () => {
    for (const h of [
      '#/lessons',
      '#/lab?scenario=x',
      '#/editor?s=x',
      '#/editor?template=x',
      '#/editor/x',
      '#/lab/x',
      '#/races',
    ])
      expect(chooseFirstView(h, stored(), 1440, 600)).toBeNull();
  });

  it('none for a returning learner: saved progress (the lab), a saved draft (the editor)', () => {
    expect(chooseFirstView('#/lab', stored('rate-lab:progress:v1'), 1440, 600)).toBeNull();
    expect(chooseFirstView('#/lab', stored('rll.editor.v1.script.x'), 1440, 600)).toBe('lab-wide');
    expect(chooseFirstView('#/editor', stored('rll.editor.v1.script.x'), 1440, 600)).toBeNull();
    expect(chooseFirstView('#/editor', stored('rll.editor.v1.settings'), 1440, 600)).toBeNull();
    expect(chooseFirstView('#/editor', stored('rate-lab:progress:v1'), 1440, 600)).toBe(
      'editor-wide',
    );
    const blocked = {
      length: 1,
      key: () => {
        throw new Error('SecurityError');
      },
    };
    expect(chooseFirstView('#/lab', blocked, 1440, 600)).toBeNull();
  });
});

/** Runs an inline script against a minimal page; what it did. */
function run(script: string, hash: string, keys: string[] = []) {
  const attrs: Record<string, string> = {};
  const links: Record<string, string>[] = [];
  // The page's stylesheets written in switched off (vitePluginBoot.ts): which got switched on.
  const on: string[] = [];
  const styles = ['assets/a.css', 'assets/lab.css', 'assets/editor.css'];
  const el = () => {
    const e: Record<string, unknown> = {};
    e.setAttribute = (k: string, v: string) => (e[k] = v);
    return e;
  };
  const document = {
    documentElement: {
      setAttribute: (k: string, v: string) => (attrs[k] = v),
      getAttribute: (k: string) => attrs[k] ?? null,
    },
    head: { appendChild: (l: Record<string, string>) => links.push(l) },
    createElement: el,
    querySelector: (sel: string) => {
      const f = styles.find((x) => sel === `style[data-file="${x}"]`);
      return f ? { removeAttribute: (k: string) => k === 'media' && on.push(f) } : null;
    },
  };
  const window = { localStorage: stored(...keys), innerWidth: 1440 };
  new Function('window', 'document', 'location', script)(window, document, { hash });
  return { view: attrs['data-first-view'] ?? null, links, on };
}

describe('first view: the inline scripts', () => {
  const styles = { lab: ['assets/lab.css'], editor: ['assets/lab.css', 'assets/editor.css'] };

  it('the head script marks the view and switches on its route’s stylesheets, in the page', () => {
    const r = run(
      headScript({ lab: ['assets/a.css', 'assets/lab.css', 'assets/gone.css'] }, 600),
      '#/lab',
    );
    expect(r.view).toBe('lab-wide');
    expect(r.on).toEqual(['assets/a.css', 'assets/lab.css']);
    expect(r.links).toEqual([]);
  });

  it('does nothing on another route or for a returning learner', () => {
    expect(run(headScript(styles, 600), '#/lessons')).toEqual({ view: null, links: [], on: [] });
    expect(run(headScript(styles, 600), '#/lab', ['rate-lab:progress:v1'])).toEqual({
      view: null,
      links: [],
      on: [],
    });
  });

  it('the body script is valid JavaScript that does nothing without a chosen view', () => {
    expect(run(bodyScript(), '#/lab')).toEqual({ view: null, links: [], on: [] });
  });
});

describe('first view: the markup', () => {
  it('marks the lab’s copy as opening, inside <main>', () => {
    const html = '<header></header><main id="main" tabindex="-1"><div>lab</div></main><footer>';
    expect(markOpening(html, 'Opening the lab')).toBe(
      '<header></header><main id="main" tabindex="-1"><div role="status" aria-label="Opening the lab" aria-busy="true"><div>lab</div></div></main><footer>',
    );
  });

  it('names markup without a single <main> as wrong', () => {
    expect(() => markOpening('<div></div>', 'Opening the lab')).toThrow(
      /no single <main id="main">/,
    );
  });

  it('lists a route’s stylesheets as Vite’s loader adds them: imports first, not the entry’s', () => {
    const none = { type: 'chunk' as const, isEntry: false, facadeModuleId: null, imports: [] };
    const css = (...files: string[]) => ({ viteMetadata: { importedCss: new Set(files) } });
    const bundle: Record<string, ChunkInfo> = {
      'index.js': { ...none, fileName: 'index.js', isEntry: true, ...css('index.css') },
      'Page.js': {
        ...none,
        fileName: 'Page.js',
        facadeModuleId: '/repo/src/Page.tsx',
        imports: ['index.js', 'lab.js'],
        ...css('page.css'),
      },
      'lab.js': { ...none, fileName: 'lab.js', ...css('lab.css') },
    };
    expect(routeStylesInOrder(bundle, { p: ['src/Page.tsx'] })).toEqual({
      p: ['lab.css', 'page.css'],
    });
    expect(() => routeStylesInOrder(bundle, { q: ['src/Nope.tsx'] })).toThrow(
      /no chunk is built from src\/Nope.tsx \(route q\)/,
    );
  });
});

describe('first view: markup kept as text', () => {
  it('keeps markup with React’s comments, refuses a <script> tag, naming the view', () => {
    expect(asScriptText('<p>a<!-- -->b</p><!--$-->', 'lab-wide')).toBe('<p>a<!-- -->b</p><!--$-->');
    expect(() => asScriptText('<p></SCRIPT></p>', 'lab-wide')).toThrow(
      /first view lab-wide: the markup holds a <script> tag/,
    );
  });
});
