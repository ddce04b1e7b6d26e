// A loopback TCP proxy that forwards an LDAP client to a server and records the SearchRequests the
// client sends, so the peer benchmark can compare what two tools put on the wire.
import net from 'node:net';
import { LdapMessageFramer, parseSearchRequest } from '../../src/core/testing/searchRequestWire.ts';

/** One SearchRequest as the client sent it. */
export interface RecordedSearch {
  /** 0 for the first connection the proxy accepted, 1 for the next... */
  connection: number;
  baseDn: string;
  /** The whole LDAPMessage, as sent. */
  bytes: Buffer;
}

/** A running proxy. */
export interface RecordingProxy {
  /** The loopback port clients connect to. */
  port: number;
  /** SearchRequests recorded so far, in the order they arrived (at most `maxRecorded`). */
  searches(): readonly RecordedSearch[];
  /** Client streams that were not LDAP as the framer reads it, with the reason (recording stopped on them). */
  unreadable(): readonly string[];
  /** Stops listening and closes every forwarded connection. */
  close(): Promise<void>;
}

/** Where to forward and how much to keep. */
export interface RecordingProxyOptions {
  /** The server's port on 127.0.0.1. */
  targetPort: number;
  /** Connections past this many are refused (a bounded recording of a short run). */
  maxConnections?: number;
  /** SearchRequests kept; later ones are forwarded unrecorded. */
  maxRecorded?: number;
}

/** Writes a chunk on, pausing the source until the destination drains (memory stays bounded). */
function forward(from: net.Socket, to: net.Socket, chunk: Buffer): void {
  if (to.write(chunk)) return;
  from.pause();
  to.once('drain', () => from.resume());
}

/** Starts the proxy on 127.0.0.1 and a free port. */
export async function startRecordingProxy(options: RecordingProxyOptions): Promise<RecordingProxy> {
  const maxConnections = options.maxConnections ?? 16;
  const maxRecorded = options.maxRecorded ?? 64;
  const recorded: RecordedSearch[] = [];
  const unreadable: string[] = [];
  const sockets = new Set<net.Socket>();
  let accepted = 0;

  const server = net.createServer((client) => {
    const connection = accepted++;
    if (connection >= maxConnections) {
      client.destroy();
      return;
    }
    const upstream = net.connect({ host: '127.0.0.1', port: options.targetPort });
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.setNoDelay(true);
      socket.once('close', () => sockets.delete(socket));
      // Either side failing ends both: the tool sees the connection drop as it would without us.
      socket.once('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.once('close', () => upstream.destroy());
    upstream.once('close', () => client.destroy());
    let framer: LdapMessageFramer | null = new LdapMessageFramer();
    client.on('data', (chunk: Buffer) => {
      if (framer !== null && recorded.length < maxRecorded) {
        try {
          for (const message of framer.push(chunk)) {
            const search = parseSearchRequest(message);
            if (search !== null && recorded.length < maxRecorded) {
              recorded.push({ connection, baseDn: search.baseDn, bytes: message });
            }
          }
        } catch (err) {
          unreadable.push(`connection ${connection}: ${(err as Error).message}`);
          framer = null;
        }
      }
      forward(client, upstream, chunk);
    });
    upstream.on('data', (chunk: Buffer) => forward(upstream, client, chunk));
    client.once('end', () => upstream.end());
    upstream.once('end', () => client.end());
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the proxy has no port');

  return {
    port: address.port,
    searches: () => recorded,
    unreadable: () => unreadable,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
