// SASL CRAM-MD5 (RFC 2195), the client's one step: the user name, a space and the HMAC-MD5 of the
// server's challenge keyed with the password, in lower-case hex.
import { createHmac } from 'node:crypto';

/** The client's answer to a CRAM-MD5 challenge for `user` with `password`. */
export function cramMd5Response(challenge: string, user: string, password: string): string {
  const digest = createHmac('md5', Buffer.from(password, 'utf8'))
    .update(Buffer.from(challenge, 'utf8'))
    .digest('hex');
  return `${user} ${digest}`;
}
