// Turns ldapts and socket errors into an LdapFailure a person can act on, and into short code names for counting.
import { MessageParserError, ResultCodeError } from 'ldapts';
import type { LdapFailure } from '../../shared/targetTypes.ts';
import { LdapConnectError } from './connection.ts';
import type { ConnectStage } from './connection.ts';
import { NoAnswerError } from './deadline.ts';
import { resultCodeName } from './resultCodes.ts';

/** Errno / TLS codes that ldapts hands through untouched, or buries in a message. */
const ERRNO_IN_MESSAGE = /\b(E[A-Z]{3,}|ERR_[A-Z_]+)\b/;

const SELF_SIGNED = new Set(['DEPTH_ZERO_SELF_SIGNED_CERT', 'SELF_SIGNED_CERT_IN_CHAIN']);
const UNTRUSTED_ISSUER = new Set([
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_UNTRUSTED',
]);
const EXPIRED = new Set(['CERT_HAS_EXPIRED', 'CERT_NOT_YET_VALID']);
const NOT_TLS_ON_PORT = new Set([
  'ERR_SSL_WRONG_VERSION_NUMBER',
  'ERR_SSL_PACKET_LENGTH_TOO_LONG',
  'ERR_SSL_HTTP_REQUEST',
]);

/** Short code for counting an operation error per second: result code name or network cause. */
export function failureCodeName(err: unknown): string {
  const inner = err instanceof LdapConnectError ? err.cause : err;
  if (inner instanceof ResultCodeError) return resultCodeName(inner.code);
  return networkCodeName(inner);
}

/** Explains an LDAP or network failure in one sentence with what to do; `url` names the server. */
export function describeLdapFailure(err: unknown, url?: string): LdapFailure {
  let stage: ConnectStage | null = null;
  let inner = err;
  if (err instanceof LdapConnectError) {
    stage = err.stage;
    url ??= err.url;
    inner = err.cause;
  }
  if (inner instanceof ResultCodeError) {
    const codeName = resultCodeName(inner.code);
    return { resultCode: inner.code, codeName, message: resultMessage(inner, codeName, stage) };
  }
  const codeName = networkCodeName(inner);
  return { resultCode: null, codeName, message: networkMessage(inner, codeName, stage, url) };
}

/** The server's diagnostic text: ldapts appends " Code: 0x.." to it. */
function serverText(err: ResultCodeError): string {
  return err.message.replace(/\s*Code: 0x[0-9a-f]+$/i, '').trim();
}

/** Sentence for an LDAP result code, tailored to the connection step it came from. */
function resultMessage(err: ResultCodeError, name: string, stage: ConnectStage | null): string {
  const text = serverText(err);
  const says = text === '' ? '' : ` Server says: "${text}".`;
  const tag = `(${name}, ${err.code})`;
  if (stage === 'startTls') {
    return `The server refused StartTLS ${tag} - it is probably not configured for TLS: configure TLS on the server, turn StartTLS off, or use an ldaps:// URL.${says}`;
  }
  switch (err.code) {
    case 49:
      return `The server rejected the bind DN or password ${tag} - check both and try again.${says}`;
    case 32:
      return stage === 'bind'
        ? `The bind DN does not exist on the server ${tag} - check the bind DN.${says}`
        : `The entry or base DN does not exist on the server ${tag} - check the base DN.${says}`;
    case 48:
      return `The server does not accept this kind of bind ${tag} - anonymous binds are probably disabled: enter a bind DN and password.${says}`;
    case 53:
      return stage === 'bind'
        ? `The server refused the bind ${tag} - a bind DN with an empty password is refused: enter the password, or clear the bind DN for an anonymous bind.${says}`
        : `The server is unwilling to perform the operation ${tag}.${says}`;
    case 13:
      return `The server requires an encrypted connection ${tag} - turn StartTLS on or use an ldaps:// URL.${says}`;
    case 8:
      return `The server requires stronger authentication ${tag} - turn StartTLS on or use ldaps://, and bind with a DN and password.${says}`;
    case 50:
      return `The bind identity is not allowed to do this ${tag} - bind as a user with read access to the directory.${says}`;
    case 4:
      return `The server stopped at its size limit ${tag} - raise the limit for the bind identity (OpenLDAP: "sizelimit unlimited") or bind as a user without a limit.${says}`;
    case 3:
      return `The server stopped at its time limit ${tag} - the operation took longer than the server or client allows.${says}`;
    case 11:
      return `The server's administrative limit was exceeded ${tag} - often an unindexed search: add an index or raise the limit.${says}`;
    case 51:
      return `The server is too busy to answer ${tag} - reduce the load or try again later.${says}`;
    case 52:
      return `The server is unavailable ${tag} - it may be starting, shutting down or read-only; try again later.${says}`;
    case 7:
      return `The server does not support this authentication method ${tag} - use a simple bind with a DN and password.${says}`;
    case 248:
      return `The server closed the exchange without a result ${tag} - it may have crashed or dropped the connection.${says}`;
    default:
      return `The server answered ${name} (result code ${err.code}).${says}`;
  }
}

