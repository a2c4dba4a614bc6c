// Build plugin: paint first, then load. On a first visit index.html already holds the opening
// screen (src/app/vitePluginFirstView.ts); what kept it off the screen was the network and the
// machine's two cores: the render-blocking stylesheets queued behind two dozen script downloads
// (six connections to one host), and compiling those scripts took the CPU the first layout
// needed. So this plugin, the last to touch index.html:
// - writes the entry's stylesheets into <head> as <style> (no request before the first paint),
//   and each first-view route's stylesheets after them, switched off (media="not all") until
//   the head script of the first view switches on those of the view it draws;
// - takes the entry's <script type="module"> and its <link rel="modulepreload">s out of the
//   page and starts them from an inline script instead, with the route's chunks and
//   stylesheets (Vite's loader finds those and does not ask again): at once when the page
//   draws no build-time view, and after the view's first frame when it does (or at once in a
//   hidden tab, where no frame comes). The app then takes over from the copy as before.
import type { Plugin } from 'vite';
import { STYLE_FILE_ATTR } from './firstViewId';
import { routeStylesInOrder } from './vitePluginFirstView';
import { routeFiles, routeStyles, type ChunkInfo } from './vitePluginPreload';

interface Asset {
  type: 'asset';
  fileName: string;
  source: string | Uint8Array;
}
type Bundle = Record<string, ChunkInfo | Asset>;

/** What Vite wrote into index.html for the entry, and the page without it. */
export interface EntryTags {
  html: string;
  script: string;
  preloads: string[];
  styles: string[];
}

const MODULE_SCRIPT = /<script\b[^>]*\btype="module"[^>]*\bsrc="([^"]+)"[^>]*><\/script>\s*/g;
const MODULE_PRELOAD = /<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"[^>]*>\s*/g;
const STYLESHEET = /<link\b[^>]*\brel="stylesheet"[^>]*\bhref="([^"]+\.css)"[^>]*>/g;

/** Finds the entry's tags; the stylesheets stay where they are (they are replaced in place). */
export function takeEntryTags(html: string): EntryTags {
  const scripts = [...html.matchAll(MODULE_SCRIPT)].map((m) => m[1]!);
  if (scripts.length !== 1)
    throw new Error(`boot: index.html has ${scripts.length} module scripts; one entry expected`);
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((m) => m[1]!);
  const styles = [...html.matchAll(STYLESHEET)].map((m) => m[1]!);
  return {
    html: html.replace(MODULE_SCRIPT, '').replace(MODULE_PRELOAD, ''),
    script: scripts[0]!,
    preloads,
    styles,
  };
}

/** A stylesheet's text kept in a <style> element: it must not hold what would end it. */
export function asStyleText(css: string, file: string): string {
  if (/<\/style/i.test(css))
    throw new Error(`boot: ${file} holds "</style"; it cannot be written into index.html`);
  return css;
}

/**
 * One order for all routes' stylesheets in which each route's own order holds (they are
 * written into the page once each); an error names routes that need them in opposite orders.
 */
export function mergeStyleOrder(routes: Record<string, string[]>): string[] {
  const files: string[] = [];
  for (const list of Object.values(routes))
    for (const f of list) if (!files.includes(f)) files.push(f);
  const after = new Map(files.map((f) => [f, new Set<string>()]));
  for (const list of Object.values(routes))
    list.forEach((f, i) => list.slice(i + 1).forEach((g) => after.get(f)!.add(g)));
  const out: string[] = [];
  while (out.length < files.length) {
    // The first file (in order of appearance) that no file left must precede.
    const next = files.find(
      (f) => !out.includes(f) && files.every((g) => out.includes(g) || !after.get(g)!.has(f)),
    );
    if (!next) {
      const left = Object.keys(routes).filter((r) => routes[r]!.some((f) => !out.includes(f)));
      throw new Error(`boot: routes ${left.join(', ')} need their stylesheets in opposite orders`);
    }
    out.push(next);
  }
  return out;
}

