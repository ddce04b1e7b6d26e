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
    chunkSizeWarningLimit: 1200,
  },
});
