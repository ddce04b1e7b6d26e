// Where DirBench keeps its data when no --db / --data-dir / DIRBENCH_DB says otherwise.
import os from 'node:os';
import { join } from 'node:path';

/** The per-user data folder for the CLI and browser mode (XDG on Linux, the usual places elsewhere). */
export function defaultDataDir(): string {
  if (process.env.DIRBENCH_DATA_DIR) return process.env.DIRBENCH_DATA_DIR;
  const home = os.homedir();
  if (process.platform === 'darwin')
    return join(home, 'Library', 'Application Support', 'dirbench');
  if (process.platform === 'win32')
    return join(process.env.APPDATA ?? join(home, 'AppData', 'Roaming'), 'dirbench');
  return join(process.env.XDG_DATA_HOME ?? join(home, '.local', 'share'), 'dirbench');
}

/** The database file: an explicit path, else DIRBENCH_DB, else `dirbench.sqlite` in the data folder. */
export function resolveDbFile(explicit: string | undefined, dataDir: string): string {
  return explicit ?? process.env.DIRBENCH_DB ?? join(dataDir, 'dirbench.sqlite');
}
