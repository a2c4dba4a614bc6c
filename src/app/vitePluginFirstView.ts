// Build plugin: the opening screen is in the page before any of the app's code has run. At
// build time it renders `#/lab` and `#/editor` with react-dom/server (src/app/firstViewMarkup.tsx,
// bundled for Node by a second Vite build) for a first visit, in the lanes' wide and narrow
// layouts, and writes the markup into index.html as text. Two inline scripts then pick
// the one for the page: in <head>, the route's stylesheets are switched on (they are in the page,
// src/app/vitePluginBoot.ts, so the first paint is styled); at the top of <body>, a copy of the
// markup in <div id="first-view">, beside #root. main.tsx renders the app when the screen's
// code is in, and src/app/firstViewHandoff.ts then moves what the learner typed, the focus and
// the selection into the app's fields and removes the copy once the app's fields show it, in
// the task of the app's first commits (nothing is drawn in between) or, if the app follows the
// typed text only later, when it does.
//
// Only a first visit gets it: the lab with no scenario in the link and no saved progress, the
// editor with no saved editor state and no script in the link; any other page opens as before.
// In the copy the
// buttons, menus and other controls are inert until the app takes over (a click is never
// swallowed; text typed into a field is kept), and a form cannot submit.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, type AliasOptions, type Plugin } from 'vite';
import { FIRST_VIEW_ID, STYLE_FILE_ATTR } from './firstViewId';
import { pageChunks, type ChunkInfo } from './vitePluginPreload';

/**
 * Which build-time view the page opens on: `lab-wide`, `editor-narrow`..., or null for none.
 * It runs in index.html before the app (its source is inlined there), so it calls nothing
 * outside itself.
 */
export function chooseFirstView(
  hash: string,
  storage: Pick<Storage, 'length' | 'key'> | null,
  width: number,
  wideFrom: number,
): string | null {
  const route =
    hash === '' || hash === '#' || hash === '#/' || hash === '#/lab'
      ? 'lab'
      : hash === '#/editor'
        ? 'editor'
        : null;
  if (!route) return null;
  try {
    if (storage)
      for (let i = 0; i < storage.length; i++) {
        const k = storage.key(i) || '';
        if (route === 'lab' ? k.indexOf('rate-lab:progress') === 0 : k.indexOf('rll.editor.') === 0)
          return null;
      }
  } catch {
    return null;
  }
  return route + (width < wideFrom ? '-narrow' : '-wide');
}

/**
 * The <head> script: picks the view, marks it on <html> and switches on the route's
 * stylesheets, written into the page switched off (src/app/vitePluginBoot.ts), so the first
 * paint is styled with no request.
 */
export function headScript(styles: Record<string, string[]>, wideFrom: number): string {
  return (
    `(function(){var choose=${chooseFirstView.toString()};var s=null;` +
    `try{s=window.localStorage}catch(e){}` +
    `var v=choose(location.hash,s,window.innerWidth,${wideFrom});if(!v)return;` +
    `document.documentElement.setAttribute('data-first-view',v);` +
    `(${JSON.stringify(styles)}[v.split('-')[0]]||[]).forEach(function(h){` +
    `var e=document.querySelector('style[${STYLE_FILE_ATTR}="'+h+'"]');` +
    `if(e)e.removeAttribute('media')})})();`
  );
}

/** Controls that only the app can work: inert in the copy (text fields stay live). */
const INERT =
  'button,select,summary,a[role=button],[role=tab],input[type=checkbox],input[type=radio],input[type=range],input[type=file]';

/** The <body> script: draws the chosen view's copy, before #root. */
export function bodyScript(): string {
  return (
    `(function(){var v=document.documentElement.getAttribute('data-first-view');if(!v)return;` +
    `var t=document.getElementById('fv-'+v);if(!t)return;` +
    `var d=document.createElement('div');d.id=${JSON.stringify(FIRST_VIEW_ID)};` +
    `d.innerHTML=t.textContent;` +
    `d.querySelectorAll(${JSON.stringify(INERT)}).forEach(function(e){e.inert=true});` +
    `d.addEventListener('submit',function(e){e.preventDefault()},true);` +
    `document.body.appendChild(d)})();`
  );
}

/**
 * The lab's copy says it is opening (its controls wait for the app), where the app's own
 * placeholder would: the page's <main> holds a status named "Opening the lab".
 */
export function markOpening(html: string, label: string): string {
  const open = '<main id="main" tabindex="-1">';
  const at = html.indexOf(open);
  const end = html.lastIndexOf('</main>');
  if (at < 0 || end < at || html.indexOf(open, at + 1) >= 0)
    throw new Error(`first view: the markup has no single <main id="main"> to mark "${label}"`);
  return (
    html.slice(0, at + open.length) +
    `<div role="status" aria-label="${label}" aria-busy="true">` +
    html.slice(at + open.length, end) +
    '</div>' +
    html.slice(end)
  );
}

type Bundle = Record<string, ChunkInfo | { type: 'asset' }>;

/**
 * For each route, its stylesheets in the order Vite's loader would add them (a chunk's imports'
 * stylesheets before its own: the same cascade), without those the entry already applies.
 */
