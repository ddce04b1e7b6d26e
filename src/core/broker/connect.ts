// Connects to a broker over TLS as one of its users, turning the NATS client's failures into
// errors that say what is wrong: no broker there, an untrusted certificate, a server without TLS,
// or a wrong user or password.
import { existsSync } from 'node:fs';
import type { NatsConnection } from '@nats-io/transport-node';
import { ApiError } from '../../shared/errors.ts';
import { readCredentialsFile } from './credentials.ts';
import type { BrokerCredentials } from './credentials.ts';

/** How long a connection attempt may take unless told otherwise. */
export const DEFAULT_CONNECT_TIMEOUT_MS = 5_000;

/** Where to connect and as whom. */
export interface BrokerConnectOptions {
  /** A coordinator or agent credentials file ({url, caFile, user, password[, inboxPrefix]}). */
  credentialsFile: string;
  /** Overrides the file's url (e.g. the broker's address as this machine reaches it). */
  url?: string;
  /** Overrides the file's caFile (the CA copied to this machine). */
  caFile?: string;
  /** The client's name in the broker's logs. */
  name?: string;
  timeoutMs?: number;
  /** Reconnect after a lost connection (the client's default); false: a lost connection closes it. */
  reconnect?: boolean;
}

/** The chain of `err` and its causes. */
function causes(err: unknown): unknown[] {
  const chain: unknown[] = [];
  for (let e = err; e !== undefined && e !== null && chain.length < 8;) {
    chain.push(e);
    e = (e as { cause?: unknown }).cause;
  }
  return chain;
}

const UNTRUSTED_CODES = new Set([
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_SIGNATURE_FAILURE',
  'CERT_HAS_EXPIRED',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

/** An ApiError saying why connecting to `url` as `user` failed. */
export function describeConnectError(err: unknown, url: string, user: string): ApiError {
  const chain = causes(err);
  const codes = chain.map((e) => String((e as { code?: unknown }).code ?? ''));
  const texts = chain.map((e) => `${(e as Error).name ?? ''} ${(e as Error).message ?? ''}`);
  const text = texts.join(' | ').toLowerCase();
  const last = (chain.at(-1) as Error | undefined)?.message ?? String(err);
  if (text.includes('authorization violation') || text.includes('authorizationerror')) {
    return new ApiError(
      'failed',
      `The broker at ${url} refused user "${user}": wrong user name or password (check the credentials file).`,
      'credentialsFile',
    );
  }
  const untrusted = codes.find((code) => UNTRUSTED_CODES.has(code));
  if (untrusted !== undefined) {
    return new ApiError(
      'failed',
      `The broker at ${url} has a certificate the CA file does not vouch for (${untrusted}): use the broker's own ca.pem.`,
      'caFile',
    );
  }
  if (text.includes("does not support 'tls'") || text.includes('is not available on this server')) {
    return new ApiError(
      'failed',
      `The server at ${url} does not offer TLS; DirBench connects to brokers over TLS only.`,
      'url',
    );
  }
  if (codes.includes('ECONNREFUSED') || text.includes('connection refused')) {
    return new ApiError(
      'unavailable',
      `No broker answers at ${url} (connection refused): is it running? See dirbench broker list.`,
      'url',
    );
  }
  if (text.includes('timeout') || codes.includes('ETIMEDOUT')) {
    return new ApiError(
      'unavailable',
      `The broker at ${url} did not answer in time (a firewall, or the wrong address?).`,
      'url',
    );
  }
  if (codes.includes('ENOTFOUND') || codes.includes('EAI_AGAIN')) {
    return new ApiError('unavailable', `The broker's host in ${url} is not known here.`, 'url');
  }
  return new ApiError('failed', `Could not connect to the broker at ${url}: ${last}`, 'url');
}

/** Connects with explicit credentials (see connectBroker for the file form). */
export async function connectWithCredentials(
  credentials: BrokerCredentials,
  options: Omit<BrokerConnectOptions, 'credentialsFile'> = {},
): Promise<NatsConnection> {
  if (!existsSync(credentials.caFile)) {
    throw new ApiError(
      'validation',
      `The broker's CA file ${credentials.caFile} does not exist: copy the broker's ca.pem here and name it.`,
      'caFile',
    );
  }
  // The NATS client (dozens of modules) loads with the first connection, not with every command.
  const { connect } = await import('@nats-io/transport-node');
  try {
    return await connect({
      servers: credentials.url,
      user: credentials.user,
      pass: credentials.password,
      tls: { caFile: credentials.caFile },
      timeout: options.timeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
      reconnect: options.reconnect ?? true,
      ...(credentials.inboxPrefix === undefined ? {} : { inboxPrefix: credentials.inboxPrefix }),
      ...(options.name === undefined ? {} : { name: options.name }),
    });
  } catch (err) {
    throw describeConnectError(err, credentials.url, credentials.user);
  }
}

/** Connects as the user of a credentials file over TLS, trusting only the broker's CA. */
export function connectBroker(options: BrokerConnectOptions): Promise<NatsConnection> {
  const fromFile = readCredentialsFile(options.credentialsFile);
  const credentials: BrokerCredentials = {
    ...fromFile,
    ...(options.url === undefined ? {} : { url: options.url }),
    ...(options.caFile === undefined ? {} : { caFile: options.caFile }),
  };
  return connectWithCredentials(credentials, options);
}
