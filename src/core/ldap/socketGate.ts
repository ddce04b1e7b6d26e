// Socket factories for one ldapts client: count its one connection and refuse ldapts' transparent reconnects.
import net from 'node:net';
import tls from 'node:tls';
import type { ConnectionCounters } from './connectionCounters.ts';
import { connectReusingReads } from './lean/reusedReads.ts';

/** Raised (as the op's error) when ldapts tried to reconnect a dropped client by itself. */
export class TransparentReconnectError extends Error {
  readonly code = 'transparentReconnect';

  constructor() {
    super(
      'ldapts tried to reconnect a dropped connection by itself (refused: it would be unbound)',
    );
    this.name = 'TransparentReconnectError';
  }
}

/** The two factories ldapts takes in its constructor. */
export interface GatedFactories {
  createConnection: typeof net.connect;
  createSecureConnection: typeof tls.connect;
}

/** A socket that fails at once: ldapts' `_connect` sees its error and rejects the op. */
function refusedSocket(): net.Socket {
  const socket = new net.Socket();
  // Destroyed now (so ldapts does not take it for open); the error is emitted on the next tick.
  socket.destroy(new TransparentReconnectError());
  return socket as tls.TLSSocket;
}

/**
 * TLS over a TCP socket of our own, so the counters see wire bytes (TLS records included) as
 * they do for StartTLS, rather than the TLS socket's clear-text counts.
 */
export function tlsOverCountedTcp(
  port: number,
  host: string,
  options: tls.ConnectionOptions | undefined,
  noDelay: boolean,
  counters: ConnectionCounters,
): tls.TLSSocket {
  const tcp = net.connect({ port, host, noDelay, keepAlive: true });
  counters.track(tcp);
  // On a given socket Node checks the certificate against servername || host; an IP is no SNI name.
  const name = net.isIP(host) === 0 ? { servername: host } : { host };
  return tls.connect({ ...name, ...options, socket: tcp });
}

/**
 * Factories that let a client open exactly one connection, counted in `counters`. Any later
 * connect is ldapts reconnecting by itself inside an op: it is refused, so the op fails with
 * `transparentReconnect` instead of running unbound with a hidden connect in its latency, and
 * the load loop reopens (and counts) the connection properly. `preconnected` is handed out as
 * that one connection when the caller connected (and timed) it already; `reuseReads` makes a plain
 * TCP connection read into the lean path's shared buffer (never one StartTLS will upgrade).
 */
export function gatedFactories(
  noDelay: boolean,
  counters: ConnectionCounters,
  { preconnected, reuseReads = false }: { preconnected?: net.Socket; reuseReads?: boolean } = {},
): GatedFactories {
  let used = false;
  const firstSocket = <S extends net.Socket>(open: () => S): S => {
    if (used) return refusedSocket() as S;
    used = true;
    return (preconnected as S | undefined) ?? open();
  };
  const createConnection = (port: number, host: string): net.Socket =>
    firstSocket(() => {
      const options = { port, host, noDelay, keepAlive: true };
      const socket = reuseReads ? connectReusingReads(options) : net.connect(options);
      counters.track(socket);
      return socket;
    });
  const createSecureConnection = (...args: unknown[]): tls.TLSSocket => {
    const first = args[0];
    // StartTLS upgrades the existing socket (already counted): not a new connection.
    if (typeof first === 'object' && first !== null && 'socket' in first) {
      const upgraded = (tls.connect as (...a: unknown[]) => tls.TLSSocket)(...args);
      upgraded.setNoDelay(noDelay);
      return upgraded;
    }
    // ldaps://: ldapts calls (port, host, tlsOptions).
    const [port, host, options] = args as [number, string, tls.ConnectionOptions | undefined];
    return firstSocket(() => tlsOverCountedTcp(port, host, options, noDelay, counters));
  };
  return {
    createConnection: createConnection as typeof net.connect,
    createSecureConnection: createSecureConnection as typeof tls.connect,
  };
}
