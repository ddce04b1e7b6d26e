// A broker's credential files: generated passwords, written only to mode-600 JSON files in the
// broker's folder (never printed, never in SQLite), and read back by whoever connects.
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ApiError } from '../../shared/errors.ts';
import { jsonSyntaxProblem } from '../../shared/inputExcerpt.ts';
import { COORDINATOR_USER } from './agentNames.ts';
import { agentInboxPrefix } from './permissions.ts';

/** What a client needs to connect: where, which CA to trust, who it is. */
export interface BrokerCredentials {
  /** `tls://host:port`. */
  url: string;
  /** PEM file of the broker's CA. */
  caFile: string;
  user: string;
  password: string;
  /** Inbox prefix the user must use (agents: `_INBOX.agent.<name>`); absent: the default `_INBOX`. */
  inboxPrefix?: string;
}

/** One agent's entry in agents.creds.json. */
export interface AgentCredentialEntry {
  name: string;
  user: string;
  password: string;
  inboxPrefix: string;
}

/** The credential files a broker has. */
export interface BrokerCredentialFiles {
  coordinatorCredentialsFile: string;
  agentCredentialsFile: string;
  /** One file per agent, by agent name, to copy to that agent's machine. */
  agentCredentialFiles: Record<string, string>;
}

/** A fresh random password (128 bits, base64url: no character the NATS configuration treats specially). */
export function newPassword(): string {
  return randomBytes(16).toString('base64url');
}

/** The coordinator's user and each agent's, with fresh passwords. */
export function newCredentials(agents: readonly string[]): {
  coordinator: { user: string; password: string };
  agents: AgentCredentialEntry[];
} {
  return {
    coordinator: { user: COORDINATOR_USER, password: newPassword() },
    agents: agents.map((name) => ({
      name,
      user: name,
      password: newPassword(),
      inboxPrefix: agentInboxPrefix(name),
    })),
  };
}

function writeSecret(file: string, value: unknown): void {
  writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`, { mode: 0o600 });
}

/** The file name of agent `name`'s credentials. */
export function agentCredentialFileName(name: string): string {
  return `agent-${name}.creds.json`;
}

/**
 * Writes coordinator.creds.json ({url, user, password, caFile}), agents.creds.json ({url, caFile,
 * agents}) and agent-<name>.creds.json per agent into `dir`, each mode 600. Agents get `agentUrl`
 * (the address other machines reach), the coordinator `url`.
 */
export function writeCredentialFiles(
  dir: string,
  urls: { url: string; agentUrl: string },
  caFile: string,
  users: ReturnType<typeof newCredentials>,
): BrokerCredentialFiles {
  const coordinatorCredentialsFile = join(dir, 'coordinator.creds.json');
  writeSecret(coordinatorCredentialsFile, {
    url: urls.url,
    user: users.coordinator.user,
    password: users.coordinator.password,
    caFile,
  });
  const agentCredentialsFile = join(dir, 'agents.creds.json');
  writeSecret(agentCredentialsFile, { url: urls.agentUrl, caFile, agents: users.agents });
  const agentCredentialFiles: Record<string, string> = {};
  for (const agent of users.agents) {
    const file = join(dir, agentCredentialFileName(agent.name));
    writeSecret(file, { url: urls.agentUrl, caFile, ...agent });
    agentCredentialFiles[agent.name] = file;
  }
  return { coordinatorCredentialsFile, agentCredentialsFile, agentCredentialFiles };
}

function field(value: Record<string, unknown>, key: string, file: string): string {
  const v = value[key];
  if (typeof v !== 'string' || v === '') {
    throw new ApiError(
      'validation',
      `${file} has no "${key}": a credentials file holds url, caFile, user and password`,
      'credentialsFile',
    );
  }
  return v;
}

/** A credentials file's JSON object; a missing or unreadable file is a validation error naming it. */
export function readCredentialsJson(file: string): Record<string, unknown> {
  let text = '';
  let value: unknown;
  try {
    text = readFileSync(file, 'utf8');
    value = JSON.parse(text);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    // Never quoted: the file holds a password.
    const reason =
      code === 'ENOENT'
        ? 'there is no such file'
        : err instanceof SyntaxError
          ? `it is not valid JSON: ${jsonSyntaxProblem(err, text, false)}`
          : String(err);
    throw new ApiError(
      'validation',
      `cannot read the credentials file ${file}: ${reason}`,
      'credentialsFile',
    );
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ApiError('validation', `${file} is not a JSON object`, 'credentialsFile');
  }
  return value as Record<string, unknown>;
}

/** The credentials in `record` (read from `file`, which errors name). */
export function credentialsOf(record: Record<string, unknown>, file: string): BrokerCredentials {
  const inboxPrefix = record['inboxPrefix'];
  return {
    url: field(record, 'url', file),
    caFile: field(record, 'caFile', file),
    user: field(record, 'user', file),
    password: field(record, 'password', file),
    ...(typeof inboxPrefix === 'string' && inboxPrefix !== '' ? { inboxPrefix } : {}),
  };
}

/**
 * Reads a credentials file (the coordinator's or one agent's): url, caFile, user, password and the
 * optional inboxPrefix. A missing file or field is a validation error naming the file.
 */
export function readCredentialsFile(file: string): BrokerCredentials {
  return credentialsOf(readCredentialsJson(file), file);
}
