// Locates DirBench's own files (package.json, data/, dist/) whether run from source or from a bundle.
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

/**
 * The project root: DIRBENCH_ROOT when a host sets it (Electron's app path), else found from this
 * module: src/core/base/ in the sources, dist/<bundle>/ in a bundle (npm run build:cli).
 */
export function resourceRoot(): string {
  const up = import.meta.url.endsWith('.ts') ? '../../../' : '../../';
  return process.env.DIRBENCH_ROOT ?? fileURLToPath(new URL(up, import.meta.url));
}

/** A path under the project root, e.g. `resourcePath('data', 'names')`. */
export function resourcePath(...parts: string[]): string {
  return join(resourceRoot(), ...parts);
}
