// A broker's folder: its TLS files, credentials and nats-server configuration written before it
// starts, and everything but its log removed once it has stopped.
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, networkInterfaces } from 'node:os';
import { isIP } from 'node:net';
import { join } from 'node:path';
import { createLabCertificates } from '../lab/labTls.ts';
import { newCredentials, writeCredentialFiles } from './credentials.ts';
import type { BrokerCredentialFiles } from './credentials.ts';
import { natsConfigText } from './natsConfig.ts';
import type { BrokerUser } from './natsConfig.ts';
import { agentPermissions, coordinatorPermissions } from './permissions.ts';

/** The broker's own log, the one file kept after it stops. */
export const BROKER_LOG = 'server.log';

/** The nats-server configuration file's name. */
export const BROKER_CONFIG = 'nats.conf';

/** True for an address that means "every interface". */
export function isWildcardAddress(address: string): boolean {
  return address === '0.0.0.0' || address === '::';
}

function urlHost(host: string): string {
  return isIP(host) === 6 ? `[${host}]` : host;
}

/**
 * The URLs of a broker listening on `listen`: the coordinator here connects to the loopback
 * address when the broker listens everywhere; agents elsewhere use this host's name then.
 */
export function brokerUrls(listen: string, port: number): { url: string; agentUrl: string } {
  if (isWildcardAddress(listen)) {
    const local = listen === '::' ? '::1' : '127.0.0.1';
    return { url: `tls://${urlHost(local)}:${port}`, agentUrl: `tls://${hostname()}:${port}` };
  }
  const url = `tls://${urlHost(listen)}:${port}`;
  return { url, agentUrl: url };
}

/**
 * Names the server certificate must carry besides 127.0.0.1 and localhost: the listen address, or
 * for "every interface" this host's name and its non-loopback addresses.
 */
export function certificateHosts(listen: string): string[] {
  if (!isWildcardAddress(listen)) return [listen];
  const addresses = Object.values(networkInterfaces())
    .flatMap((list) => list ?? [])
    .filter((a) => !a.internal)
    .map((a) => a.address.replace(/%.*$/, ''));
  return [hostname(), ...(listen === '::' ? ['::1'] : []), ...addresses];
}

/** A broker's certificates and users, made once; its port may still change before it starts. */
export interface BrokerSecrets {
  caFile: string;
  certFile: string;
  keyFile: string;
  users: ReturnType<typeof newCredentials>;
}

/** Makes `dir` (mode 700), a CA and server certificate for `listen` in tls/, and fresh passwords. */
export async function createBrokerSecrets(
  dir: string,
  listen: string,
  agents: readonly string[],
): Promise<BrokerSecrets> {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const tls = await createLabCertificates(join(dir, 'tls'), {
    extraHosts: certificateHosts(listen),
    caName: 'DirBench broker CA',
  });
  return { ...tls, users: newCredentials(agents) };
}

/** What a broker's settings are, once written for a port. */
export interface BrokerSettings extends BrokerCredentialFiles {
  port: number;
  url: string;
  agentUrl: string;
  caFile: string;
  configFile: string;
  logPath: string;
}

/**
 * Writes the mode-600 credential files and nats.conf (mode 600: it holds the passwords) for
 * `listen`:`port`, with JetStream's storage in jetstream/.
 */
export function writeBrokerSettings(
  dir: string,
  serverName: string,
  listen: string,
  port: number,
  secrets: BrokerSecrets,
): BrokerSettings {
  const urls = brokerUrls(listen, port);
  const { users } = secrets;
  const files = writeCredentialFiles(dir, urls, secrets.caFile, users);
  const brokerUsers: BrokerUser[] = [
    { ...users.coordinator, permissions: coordinatorPermissions() },
    ...users.agents.map((a) => ({
      user: a.user,
      password: a.password,
      permissions: agentPermissions(a.name),
    })),
  ];
  const configFile = join(dir, BROKER_CONFIG);
  const storeDir = join(dir, 'jetstream');
  mkdirSync(storeDir, { recursive: true, mode: 0o700 });
  const config = natsConfigText({
    serverName,
    host: listen,
    port,
    certFile: secrets.certFile,
    keyFile: secrets.keyFile,
    storeDir,
    users: brokerUsers,
  });
  writeFileSync(configFile, config, { mode: 0o600 });
  return {
    port,
    ...urls,
    ...files,
    caFile: secrets.caFile,
    configFile,
    logPath: join(dir, BROKER_LOG),
  };
}

/** Deletes everything in a stopped broker's folder but its log: passwords, keys and JetStream data. */
export function removeBrokerFiles(dir: string): void {
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return;
  }
  for (const entry of entries) {
    if (entry !== BROKER_LOG) rmSync(join(dir, entry), { recursive: true, force: true });
  }
}