export function routeStylesInOrder(
  bundle: Bundle,
  routes: Record<string, string[]>,
): Record<string, string[]> {
  const chunks = Object.values(bundle).filter((c): c is ChunkInfo => c.type === 'chunk');
  const cssOf = (roots: string[]) => {
    const out: string[] = [];
    const seen = new Set<string>();
    const visit = (f: string) => {
      const c = bundle[f];
      if (seen.has(f) || c?.type !== 'chunk') return;
      seen.add(f);
      c.imports.forEach(visit);
      for (const s of c.viteMetadata?.importedCss ?? []) if (!out.includes(s)) out.push(s);
    };
    roots.forEach(visit);
    return out;
  };
  const entry = new Set(cssOf(chunks.filter((c) => c.isEntry).map((c) => c.fileName)));
  const out: Record<string, string[]> = {};
  for (const [route, modules] of Object.entries(routes)) {
    out[route] = cssOf(pageChunks(chunks, modules, 'first view', route)).filter(
      (s) => !entry.has(s),
    );
  }
  return out;
}

/** Markup kept as a <script>'s text: it must not hold what would end that element. */
export function asScriptText(html: string, id: string): string {
  if (/<\/?script/i.test(html))
    throw new Error(`first view ${id}: the markup holds a <script> tag; it cannot be inlined`);
  return html;
}

/** The layouts rendered: a window's width for each (the lanes' layout follows it). */
const WIDTHS = { wide: 1440, narrow: 360 } as const;

/** What the build-time module (firstViewMarkup.tsx) exports. */
interface MarkupModule {
  FIRST_VIEW_ROUTES: readonly string[];
  WIDE_FROM: number;
  firstViewMarkup(route: string): Promise<string>;
}

/** The few browser globals the first render reads, for the time of `f`, then as they were. */
async function inBrowserGlobals<T>(f: (at: (hash: string, width: number) => void) => Promise<T>) {
  const g = globalThis as Record<string, unknown>;
  const saved = { window: g.window, location: g.location, document: g.document };
  const location = { hash: '', href: 'http://localhost/' };
  const win = {
    location,
    innerWidth: WIDTHS.wide as number,
    addEventListener() {},
    removeEventListener() {},
  };
  Object.assign(g, { window: win, location, document: { documentElement: { dataset: {} } } });
  try {
    return await f((hash, width) => {
      location.hash = hash;
      location.href = `http://localhost/${hash}`;
      win.innerWidth = width;
    });
  } finally {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete g[k];
      else g[k] = v;
    }
  }
}

/** Builds firstViewMarkup.tsx for Node and renders every view: `lab-wide` -> its markup. */
async function renderViews(
  root: string,
  alias: AliasOptions | undefined,
): Promise<{ views: Record<string, string>; wideFrom: number }> {
  const out = mkdtempSync(join(tmpdir(), 'rate-lab-first-view-'));
  try {
    await build({
      configFile: false,
      root,
      logLevel: 'warn',
      plugins: [
        react(),
        // The service worker's registration is never drawn; its virtual module is the PWA
        // plugin's, which this build does not run.
        {
          name: 'rate-lab:first-view-pwa-stub',
          resolveId: (id) => (id === 'virtual:pwa-register' ? '\0pwa-register' : null),
          load: (id) => (id === '\0pwa-register' ? 'export function registerSW() {}' : null),
        },
      ],
      resolve: { alias },
      ssr: { noExternal: true },
      build: {
        ssr: 'src/app/firstViewMarkup.tsx',
        outDir: out,
        emptyOutDir: true,
        copyPublicDir: false,
        target: 'node20',
      },
    });
    const m = (await import(pathToFileURL(join(out, 'firstViewMarkup.js')).href)) as MarkupModule;
    const views: Record<string, string> = {};
    await inBrowserGlobals(async (at) => {
      for (const route of m.FIRST_VIEW_ROUTES)
        for (const [layout, width] of Object.entries(WIDTHS)) {
          at(`#/${route}`, width);
          const html = await m.firstViewMarkup(route);
          views[`${route}-${layout}`] =
            route === 'lab' ? markOpening(html, 'Opening the lab') : html;
        }
    });
    return { views, wideFrom: m.WIDE_FROM };
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

/**
 * `routes`: each drawn route's page module (its stylesheets are applied before the first paint);
 * `alias`: the app's resolve.alias, for the build of the markup.
 */
export function firstViewPrerender(routes: Record<string, string[]>, alias?: AliasOptions): Plugin {
  let root = process.cwd();
  return {
    name: 'rate-lab:first-view',
    apply: 'build',
    configResolved(c) {
      root = c.root;
    },
    transformIndexHtml: {
      order: 'post',
      async handler(_html, ctx) {
        if (!ctx.bundle) return;
        const bundle = ctx.bundle as unknown as Bundle;
        const { views, wideFrom } = await renderViews(root, alias);
        return [
          {
            tag: 'script',
            children: headScript(routeStylesInOrder(bundle, routes), wideFrom),
            injectTo: 'head',
          },
          // As text, not <template>s: the browser parses only the one the page shows.
          ...Object.entries(views).map(([id, html]) => ({
            tag: 'script',
            attrs: { type: 'text/html', id: `fv-${id}` },
            children: asScriptText(html, id),
            injectTo: 'body-prepend' as const,
          })),
          { tag: 'script', children: bodyScript(), injectTo: 'body-prepend' },
        ];
      },
    },
  };
}
