// Finds a TCP port nobody listens on, for a lab server on the loopback interface, or tells whether
// one asked for is taken.
import { createServer } from 'node:net';

/** A port that was free on 127.0.0.1 a moment ago; callers retry if the server then fails to bind. */
export function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen({ host, port: 0, exclusive: true }, () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => (port > 0 ? resolve(port) : reject(new Error('no port was assigned'))));
    });
  });
}

/**
 * Null when `host`:`port` can be listened on now; otherwise the error code binding it gave
 * (EADDRINUSE: another program listens there; EACCES: a privileged port; EADDRNOTAVAIL: not an
 * address of this machine).
 */
export function bindProblem(host: string, port: number): Promise<string | null> {
  return new Promise((resolve) => {
    const server = createServer();
    server.unref();
    server.once('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? String(err)));
    server.listen({ host, port, exclusive: true }, () => server.close(() => resolve(null)));
  });
}
