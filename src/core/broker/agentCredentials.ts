// An agent's credentials from either file a broker writes for agents: the agent's own
// agent-NAME.creds.json, or agents.creds.json (every agent's), from which the entry named is taken.
import { ApiError } from '../../shared/errors.ts';
import { credentialsOf, readCredentialsJson } from './credentials.ts';
import type { BrokerCredentials } from './credentials.ts';

/** An agent's credentials and the agent they belong to. */
export interface AgentCredentials extends BrokerCredentials {
  name: string;
}

/** Names listed in an error before the rest are counted (a broker may have 1,000 agents). */
const NAMES_SHOWN = 20;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** "agents rack1, rack2" (the first few of many, then how many more), or "no agent". */
function agentsText(names: readonly string[]): string {
  if (names.length === 0) return 'no agent';
  const shown = names.slice(0, NAMES_SHOWN).join(', ');
  const more = names.length - NAMES_SHOWN;
  return `agent${names.length === 1 ? '' : 's'} ${shown}${more > 0 ? ` and ${more} more` : ''}`;
}

/** The entry of agent `name` in the bundle `record` (its `agents` list), with the bundle's url and CA. */
function fromBundle(
  record: Record<string, unknown>,
  entries: readonly unknown[],
  file: string,
  name: string | undefined,
): AgentCredentials {
  const agents = entries.filter(isRecord);
  const names = agents.flatMap((a) => (typeof a['name'] === 'string' ? [a['name']] : []));
  if (name === undefined) {
    throw new ApiError(
      'validation',
      `${file} holds the credentials of ${agentsText(names)}: say which one this agent is with --name`,
      'name',
    );
  }
  const entry = agents.find((a) => a['name'] === name);
  if (entry === undefined) {
    throw new ApiError(
      'validation',
      `${file} has no agent "${name}"; it holds ${agentsText(names)}`,
      'name',
    );
  }
  const credentials = credentialsOf(
    { url: record['url'], caFile: record['caFile'], ...entry },
    file,
  );
  return { name, ...credentials };
}

/**
 * Agent `name`'s credentials from `file`: the entry of that name in the broker's agents.creds.json,
 * or the agent's own file when it is that agent's. Without a name, the error lists the agents the
 * file holds (the broker writes each agent's name into its file; the coordinator's has none).
 */
export function readAgentCredentials(file: string, name: string | undefined): AgentCredentials {
  const record = readCredentialsJson(file);
  const entries = record['agents'];
  if (Array.isArray(entries)) return fromBundle(record, entries, file, name);
  const own = record['name'];
  if (typeof own !== 'string' || own === '') {
    throw new ApiError(
      'validation',
      `${file} is not an agent's credentials file (it names no agent): use the broker's agent-${name ?? 'NAME'}.creds.json or agents.creds.json`,
      'credentialsFile',
    );
  }
  if (name === undefined) {
    throw new ApiError(
      'validation',
      `which agent? ${file} is agent "${own}"'s credentials file: add --name ${own}`,
      'name',
    );
  }
  if (own !== name) {
    throw new ApiError(
      'validation',
      `--name ${name} does not match ${file}, which is agent "${own}"'s credentials file`,
      'name',
    );
  }
  return { name, ...credentialsOf(record, file) };
}
