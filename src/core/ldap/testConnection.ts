// "Test connection": bind, read the root DSE, unbind, and explain any failure in words.
import type { ConnectionTestResult } from '../../shared/targetTypes.ts';
import { DEFAULT_CONNECT_TIMEOUT_MS, closeQuietly, openBoundClient } from './connection.ts';
import type { LdapConnectionParams } from './connection.ts';
import { describeLdapFailure } from './failure.ts';
import { readRootDse } from './rootDse.ts';
import { withDeadline } from './deadline.ts';

/** Connects and binds (timing it), reads the root DSE and unbinds; never throws. */
export async function testConnection(params: LdapConnectionParams): Promise<ConnectionTestResult> {
  const startNs = process.hrtime.bigint();
  let client;
  try {
    client = await openBoundClient(params);
  } catch (err) {
    return { ok: false, error: describeLdapFailure(err, params.url) };
  }
  // Connect + StartTLS + bind: what a user waits for before the first operation.
  const bindMs = Math.round(Number(process.hrtime.bigint() - startNs) / 1e5) / 10;
  try {
    const timeoutMs = params.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
    const rootDse = await withDeadline(readRootDse(client), timeoutMs, 'the root DSE search');
    return { ok: true, rootDse, bindMs };
  } catch (err) {
    return { ok: false, error: describeLdapFailure(err, params.url) };
  } finally {
    await closeQuietly(client, 1000);
  }
}
