// The nats-server configuration of a broker: TLS only, JetStream on files in the broker's folder,
// and one user per party with its subject permissions.
import type { SubjectPermissions } from './permissions.ts';

/** A user the broker knows. */
export interface BrokerUser {
  user: string;
  password: string;
  permissions: SubjectPermissions;
}

/** What the configuration is made of. */
export interface NatsConfigInput {
  /** The server's name in its logs and JetStream metadata. */
  serverName: string;
  /** Address it listens on (127.0.0.1 unless asked otherwise). */
  host: string;
  port: number;
  certFile: string;
  keyFile: string;
  /** JetStream's file storage folder. */
  storeDir: string;
  users: readonly BrokerUser[];
}

/** A string as the NATS configuration format reads it (double quotes, JSON escapes). */
function quoted(text: string): string {
  return JSON.stringify(text);
}

function list(items: readonly string[]): string {
  return `[${items.map(quoted).join(', ')}]`;
}

function userBlock(user: BrokerUser): string {
  const p = user.permissions;
  return [
    '    {',
    `      user: ${quoted(user.user)}`,
    `      password: ${quoted(user.password)}`,
    '      permissions: {',
    `        publish: { allow: ${list(p.publish)} }`,
    `        subscribe: { allow: ${list(p.subscribe)} }`,
    ...(p.allowResponses ? ['        allow_responses: true'] : []),
    '      }',
    '    }',
  ].join('\n');
}

/**
 * The configuration file's text. With a `tls` block and no other listener, nats-server requires
 * TLS of every client (a plain-text CONNECT is refused); `verify: false` means clients prove who
 * they are with a password, not a certificate.
 */
export function natsConfigText(input: NatsConfigInput): string {
  if (input.users.length === 0) throw new Error('a broker needs at least one user');
  return [
    '# Written by DirBench; holds passwords (mode 600).',
    `server_name: ${quoted(input.serverName)}`,
    `host: ${quoted(input.host)}`,
    `port: ${input.port}`,
    'logtime: true',
    'tls {',
    `  cert_file: ${quoted(input.certFile)}`,
    `  key_file: ${quoted(input.keyFile)}`,
    '  verify: false',
    '  timeout: 5',
    '}',
    'jetstream {',
    `  store_dir: ${quoted(input.storeDir)}`,
    '}',
    'authorization {',
    '  users: [',
    input.users.map(userBlock).join('\n'),
    '  ]',
    '}',
    '',
  ].join('\n');
}
