// Node's on-disk cache of compiled modules (TypeScript already stripped), so the second start of the
// CLI or of a load worker skips most of the compiling. It lives in the user's cache folder, never in
// the project; NODE_DISABLE_COMPILE_CACHE=1 turns it off, NODE_COMPILE_CACHE=DIR moves it.
import module from 'node:module';
import os from 'node:os';
import { join } from 'node:path';

/** The per-user cache folder of DirBench's compiled modules (XDG on Linux, the usual places elsewhere). */
export function compileCacheDir(): string {
  if (process.env.NODE_COMPILE_CACHE) return process.env.NODE_COMPILE_CACHE;
  let home: string;
  try {
    home = os.homedir();
  } catch {
    // No home folder (a service account): the temp folder still spares later starts.
    return join(os.tmpdir(), 'dirbench-compile-cache');
  }
  if (process.platform === 'darwin') return join(home, 'Library', 'Caches', 'dirbench', 'modules');
  if (process.platform === 'win32')
    return join(process.env.LOCALAPPDATA ?? join(home, 'AppData', 'Local'), 'dirbench', 'modules');
  return join(process.env.XDG_CACHE_HOME ?? join(home, '.cache'), 'dirbench', 'modules');
}

/** Caches the modules this process compiles from now on; without a writable folder it starts as before. */
export function enableCompileCache(): void {
  try {
    module.enableCompileCache(compileCacheDir());
  } catch {
    // A cache only saves time: a process that cannot keep one still runs.
  }
}
