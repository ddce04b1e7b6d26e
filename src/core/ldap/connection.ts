// Opens an ldapts client that is connected, optionally StartTLS-upgraded and bound, ready for concurrent ops.
import net from 'node:net';
import tls from 'node:tls';
import { Client } from 'ldapts';
import type { ConnectionCounters } from './connectionCounters.ts';
import { NoAnswerError, withDeadline } from './deadline.ts';
import { frameResponses } from './lean/channel.ts';
import { saslBind } from './sasl/saslBind.ts';
import type { ChallengeMechanism } from './sasl/saslBind.ts';
import { gatedFactories } from './socketGate.ts';
import { hasTlsOptions, tlsOptionsFor } from './tlsTrust.ts';
import type { TlsSettings } from './tlsTrust.ts';

/** How to reach and authenticate to a directory server (TLS: CA file, verification, client certificate). */
export interface LdapConnectionParams extends TlsSettings {
  url: string;
  startTls: boolean;
  /** Empty for an anonymous bind; the user name with `saslMechanism`. */
  bindDn: string;
  password: string;
  /** Bind with SASL DIGEST-MD5 or CRAM-MD5 as `bindDn` instead of a simple bind. */
  saslMechanism?: ChallengeMechanism;
  /** Disables Nagle's algorithm on the TCP socket (recorded with each run: Nagle adds latency). */
  tcpNoDelay: boolean;
  /** Longest wait for the TCP connect and for each of StartTLS and bind (default 10 s). */
  connectTimeoutMs?: number;
}

/** Default bound on each connection step. */
export const DEFAULT_CONNECT_TIMEOUT_MS = 10_000;

/** Connection step a failure happened in, so the failure can be explained precisely. */
export type ConnectStage = 'connect' | 'startTls' | 'bind';

/** Error thrown by `openBoundClient`, naming the step that failed; the original error is `cause`. */
export class LdapConnectError extends Error {
  readonly stage: ConnectStage;
  readonly url: string;

  constructor(stage: ConnectStage, url: string, cause: unknown) {
    super(`${stage} to ${url} failed: ${cause instanceof Error ? cause.message : String(cause)}`, {
      cause,
    });
    this.name = 'LdapConnectError';
    this.stage = stage;
    this.url = url;
  }
}

/** A `net.connect` replacement for ldapts that sets TCP_NODELAY as asked. */
export function tcpConnectFactory(noDelay: boolean): typeof net.connect {
  // ldapts calls createConnection(port, host); the options form lets Node apply noDelay at connect time.
  const connect = (port: number, host: string): net.Socket =>
    net.connect({ port, host, noDelay, keepAlive: true });
  return connect as typeof net.connect;
}

/** A `tls.connect` replacement for ldapts (ldaps:// and StartTLS upgrade) that sets TCP_NODELAY as asked. */
export function tlsConnectFactory(noDelay: boolean): typeof tls.connect {
  const connect = (...args: unknown[]): tls.TLSSocket => {
    const socket = (tls.connect as (...a: unknown[]) => tls.TLSSocket)(...args);
    // A StartTLS upgrade wraps the existing TCP socket (already set); ldaps:// opens a new one.
    socket.setNoDelay(noDelay);
    return socket;
  };
  return connect as typeof tls.connect;
}

/** Host name of an LDAP URL, for TLS server name checks. */
function hostOf(url: string): string {
  try {
    const host = new URL(url).hostname;
    return host.startsWith('[') ? host.slice(1, -1) : host;
  } catch {
    return '';
  }
}

/** TLS options for a StartTLS upgrade: the CA to trust and the name (or IP) the certificate must match. */
export function startTlsOptions(
  params: Pick<LdapConnectionParams, 'url'> & TlsSettings,
): tls.ConnectionOptions {
  const host = hostOf(params.url);
  const trust = tlsOptionsFor(params);
  if (host === '') return trust;
  // On an existing socket Node checks the certificate against servername || host || 'localhost';
  // an IP address may not be sent as SNI, so it goes in `host`.
  return { ...trust, ...(net.isIP(host) === 0 ? { servername: host } : { host }) };
}