/** Network-level code: the errno / TLS code when there is one, else a named ldapts condition. */
function networkCodeName(err: unknown): string {
  if (!(err instanceof Error)) return 'unknown';
  const code = (err as NodeJS.ErrnoException).code;
  if (typeof code === 'string' && code !== '') return code;
  if (err instanceof MessageParserError) return 'decodingError';
  const msg = err.message;
  if (msg === 'Connection timeout') return 'ETIMEDOUT';
  if (msg.includes('is an invalid LDAP URL')) return 'invalidUrl';
  // ldapts wraps socket errors seen by in-flight ops as "Socket error. ...\n<original message>".
  const inMessage = ERRNO_IN_MESSAGE.exec(msg);
  if (inMessage?.[1] !== undefined) return inMessage[1];
  if (msg.startsWith('Connection closed') || msg.startsWith('Socket error'))
    return 'connectionClosed';
  if (msg.startsWith('Socket connection not established')) return 'notConnected';
  return 'unknown';
}

/** host:port of an LDAP URL (with the scheme's default port), or null when it cannot be parsed. */
function endpointOf(url: string | undefined): { host: string; hostPort: string } | null {
  if (url === undefined) return null;
  try {
    const u = new URL(url);
    const port = u.port !== '' ? u.port : u.protocol === 'ldaps:' ? '636' : '389';
    return { host: u.hostname, hostPort: `${u.hostname}:${port}` };
  } catch {
    return null;
  }
}

/** Sentence for a socket, DNS or TLS failure, with the server address when known. */
function networkMessage(
  err: unknown,
  code: string,
  stage: ConnectStage | null,
  url: string | undefined,
): string {
  const ep = endpointOf(url);
  const where = ep?.hostPort ?? 'the server';
  const host = ep?.host ?? 'the server';
  if (SELF_SIGNED.has(code)) {
    return `The server's TLS certificate is self-signed and not trusted here (${code}) - start DirBench with NODE_EXTRA_CA_CERTS pointing at the server's CA certificate.`;
  }
  if (UNTRUSTED_ISSUER.has(code)) {
    return `The server's TLS certificate was issued by a CA this machine does not trust (${code}) - start DirBench with NODE_EXTRA_CA_CERTS pointing at that CA certificate.`;
  }
  if (EXPIRED.has(code)) {
    return `The server's TLS certificate is outside its validity period (${code}) - renew it on the server, or check this machine's clock.`;
  }
  if (code === 'ERR_TLS_CERT_ALTNAME_INVALID') {
    return `The server's TLS certificate is not valid for the name "${host}" (${code}) - connect using a host name the certificate lists.`;
  }
  if (
    NOT_TLS_ON_PORT.has(code) ||
    (code === 'EPROTO' && /wrong version number/i.test(errMessage(err)))
  ) {
    return `The TLS handshake with ${where} failed because the port does not speak TLS (${code}) - use ldap:// for this port (with StartTLS if wanted), or the server's ldaps port.`;
  }
  switch (code) {
    case 'ECONNREFUSED':
      return `Nothing is listening on ${where} - is the server running and is the port right?`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `The host name "${host}" could not be resolved (${code}) - check the server address and DNS.`;
    case 'ETIMEDOUT':
      if (err instanceof NoAnswerError) {
        return `${where} accepted the connection but gave no answer to ${err.message.replace(/^no answer to /, '')} (${code}) - is this an LDAP server, and is it overloaded or hung?`;
      }
      return `No answer from ${where} in time (${code}) - the host may be down, or a firewall may be dropping the connection.`;
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return `${host} cannot be reached from this machine (${code}) - check the address and the network (VPN, routes).`;
    case 'EADDRNOTAVAIL':
      return `This machine cannot open more connections to ${where} (${code}) - it ran out of local ports; use fewer connections.`;
    case 'ECONNRESET':
    case 'EPIPE':
    case 'connectionClosed':
      if (stage !== null && url?.startsWith('ldaps:') === true) {
        return `The TLS handshake with ${where} failed: the server closed the connection (${code}) - this port probably does not speak TLS: use ldap:// for it, or the server's ldaps port.`;
      }
      return stage === 'startTls'
        ? `The server at ${where} dropped the connection during StartTLS (${code}) - it may not support StartTLS; turn StartTLS off or use ldaps://.`
        : `The server at ${where} closed the connection unexpectedly (${code}) - it may have crashed or restarted, or it may expect TLS on this port (try ldaps://).`;
    case 'notConnected':
      return `The connection to ${where} was not open (${code}) - the server closed it earlier; check the server log.`;
    case 'invalidUrl':
      return `"${url ?? ''}" is not a valid LDAP URL - use ldap://host:port or ldaps://host:port.`;
    case 'decodingError':
      return `The answer from ${where} could not be decoded (${code}): ${errMessage(err)} - is this port really an LDAP server?`;
    case 'messageTooLarge':
      return `${where} sent a message larger than DirBench accepts (${code}): ${errMessage(err)} - the connection was closed; read fewer or smaller attributes, or check the server.`;
    case 'noticeOfDisconnection':
      return `${where} announced it is closing the connection (${code}): ${errMessage(err)} - it may be shutting down or refusing this client; check the server log.`;
    default:
      if (code.startsWith('ERR_SSL') || code.startsWith('ERR_TLS')) {
        return `The TLS handshake with ${where} failed (${code}): ${errMessage(err)} - check the server's TLS setup.`;
      }
      return `Talking to ${where} failed (${code}): ${errMessage(err)}`;
  }
}

/** An error's message, or its string form. */
function errMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
