// "Load from: this machine / agents" as the run form and the matrix builder hold it: a request's
// `agents` (absent: this machine), the words that describe it, and which errors belong to it.
import type { AgentListing } from '../../../shared/agentTypes.ts';
import type { RunAgentsRequest } from '../../../shared/agentTypes.ts';
import type { BrokerRef } from './useAgentsPoll.ts';
import { isBrokerUrl } from './agentFacts.ts';

/** Error fields of a run start that are about its agents (the host's connection and agent checks). */
const AGENT_FIELDS: ReadonlySet<string> = new Set([
  'agents',
  'broker',
  'names',
  'url',
  'caFile',
  'credentialsFile',
  'onAgentLoss',
]);

/** True when a host error's field is about the load agents (`agents.names`, `broker`, ...). */
export function isAgentsField(field: string | undefined): boolean {
  if (field === undefined) return false;
  return AGENT_FIELDS.has(field.startsWith('agents.') ? 'agents' : field);
}

/** The broker part of an agents request, for the picker and `agents/list`. */
export function brokerRefOf(agents: RunAgentsRequest): BrokerRef {
  const { broker, caFile, credentialsFile } = agents;
  return {
    broker,
    ...(caFile === undefined ? {} : { caFile }),
    ...(credentialsFile === undefined ? {} : { credentialsFile }),
  };
}

/** `agents` with another broker: the agent names of the old one mean nothing there, so all again. */
export function withBroker(agents: RunAgentsRequest, ref: BrokerRef): RunAgentsRequest {
  const same = ref.broker === agents.broker;
  const { caFile: _ca, credentialsFile: _creds, ...rest } = agents;
  return { ...rest, ...ref, names: same ? agents.names : 'all' };
}

/** Turns one agent on or off; from "all", the others connected now stay chosen. */
export function toggleAgent(
  agents: RunAgentsRequest,
  name: string,
  connected: readonly AgentListing[],
): RunAgentsRequest {
  const chosen = agents.names === 'all' ? connected.map((a) => a.name) : agents.names;
  const names = chosen.includes(name) ? chosen.filter((n) => n !== name) : [...chosen, name];
  return { ...agents, names };
}

/** The broker as a person reads it: its id, or the URL's host and port. */
function brokerText(broker: string): string {
  if (broker === '') return 'no broker chosen';
  return isBrokerUrl(broker) ? broker.replace(/^[a-z]+:\/\//i, '') : `broker ${broker}`;
}

/** "load from agents rack1, rack2 via broker b-1", or null for this machine. */
export function describeLoadFrom(agents: RunAgentsRequest | undefined): string | null {
  if (agents === undefined) return null;
  const who =
    agents.names === 'all'
      ? 'every connected agent'
      : agents.names.length === 0
        ? 'no agent chosen'
        : `agent${agents.names.length === 1 ? '' : 's'} ${agents.names.join(', ')}`;
  const loss = agents.onAgentLoss === 'continue' ? ', going on without a lost one' : '';
  return `load from ${who} via ${brokerText(agents.broker)}${loss}`;
}
