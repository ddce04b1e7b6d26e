// Finds the nats-server program a broker runs, or says how to install it.
import { execFileSync } from 'node:child_process';
import { delimiter, join } from 'node:path';
import { ApiError } from '../../shared/errors.ts';
import { isExecutable } from '../lab/installLookup.ts';

/** What to tell a person whose machine has no nats-server. */
export const NATS_SERVER_INSTALL_HINT =
  'nats-server is not installed. On Debian/Ubuntu: sudo apt-get install nats-server ' +
  '(macOS: brew install nats-server; elsewhere: the nats-server release from https://nats.io/download/ on your PATH)';

/** Where to look: the system folders packages install it to (Debian: /usr/sbin), then PATH. */
export function natsServerSearchDirs(env: NodeJS.ProcessEnv = process.env): string[] {
  return [
    '/usr/sbin',
    '/usr/local/sbin',
    '/usr/local/bin',
    '/opt/homebrew/bin',
    ...(env['PATH'] ?? '').split(delimiter).filter((d) => d !== ''),
  ];
}

/** The nats-server executable in the first of `dirs` that has one; null when none does. */
export function findNatsServer(dirs: readonly string[] = natsServerSearchDirs()): string | null {
  for (const dir of dirs) {
    const candidate = join(dir, 'nats-server');
    if (isExecutable(candidate)) return candidate;
  }
  return null;
}

/** The nats-server executable; an 'unavailable' error saying how to install it when there is none. */
export function requireNatsServer(dirs: readonly string[] = natsServerSearchDirs()): string {
  const found = findNatsServer(dirs);
  if (found === null) throw new ApiError('unavailable', NATS_SERVER_INSTALL_HINT);
  return found;
}

/** `nats-server --version` as it prints it (`nats-server: v2.9.10` gives `2.9.10`); null when it cannot say. */
export function natsServerVersion(binary: string): string | null {
  try {
    const out = execFileSync(binary, ['--version'], { encoding: 'utf8', timeout: 10_000 });
    return /v?(\d+\.\d+\.\d+\S*)/.exec(out)?.[1] ?? null;
  } catch {
    return null;
  }
}
