// Whether a target's address is this machine's loopback: load there reaches no one else's server.
import net from 'node:net';
import { endpoint } from '../ldap/steppedConnect.ts';

// 127.0.0.0/8 and ::1; IPv4-mapped forms (::ffff:127.0.0.1) are checked against the IPv4 rule.
const LOOPBACK = new net.BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/**
 * True for a literal loopback address (127.0.0.0/8, ::1, ::ffff:127.x.x.x) or the name `localhost`
 * (any case, with or without the root's trailing dot). Nothing is resolved: a name such as
 * `localhost.example.com` or `127.0.0.1.nip.io` is someone's DNS, not this machine.
 */
export function isLoopbackHost(host: string): boolean {
  const bare = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  if (/^localhost\.?$/i.test(bare)) return true;
  // Only canonical forms count: odd ones ("127.1", "2130706433") stay unconfirmed, on the safe side.
  const family = net.isIPv4(bare) ? 'ipv4' : net.isIPv6(bare) ? 'ipv6' : null;
  return family !== null && LOOPBACK.check(bare, family);
}

/** True when the LDAP URL's host, read as the connection reads it, is a loopback address; false for a URL that does not parse. */
export function isLoopbackUrl(url: string): boolean {
  try {
    return isLoopbackHost(endpoint(url).host);
  } catch {
    return false;
  }
}
