// Build plugin and helpers: which files each route needs. For a route named by its page
// module it finds the route's chunks in the bundle (the page module and their static imports,
// minus what the entry already loads) and their stylesheets; src/app/vitePluginBoot.ts
// preloads the opening route's with the entry. This plugin writes the list of every screen's
// files into index.html for the idle prefetch (src/app/prefetch.ts). No route, or `#/`, is
// the lab.
import type { Plugin } from 'vite';

/** The chunks' fields this plugin reads (Rollup's and Rolldown's output chunks have them). */
export interface ChunkInfo {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: string[];
  viteMetadata?: { importedCss: Set<string> };
}

type Bundle = Record<string, ChunkInfo | { type: 'asset' }>;

function closure(bundle: Bundle, files: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (f: string) => {
    if (seen.has(f)) return;
    const c = bundle[f];
    if (!c || c.type !== 'chunk') return;
    seen.add(f);
    for (const i of c.imports) visit(i);
  };
  for (const f of files) visit(f);
  return seen;
}

/** The chunks built from a route's page `modules`; an error (said by `who`) names one missing. */
export function pageChunks(
  chunks: ChunkInfo[],
  modules: string[],
  who: string,
  route: string,
): string[] {
  return modules.map((m) => {
    const c = chunks.find((x) => x.facadeModuleId?.replaceAll('\\', '/').endsWith(m));
    if (!c) throw new Error(`${who}: no chunk is built from ${m} (route ${route})`);
    return c.fileName;
  });
}

/** For each route, the chunks to preload, relative to index.html. */
export function routeFiles(
  bundle: Bundle,
  routes: Record<string, string[]>,
): Record<string, string[]> {
  const chunks = Object.values(bundle).filter((c): c is ChunkInfo => c.type === 'chunk');
  const entry = closure(
    bundle,
    chunks.filter((c) => c.isEntry).map((c) => c.fileName),
  );
  const out: Record<string, string[]> = {};
  for (const [route, modules] of Object.entries(routes)) {
    const roots = pageChunks(chunks, modules, `route preload`, route);
    // JavaScript only: a <link rel="preload" as="style"> would stand for the stylesheet in
    // Vite's check of what is already loaded, and the screen's CSS would never be applied.
    out[route] = [...closure(bundle, roots)].filter((f) => !entry.has(f));
  }
  return out;
}

/** For each route, its stylesheets (those the entry does not load), relative to index.html. */
export function routeStyles(
  bundle: Bundle,
  routes: Record<string, string[]>,
): Record<string, string[]> {
  const chunks = Object.values(bundle).filter((c): c is ChunkInfo => c.type === 'chunk');
  const css = (files: Iterable<string>) => {
    const out: string[] = [];
    for (const f of files) {
      const c = bundle[f];
      if (c?.type !== 'chunk') continue;
      for (const s of c.viteMetadata?.importedCss ?? []) if (!out.includes(s)) out.push(s);
    }
    return out;
  };
  const entryCss = new Set(
    css(
      closure(
        bundle,
        chunks.filter((c) => c.isEntry).map((c) => c.fileName),
      ),
    ),
  );
  const files = routeFiles(bundle, routes);
  const out: Record<string, string[]> = {};
  for (const [route, list] of Object.entries(files))
    out[route] = css(list).filter((s) => !entryCss.has(s));
  return out;
}

/** The id of the JSON list of files prefetched when idle (src/app/prefetch.ts reads it). */
export const PREFETCH_LIST_ID = 'rate-lab-prefetch';

/**
 * Every file of the `screens` (their chunks and stylesheets, minus the entry's), once each:
 * what the idle prefetch asks for with <link rel="prefetch"> (fetched, neither run nor applied).
 */
export function prefetchFiles(bundle: Bundle, screens: Record<string, string[]>): string[] {
  const files = routeFiles(bundle, screens);
  const styles = routeStyles(bundle, screens);
  const out = new Set<string>();
  for (const k of Object.keys(files)) for (const f of [...files[k]!, ...styles[k]!]) out.add(f);
  return [...out];
}

/** Writes the idle prefetch's list (every file of `screens`) into index.html. */
export function prefetchList(screens: Record<string, string[]>): Plugin {
  return {
    name: 'rate-lab:prefetch-list',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!ctx.bundle) return html;
        const bundle = ctx.bundle as unknown as Bundle;
        // "<" escaped: the list sits inside a <script> element.
        const list = JSON.stringify(prefetchFiles(bundle, screens)).replaceAll('<', '\\u003c');
        return [
          {
            tag: 'script',
            attrs: { type: 'application/json', id: PREFETCH_LIST_ID },
            children: list,
            injectTo: 'body',
          },
        ];
      },
    },
  };
}
