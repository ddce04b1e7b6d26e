// Who is using a broker this host might stop: connected agents (their last heartbeats), the run in
// progress and the campaign whose load comes from it. The Agents page asks before cutting them off.
import type { AgentListing } from '../../shared/agentTypes.ts';
import type { BrokerInfo } from '../broker/brokerRecord.ts';
import { listBrokerAgents } from './agentsList.ts';

/** A stop check must not keep the page waiting on a broker that does not answer. */
const USE_CHECK_TIMEOUT_MS = 3_000;

/** The host's work that may take its load from a broker. */
export interface BrokerUsers {
  /** The broker (URL) the run in progress takes its load from; null when none or local. */
  activeRunBroker(): string | null;
  /** The broker (id or URL) the active campaign's cells take their load from; null when none. */
  activeCampaignBroker(): string | null;
  /** True for an agent known to have ended since its last heartbeat (one this host ran and stopped). */
  ended?(broker: string, agent: AgentListing): boolean;
}

/** The names of the agents connected to `broker` now (none when it does not answer: nobody can use it). */
async function connectedAgents(broker: BrokerInfo, users: BrokerUsers): Promise<string[]> {
  try {
    const agents = await listBrokerAgents(
      {
        url: broker.url,
        caFile: broker.caFile,
        credentialsFile: broker.coordinatorCredentialsFile,
        name: 'dirbench-stop-check',
        timeoutMs: USE_CHECK_TIMEOUT_MS,
      },
      { probes: 0 },
    );
    return agents
      .filter((a) => a.state !== 'lost' && users.ended?.(broker.id, a) !== true)
      .map((a) => a.name);
  } catch {
    return [];
  }
}

function agentsText(names: readonly string[]): string {
  if (names.length === 1) return `agent ${names[0]} is connected to it`;
  return `agents ${names.slice(0, -1).join(', ')} and ${names.at(-1)} are connected to it`;
}

/** Why stopping `broker` would cut someone off, one phrase each; empty when nothing uses it. */
export async function brokerUses(broker: BrokerInfo, users: BrokerUsers): Promise<string[]> {
  const uses: string[] = [];
  const agents = await connectedAgents(broker, users);
  if (agents.length > 0) uses.push(agentsText(agents));
  if (users.activeRunBroker() === broker.url)
    uses.push('the run in progress takes its load from it');
  const campaign = users.activeCampaignBroker();
  if (campaign === broker.id || campaign === broker.url)
    uses.push("the campaign in progress takes its cells' load from it");
  return uses;
}
