// Picks the loopback address a Samba AD lab serves on: its LDAP ports are fixed (389, 636, 3268,
// 3269), so each lab takes an address of its own, 127.0.0.2 and up.
import { connect } from 'node:net';

/** First and last host number tried in 127.0.0.N (127.0.0.1 is left to everything else). */
const FIRST_HOST = 2;
const LAST_HOST = 254;

/** True when something accepts TCP connections on `address`:`port` now. */
export function listening(address: string, port: number, timeoutMs = 1_000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: address, port });
    const done = (open: boolean): void => {
      socket.destroy();
      resolve(open);
    };
    socket.setTimeout(timeoutMs, () => done(true));
    socket.once('connect', () => done(true));
    socket.once('error', (err: NodeJS.ErrnoException) => done(err.code !== 'ECONNREFUSED'));
  });
}

/**
 * The first 127.0.0.N (N >= 2) that is not in `skip` and where nothing answers on `port`; throws
 * naming the range when every one is taken.
 */
export async function freeLoopbackAddress(
  port: number,
  skip: ReadonlySet<string> = new Set(),
  isListening: (address: string, port: number) => Promise<boolean> = listening,
): Promise<string> {
  for (let host = FIRST_HOST; host <= LAST_HOST; host++) {
    const address = `127.0.0.${host}`;
    if (skip.has(address)) continue;
    if (!(await isListening(address, port))) return address;
  }
  throw new Error(
    `every loopback address from 127.0.0.${FIRST_HOST} to 127.0.0.${LAST_HOST} has a server on port ${port}: stop a Samba AD lab and try again`,
  );
}
