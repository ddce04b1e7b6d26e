#!/usr/bin/env node
// Entry of the `dirbench` command: runs the bundle (dist/cli, npm run build:cli) while it is newer than
// its sources, else the sources; re-runs itself on the project's Node >= 22 when started on an older one.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { constants } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');

/** The built bundle when every source it was made from is older than it, else null (edited sources win). */
function freshBundle() {
  const bundle = join(root, 'dist', 'cli', 'dirbench.mjs');
  try {
    const builtMs = statSync(bundle).mtimeMs;
    const inputs = JSON.parse(readFileSync(join(root, 'dist', 'cli', 'inputs.json'), 'utf8'));
    return inputs.every((file) => statSync(join(root, file)).mtimeMs <= builtMs) ? bundle : null;
  } catch {
    // No bundle, or a source it was made from is gone: the sources are what there is.
    return null;
  }
}

/** The module to run: the fresh bundle, else the sources' entry. */
function entryModule() {
  return freshBundle() ?? join(here, 'main.ts');
}
const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);

if (process.argv.length === 3 && process.argv[2] === '--version') {
  // What scripts ask most often, answered without loading TypeScript (dirbench.ts prints the same line).
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  process.stdout.write(`${pkg.version}\n`);
} else if (major > 22 || (major === 22 && minor >= 18)) {
  await import(entryModule());
} else {
  // Node < 22.18 cannot strip TypeScript types; the `node` dev dependency ships a newer runtime.
  const bundled = join(root, 'node_modules', 'node', 'bin', 'node');
  if (!existsSync(bundled)) {
    console.error(
      `dirbench needs Node >= 22.18 (this is ${process.versions.node}); run "npm ci" in the project to install it.`,
    );
    process.exit(2);
  }
  // The IPC channel is only a lifeline: it ends however this process dies (SIGKILL included), and
  // the child then stops as on SIGTERM (src/cli/launcherWatch.ts).
  const child = spawn(bundled, [entryModule(), ...process.argv.slice(2)], {
    stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
  });
  // Forward stop signals so the real process can stop its run and labs cleanly.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'])
    process.on(signal, () => child.kill(signal));
  // A child ended by a signal exits as a shell reports it: 128 + the signal's number (SIGKILL 137).
  child.on('exit', (code, signal) =>
    process.exit(code ?? (signal ? 128 + (constants.signals[signal] ?? 15) : 1)),
  );
}
