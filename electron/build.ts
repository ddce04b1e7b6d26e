// Bundles the Electron main process, the sandboxed preload and the load worker with esbuild.
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';
import { dirbenchCommit } from '../src/core/base/version.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
// Native addons (better-sqlite3, @resvg/resvg-js) and big runtime packages stay in node_modules, loaded at run time.
const external = [
  'electron',
  'better-sqlite3',
  '@resvg/resvg-js',
  'echarts',
  'ldapts',
  'hdr-histogram-js',
  'ws',
];

await build({
  absWorkingDir: root,
  entryPoints: { main: 'electron/main.ts', worker: 'src/core/loadgen/worker.ts' },
  outdir: 'dist/electron',
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  external,
  // The About box names the commit; a packaged app has no checkout to ask.
  define: { DIRBENCH_BUILD_COMMIT: JSON.stringify(dirbenchCommit() ?? '') },
  sourcemap: true,
  logLevel: 'warning',
});

await build({
  absWorkingDir: root,
  // electron-builder's afterPack hook (it requires hooks) flips the fuses on the packed binary.
  entryPoints: { preload: 'electron/preload.ts', afterPack: 'electron/afterPack.ts' },
  outdir: 'dist/electron',
  outExtension: { '.js': '.cjs' },
  bundle: true,
  platform: 'node',
  // A sandboxed preload must be CommonJS.
  format: 'cjs',
  target: 'node22',
  external: ['electron'],
  logLevel: 'warning',
});

process.stdout.write('Electron bundles written to dist/electron\n');
