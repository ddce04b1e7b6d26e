// Finds a TCP port nobody listens on, for a lab server on the loopback interface.
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
