// The connect step on its own (so it can be timed apart from StartTLS and bind), and an ldapts client on its socket.
import net from 'node:net';
import { Client } from 'ldapts';
import type { LdapConnectionParams } from './connection.ts';
import { DEFAULT_CONNECT_TIMEOUT_MS } from './connection.ts';
import type { ConnectionCounters } from './connectionCounters.ts';
import { frameResponses } from './lean/channel.ts';
import { gatedFactories, tlsOverCountedTcp } from './socketGate.ts';
import { tlsOptionsFor } from './tlsTrust.ts';

/** Scheme, host and port of an LDAP URL, as ldapts reads them (the host it connects to). */
export function endpoint(url: string): { secure: boolean; host: string; port: number } {
  const parsed = new URL(url);
  const secure = parsed.protocol === 'ldaps:';
  let host = parsed.hostname;
  if (host.startsWith('[') && host.endsWith(']')) host = host.slice(1, -1);
  const port = parsed.port !== '' ? Number(parsed.port) : secure ? 636 : 389;
  return { secure, host: host === '' ? 'localhost' : host, port };
}

/**
 * Opens the TCP connection (with the TLS handshake for ldaps://) and resolves once it is up;
 * the socket is counted in `counters`. Rejects like ldapts would (socket error, "Connection timeout").
 */
export function connectSocket(
  params: LdapConnectionParams,
  counters: ConnectionCounters,
): Promise<net.Socket> {
  const { secure, host, port } = endpoint(params.url);
  const timeoutMs = params.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
  let socket: net.Socket;
  if (secure) {
    socket = tlsOverCountedTcp(port, host, tlsOptionsFor(params), params.tcpNoDelay, counters);
  } else {
    socket = net.connect({ port, host, noDelay: params.tcpNoDelay });
    counters.track(socket);
  }
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error('Connection timeout'));
    }, timeoutMs);
    socket.once(secure ? 'secureConnect' : 'connect', () => {
      clearTimeout(timer);
      socket.removeAllListeners('error');
      // Until ldapts takes the socket over (it replaces error listeners), an error must not crash the worker.
      socket.on('error', () => undefined);
      resolve(socket);
    });
    socket.once('error', (err) => {
      clearTimeout(timer);
      socket.destroy();
      reject(err);
    });
  });
}

/**
 * An ldapts client whose one connection is `socket` (already connected); it never opens another.
 * Its answers are framed and checked from the first byte, as openBoundClient's are.
 */
export function clientOnSocket(
  params: LdapConnectionParams,
  socket: net.Socket,
  counters: ConnectionCounters,
): Client {
  const client = new Client({
    url: params.url,
    ...gatedFactories(params.tcpNoDelay, counters, { preconnected: socket }),
  });
  frameResponses(client);
  return client;
}
