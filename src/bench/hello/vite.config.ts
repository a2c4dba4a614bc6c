// The hello-world reference page of `npm run bench:ui` (src/bench/ui-bench.mjs builds it to a
// temporary folder with this config and serves it with `vite preview`, as the lab is served).
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  base: './',
  build: { target: 'es2022', emptyOutDir: true },
});
