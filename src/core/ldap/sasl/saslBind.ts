// The SASL bind exchange of DIGEST-MD5, CRAM-MD5 and SCRAM over an ldapts client: bind requests carrying
// the mechanism, answered with saslBindInProgress (14) and the server's challenge until the server
// says success (0) or fails the bind (49 for a wrong password).
import { BindRequest, StatusCodeParser } from 'ldapts';
import type { BerWriter, BindResponse, Client } from 'ldapts';
import { internalsOf } from '../clientInternals.ts';
import { cramMd5Response } from './cramMd5.ts';
import {
  checkRspauth,
  digestMd5Answer,
  DigestMd5Error,
  parseDigestChallenge,
} from './digestMd5.ts';
import { checkServerFinal, scramClientFinal, scramClientFirst } from './scram.ts';
import type { ScramMechanism } from './scram.ts';

/** The challenge-response SASL mechanisms DirBench drives itself (ldapts sends one step only). */
export type ChallengeMechanism = 'DIGEST-MD5' | 'CRAM-MD5' | ScramMechanism;

/** AuthenticationChoice's [3] SaslCredentials. */
const SASL_CREDENTIALS = 0xa3;
const SUCCESS = 0;
const SASL_BIND_IN_PROGRESS = 14;

/** Who binds: the SASL user name as the server knows it (`NAME`, or `u:NAME` where it takes that form) and password. */
export interface SaslUser {
  user: string;
  password: string;
}

/**
 * A SASL bind request whose credentials may be absent: ldapts always writes them, and an empty
 * initial response is not no response (Cyrus SASL refuses CRAM-MD5 with "Remote sent first").
 */
class SaslBindRequest extends BindRequest {
  private readonly credentials: string | null;

  constructor(messageId: number, mechanism: string, credentials: string | null) {
    super({ messageId, mechanism });
    this.credentials = credentials;
  }

  override writeMessage(writer: BerWriter): void {
    writer.writeInt(this.version);
    writer.writeString(this.dn);
    writer.startSequence(SASL_CREDENTIALS);
    writer.writeString(this.mechanism ?? '');
    if (this.credentials !== null) writer.writeString(this.credentials);
    writer.endSequence();
  }
}

/** Host part of an LDAP URL, for DIGEST-MD5's digest-uri (`ldap/HOST`). */
function hostOf(url: string): string {
  const host = new URL(url).hostname;
  return host.startsWith('[') ? host.slice(1, -1) : host;
}

/** One bind request of the exchange (null: no credentials); resolves with the server's response, whatever its code. */
async function step(
  client: Client,
  mechanism: string,
  credentials: string | null,
): Promise<BindResponse> {
  const internals = internalsOf(client);
  const request = new SaslBindRequest(internals._nextMessageId(), mechanism, credentials);
  return (await internals._send(request)) as BindResponse;
}

/** The server's SASL credentials of a response ('' when it sent none). */
function serverCredentials(response: BindResponse): string {
  return response.data[0] ?? '';
}

/** Throws the result code error of a response that neither succeeded nor asks for the next step. */
function expect(response: BindResponse | undefined, codes: readonly number[]): BindResponse {
  if (response === undefined || !codes.includes(response.status)) {
    throw StatusCodeParser.parse(response);
  }
  return response;
}

/** Sends the last empty request when the server's final data came with saslBindInProgress. */
async function finish(client: Client, mechanism: string, last: BindResponse): Promise<void> {
  if (last.status === SASL_BIND_IN_PROGRESS) {
    expect(await step(client, mechanism, null), [SUCCESS]);
  }
}

/** SCRAM (RFC 5802): the client speaks first; the server's signature comes with the success or one step before it. */
async function scramBind(client: Client, mechanism: ScramMechanism, who: SaslUser): Promise<void> {
  const first = scramClientFirst(who.user);
  const serverFirst = expect(await step(client, mechanism, first.message), [SASL_BIND_IN_PROGRESS]);
  const final = await scramClientFinal(
    mechanism,
    first,
    serverCredentials(serverFirst),
    who.password,
  );
  const last = expect(await step(client, mechanism, final.message), [
    SUCCESS,
    SASL_BIND_IN_PROGRESS,
  ]);
  checkServerFinal(mechanism, serverCredentials(last), final.expectedServerSignature);
  await finish(client, mechanism, last);
}

/** Binds `client` (connected) with `mechanism`; rejects with the server's result code error on failure. */
export async function saslBind(
  client: Client,
  url: string,
  mechanism: ChallengeMechanism,
  who: SaslUser,
): Promise<void> {
  const { user } = who;
  if (!client.isConnected) await internalsOf(client)._connect();
  if (mechanism === 'SCRAM-SHA-1' || mechanism === 'SCRAM-SHA-256') {
    await scramBind(client, mechanism, who);
    return;
  }
  const first = expect(await step(client, mechanism, null), [SASL_BIND_IN_PROGRESS]);
  const challenge = serverCredentials(first);
  if (mechanism === 'CRAM-MD5') {
    expect(await step(client, mechanism, cramMd5Response(challenge, user, who.password)), [
      SUCCESS,
    ]);
    return;
  }
  const answer = digestMd5Answer(parseDigestChallenge(challenge), {
    user,
    password: who.password,
    digestUri: `ldap/${hostOf(url)}`,
  });
  const second = expect(await step(client, mechanism, answer.response), [
    SUCCESS,
    SASL_BIND_IN_PROGRESS,
  ]);
  // RFC 2831: rspauth comes with saslBindInProgress (one more empty request ends the bind) or
  // with the success itself.
  const rspauth = serverCredentials(second);
  if (rspauth === '' && second.status === SUCCESS) {
    throw new DigestMd5Error('the server ended the bind without rspauth');
  }
  checkRspauth(rspauth, answer.expectedRspauth);
  await finish(client, mechanism, second);
}
