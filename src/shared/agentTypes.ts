// Load agents and their brokers as the API shows them (the Agents page, the run form's "Load
// from", `dirbench agents list --json`): no password ever appears here.

/** What an agent says it is doing in its heartbeat. */
export type AgentState = 'idle' | 'running';

/** One agent as a broker last heard from it. */
export interface AgentListing {
  name: string;
  host: string;
  version: string;
  /** Its own state, or 'lost' when its last heartbeat is older than 6 s. */
  state: AgentState | 'lost';
  /** Since its last heartbeat reached the broker. */
  lastSeenMs: number;
  /** Agent clock minus ours; null when it was not probed (lost) or did not answer. */
  clockOffsetMs: number | null;
  clockUncertaintyMs: number | null;
  cores: number;
  /** From its last heartbeat: CPU in % of one core, event-loop use 0..1. */
  cpuPercent: number;
  eventLoopUtilization: number;
}

/** Where a broker of this data folder is in its life. */
export type BrokerListingState = 'starting' | 'running' | 'stopped' | 'failed';

/** A broker of this data folder as the API lists it: where it is, never its credentials. */
export interface BrokerListing {
  id: string;
  /** Where this machine's coordinator connects (tls://...). */
  url: string;
  state: BrokerListingState;
  /** The agent names it was started with. */
  agents: string[];
  /** Each agent's credentials file by name: a path for `dirbench agent --credentials-file`, not its content. */
  agentCredentialFiles: Record<string, string>;
  createdAt: string;
}
