// Bundles the `dirbench` command and its load worker with esbuild into dist/cli (npm run build:cli,
// run by `prepare`): type stripping at build time, each command's implementation a chunk of its own
// (loaded when the command runs), npm packages left in node_modules. bin.mjs runs the bundle while
// it is newer than every source it was built from (inputs.json), else the sources.
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('../../', import.meta.url));
const outdir = 'dist/cli';

// Chunk names carry content hashes: without a clean folder every build would leave the last one's.
rmSync(join(root, outdir), { recursive: true, force: true });

const result = await build({
  absWorkingDir: root,
  entryPoints: { dirbench: 'src/cli/main.ts', worker: 'src/core/loadgen/worker.ts' },
  outdir,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  splitting: true,
  // Chunks beside the entries: a module that finds a file relative to itself finds the same one.
  chunkNames: '[name]-[hash]',
  platform: 'node',
  format: 'esm',
  target: 'node22',
  // Native addons and big packages load from node_modules at run time, when a command needs them.
  packages: 'external',
  metafile: true,
  logLevel: 'warning',
});

// The sources the bundle was made from: editing one makes bin.mjs run the sources again.
const inputs = Object.keys(result.metafile.inputs).filter(
  (file) => !file.startsWith('node_modules'),
);
writeFileSync(join(root, outdir, 'inputs.json'), `${JSON.stringify(inputs)}\n`);
process.stdout.write(`CLI bundle written to ${outdir} (${inputs.length} sources)\n`);
