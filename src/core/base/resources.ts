// Locates DirBench's own files (package.json, data/, dist/) whether run from source or from a bundle.
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

/** The project root; bundled hosts (Electron) set DIRBENCH_ROOT because their modules live elsewhere. */
export function resourceRoot(): string {
  return process.env.DIRBENCH_ROOT ?? fileURLToPath(new URL('../../../', import.meta.url));
}

/** A path under the project root, e.g. `resourcePath('data', 'names')`. */
export function resourcePath(...parts: string[]): string {
  return join(resourceRoot(), ...parts);
}
