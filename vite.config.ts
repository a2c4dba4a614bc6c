import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { firstViewPrerender } from './src/app/vitePluginFirstView';
import { bootLoader } from './src/app/vitePluginBoot';
import { prefetchList } from './src/app/vitePluginPreload';
import { lessonsCheck } from './src/content/vitePluginLessons';

// y-monaco (live rooms' co-editing) imports Monaco by its old path, which Monaco's package
// exports no longer map: point it at the one Monaco the app already bundles.
const ALIAS = [
  {
    find: /^monaco-editor\/esm\/vs\/editor\/editor\.api(\.js)?$/,
    replacement: 'monaco-editor/editor/editor.api',
  },
];

// The routes drawn at build time (src/app/vitePluginFirstView.ts): each one's page module.
const FIRST_VIEW_PAGES = {
  lab: ['src/ui/pages/LabPage.tsx'],
  editor: ['src/ui/pages/EditorPage.tsx'],
};

// Everything the lab needs is bundled: Monaco, its workers and the Lua engine's wasm are
// served from the build, never from a CDN, so the lab works with no network at all.
//
// The production build also installs as a Progressive Web App: a Workbox service worker
// precaches every file of dist/ (the lazily loaded screens, Monaco and its workers, the wasm),
// so after one visit every route works offline. Every URL is relative (base './', the worker's
// scope './', the manifest's start_url and scope '.'), so dist/ can be served from any sub-path
// of a static host. The dev server (`npm start`) registers no service worker at all.
export default defineConfig({
  plugins: [
    react(),
    lessonsCheck(),
    // Every screen's files (Monaco's too) are prefetched when the browser is idle after the
    // first screen (src/app/prefetch.ts), so they open from the cache.
    prefetchList({
      lab: ['src/ui/pages/LabPage.tsx'],
      editor: ['src/ui/pages/EditorPage.tsx', 'src/ui/editor/MonacoLua.tsx'],
      lessons: ['src/content/LessonsPage.tsx'],
      practice: ['src/content/PracticePage.tsx'],
      races: ['src/content/RacesPage.tsx'],
      interview: ['src/content/InterviewPage.tsx'],
      present: ['src/content/present/PresentPage.tsx'],
    }),
    // The opening `#/lab` and `#/editor` screens are drawn at build time into index.html, shown
    // for a first visit before the app's code has run (src/app/vitePluginFirstView.ts).
    firstViewPrerender(FIRST_VIEW_PAGES, ALIAS),
    // Paint first, then load: the entry's stylesheets and the drawn views' are in index.html;
    // the entry and the opening route's code (its page module and their imports) start from an
    // inline script, after the drawn view's first frame (src/app/vitePluginBoot.ts). The
    // editor opens on a plain text area with the script (src/ui/editor/LuaEditor.tsx): Monaco
    // loads after it, not beside the entry.
    bootLoader(
      { lab: ['src/ui/pages/LabPage.tsx'], editor: ['src/ui/pages/EditorPage.tsx'] },
      Object.keys(FIRST_VIEW_PAGES),
    ),
    VitePWA({
      // src/app/pwa.ts registers the worker itself (production builds only).
      injectRegister: false,
      // A new build waits until the user reloads (never mid-workshop): see src/app/pwa.ts.
      registerType: 'prompt',
      devOptions: { enabled: false },
      includeAssets: ['favicon.svg'],
      manifest: {
        name: 'Rate Limit Lab',
        short_name: 'Rate Lab',
        description:
          'An interactive lab that shows how distributed rate limiting really works, offline.',
        start_url: '.',
        scope: '.',
        display: 'standalone',
        background_color: '#f6f7f4',
        theme_color: '#1f6f5c',
        icons: [{ src: 'favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' }],
      },
      workbox: {
        globPatterns: ['**/*.{html,js,mjs,css,svg,png,ico,wasm,ttf,woff,woff2,json,txt}'],
        // Monaco's bundle is about 4 MB: cache it like everything else.
        maximumFileSizeToCacheInBytes: 32 * 1024 * 1024,
        // The lab is one page with hash routes: any navigation inside the scope is index.html.
        navigateFallback: 'index.html',
        cleanupOutdatedCaches: true,
        // The first visit's worker takes control at once, so that visit is already offline-ready.
        clientsClaim: true,
      },
    }),
  ],
  base: './',
  resolve: { alias: ALIAS },
  server: { host: '127.0.0.1', port: 5173, strictPort: true },
  preview: { host: '127.0.0.1', port: 4173, strictPort: true },
  worker: { format: 'es' },
  build: {
    target: 'es2022',
    chunkSizeWarningLimit: 6000,
  },
});
