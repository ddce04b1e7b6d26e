// Vite build of the renderer: relative base so dist/renderer/index.html also loads from file:// in Electron.
// eslint-disable-next-line no-restricted-imports -- build tooling runs in Node, not in the renderer
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const rendererDir = fileURLToPath(new URL('.', import.meta.url));

/** Vite configuration for `npm run build:renderer`. */
export default defineConfig({
  root: rendererDir,
  base: './',
  plugins: [react()],
  build: {
    outDir: fileURLToPath(new URL('../../dist/renderer', import.meta.url)),
    emptyOutDir: true,
    // Screens are lazy chunks (lazyScreens.ts); the largest is ECharts' (~625 kB), fetched with the
    // first chart. The first screen's script budget is checked by e2e/ui/screens.test.ts.
    chunkSizeWarningLimit: 700,
  },
});
