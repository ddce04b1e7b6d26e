// A listen failure of a port DirBench opens (serve, responder, --metrics-port) in the user's terms:
// which option to change and how; and which hosts are loopback.
import { invalid } from '../shared/errors.ts';

/** Host names that reach only this machine: listening there needs no warning. */
const LOOPBACK_HOSTS = new Set(['127.0.0.1', '::1', 'localhost']);

/** True when `host` is a loopback address (other machines cannot connect to it). */
export function isLoopbackHost(host: string): boolean {
  return LOOPBACK_HOSTS.has(host);
}

/** The options that chose the address, and the port usual for it (said when a port needs privileges). */
export interface ListenOptions {
  port: string;
  host: string;
  usualPort?: number;
}

/** `err` from listening on host:port as an exit-2 error naming the option to change; other errors as they are. */
export function listenError(err: unknown, host: string, port: number, names: ListenOptions): Error {
  const code = (err as NodeJS.ErrnoException).code;
  if (code === 'EADDRINUSE') {
    return invalid(
      names.port,
      `port ${port} on ${host} is in use: pick another ${names.port}, or 0 for a free one`,
    );
  }
  if (code === 'EACCES') {
    return invalid(
      names.port,
      `port ${port} needs privileges: pick a ${names.port} of 1024 or more ` +
        (names.usualPort === undefined ? '(or 0 for a free one)' : `(${names.usualPort} is usual)`),
    );
  }
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
    return invalid(
      names.host,
      `${host} is not an address of this machine: give one of its interfaces, or leave ${names.host} out for 127.0.0.1`,
    );
  }
  return err instanceof Error ? err : new Error(String(err));
}