/**
 * Connects, upgrades with StartTLS when asked, binds (anonymously when bindDn is empty) and awaits it.
 * With `counters`, the connection is counted and ldapts may not reconnect it by itself (see socketGate).
 */
export async function openBoundClient(
  params: LdapConnectionParams,
  counters?: ConnectionCounters,
): Promise<Client> {
  const timeoutMs = params.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
  let client: Client;
  try {
    client = new Client({
      url: params.url,
      connectTimeout: timeoutMs,
      // Only for ldaps://: TLS options in the constructor would force implicit TLS on ldap:// too.
      ...(params.url.startsWith('ldaps:') && hasTlsOptions(params)
        ? { tlsOptions: tlsOptionsFor(params) }
        : {}),
      ...(counters === undefined
        ? {
            createConnection: tcpConnectFactory(params.tcpNoDelay),
            createSecureConnection: tlsConnectFactory(params.tcpNoDelay),
          }
        : // Load connections: plain ones read into the lean path's reused buffer.
          gatedFactories(params.tcpNoDelay, counters, {
            reuseReads: !params.startTls,
          })),
    });
  } catch (err) {
    throw new LdapConnectError('connect', params.url, err);
  }
  // The server's bytes are framed and bounded from the bind's answer on, whichever path ops take.
  frameResponses(client);
  let stage: ConnectStage = 'connect';
  try {
    if (params.startTls) {
      stage = 'startTls';
      // TLS options go to startTLS(), never the constructor (that would force implicit TLS).
      // The TCP connect has its own timeout inside; the deadline covers a server that never answers.
      await withDeadline(client.startTLS(startTlsOptions(params)), 2 * timeoutMs, 'StartTLS');
    }
    stage = 'bind';
    // Awaited before anything else: ops racing the first connect can hang for ever in ldapts.
    await withDeadline(bindAs(client, params), 2 * timeoutMs, 'bind');
    return client;
  } catch (err) {
    // ldapts connects lazily inside the first exchange, so a connect failure surfaces there.
    const failedStage = isConnectPhaseError(err) ? 'connect' : stage;
    await closeQuietly(client, 200);
    throw new LdapConnectError(failedStage, params.url, err);
  }
}

/** Binds `client` as `params` say: simple (anonymous when bindDn is empty) or SASL. */
export async function bindAs(client: Client, params: LdapConnectionParams): Promise<void> {
  if (params.saslMechanism !== undefined) {
    const who = { user: params.bindDn, password: params.password };
    await saslBind(client, params.url, params.saslMechanism, who);
    return;
  }
  await client.bind(params.bindDn, params.bindDn === '' ? '' : params.password);
}

/** Errno codes that only happen while opening the TCP connection. */
const CONNECT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EADDRNOTAVAIL',
]);

/** True when the error came from opening the TCP connection (ldapts rejects with the raw socket error). */
function isConnectPhaseError(err: unknown): boolean {
  if (!(err instanceof Error) || err instanceof NoAnswerError) return false;
  // ldapts' own connectTimeout rejects with this plain message.
  if (err.message === 'Connection timeout') return true;
  const code = (err as NodeJS.ErrnoException).code;
  return code !== undefined && CONNECT_CODES.has(code);
}

/** Whether Nagle is off on a client's current socket, as Node recorded it (undefined when not connected). */
export function clientNoDelay(client: Client): boolean | undefined {
  // ldapts keeps its socket private; reading it is for verification, never for control.
  const socket = (client as unknown as { socket?: net.Socket }).socket;
  if (socket === undefined) return undefined;
  const key = Object.getOwnPropertySymbols(socket).find((s) => s.description === 'kSetNoDelay');
  return key === undefined
    ? undefined
    : Boolean((socket as unknown as Record<symbol, unknown>)[key]);
}

/** Unbinds and closes a client, waiting at most `maxWaitMs`; never throws. */
export async function closeQuietly(client: Client, maxWaitMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, maxWaitMs);
  });
  try {
    await Promise.race([client.unbind().catch(() => undefined), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
