import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { lessonsCheck } from './src/content/vitePluginLessons';

// Everything the lab needs is bundled: Monaco, its workers and the Lua engine's wasm are
// served from the build, never from a CDN, so the lab works with no network at all.
export default defineConfig({
  plugins: [react(), lessonsCheck()],
  base: './',
  server: { host: '127.0.0.1', port: 5173, strictPort: true },
  preview: { host: '127.0.0.1', port: 4173, strictPort: true },
  worker: { format: 'es' },
  build: {
    target: 'es2022',
    chunkSizeWarningLimit: 6000,
  },
});