/** The data of the inline boot script. */
export interface BootPlan {
  /** The entry module, relative to index.html. */
  entry: string;
  /** The entry's static imports. */
  preloads: string[];
  /** For each route (the first part of the hash; none is the lab): its chunks. */
  routes: Record<string, string[]>;
  /** For each route: its stylesheets, in cascade order. */
  styles: Record<string, string[]>;
}

/**
 * The boot, run inline at the end of <body> (its source is written into index.html, so it
 * calls nothing outside itself). `doc` and `win` are the page's.
 */
export function boot(plan: BootPlan, doc: Document, win: Window): void {
  const m = /^#\/([^/?]*)/.exec(win.location.hash);
  const route = (m && m[1]) || 'lab';
  const drawn = doc.documentElement.hasAttribute('data-first-view');
  const head = doc.head;
  const link = (rel: string, href: string, as?: string) => {
    const l = doc.createElement('link');
    l.rel = rel;
    if (as) l.as = as;
    l.crossOrigin = '';
    l.href = href;
    head.appendChild(l);
  };
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const h of plan.preloads) link('modulepreload', h);
    for (const h of plan.routes[route] || []) link('modulepreload', h);
    // A drawn view's stylesheets are in the page already: their links only tell Vite's loader
    // so (it then adds none of its own and does not wait). Otherwise they preload, and Vite
    // applies them in its own order once the screen's code asks.
    for (const h of plan.styles[route] || [])
      if (drawn) link('stylesheet', h);
      else link('preload', h, 'style');
    const s = doc.createElement('script');
    s.type = 'module';
    s.crossOrigin = '';
    s.src = plan.entry;
    head.appendChild(s);
  };
  if (!drawn || doc.visibilityState === 'hidden') return start();
  // After the frame that draws the view (a task queued from its animation frame runs after
  // that frame is painted), and in any case within a second.
  win.requestAnimationFrame(() => win.setTimeout(start, 0));
  win.setTimeout(start, 1000);
}

/** The inline script for `plan`. */
export function bootScript(plan: BootPlan): string {
  // "<" escaped: the plan sits inside a <script> element.
  const data = JSON.stringify(plan).replaceAll('<', '\\u003c');
  return `(${boot.toString()})(${data},document,window);`;
}

const rel = (href: string) => href.replace(/^\.\//, '');

/**
 * `routes`: each route's page module (its chunks load with the entry); `drawn`: the routes
 * drawn at build time, whose stylesheets are written into the page.
 */
export function bootLoader(routes: Record<string, string[]>, drawn: string[]): Plugin {
  return {
    name: 'rate-lab:boot',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!ctx.bundle) return html;
        const bundle = ctx.bundle as unknown as Bundle;
        const cssText = (href: string) => {
          const a = bundle[rel(href)];
          if (a?.type !== 'asset') throw new Error(`boot: no stylesheet ${href} in the bundle`);
          const text = typeof a.source === 'string' ? a.source : new TextDecoder().decode(a.source);
          return asStyleText(text, href);
        };
        const styles = routeStyles(bundle, routes);
        const inOrder = routeStylesInOrder(
          bundle,
          Object.fromEntries(drawn.map((r) => [r, routes[r] ?? []])),
        );
        const drawnStyles = mergeStyleOrder(inOrder);
        const taken = takeEntryTags(html);
        let first = true;
        const page = taken.html.replace(STYLESHEET, (_tag, href: string) => {
          let out = `<style>${cssText(href)}</style>`;
          // The drawn routes' stylesheets come after the entry's (the same cascade as Vite's).
          if (first)
            for (const f of drawnStyles)
              out += `<style media="not all" ${STYLE_FILE_ATTR}="${f}">${cssText(f)}</style>`;
          first = false;
          return out;
        });
        if (first) throw new Error('boot: index.html has no stylesheet for the entry');
        const plan: BootPlan = {
          entry: taken.script,
          preloads: taken.preloads,
          routes: routeFiles(bundle, routes),
          // A drawn route's stylesheets in its cascade order (the links that say they are in).
          styles: { ...styles, ...inOrder },
        };
        return {
          html: page,
          tags: [{ tag: 'script', children: bootScript(plan), injectTo: 'body' }],
        };
      },
    },
  };
}
