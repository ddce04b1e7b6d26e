// Who an agent is: the name its credentials file gives it, and this machine's facts it reports.
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { ApiError } from '../../shared/errors.ts';
import { readCredentialsFile } from '../broker/credentials.ts';
import { dirbenchVersion } from '../runs/environment.ts';
import type { AgentIdentity } from './heartbeat.ts';

/**
 * Checks that `file` is agent `name`'s credentials file (the broker writes the name into each
 * agent's file; the coordinator's has none) and returns where it says the broker is.
 */
export function checkAgentCredentials(file: string, name: string): { url: string; caFile: string } {
  const credentials = readCredentialsFile(file);
  const fileName = (JSON.parse(readFileSync(file, 'utf8')) as { name?: unknown }).name;
  if (typeof fileName !== 'string') {
    throw new ApiError(
      'validation',
      `${file} is not an agent's credentials file (it names no agent): use the broker's agent-${name}.creds.json`,
      'credentialsFile',
    );
  }
  if (fileName !== name) {
    throw new ApiError(
      'validation',
      `--name ${name} does not match ${file}, which is agent "${fileName}"'s credentials file`,
      'name',
    );
  }
  return { url: credentials.url, caFile: credentials.caFile };
}

/** Agent `name` on this machine: host name, DirBench version, logical CPUs. */
export function localAgentIdentity(name: string): AgentIdentity {
  return {
    name,
    host: os.hostname(),
    version: dirbenchVersion(),
    cores: os.availableParallelism(),
  };
}
