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

/** What to do when a load agent is lost mid-run: fail the run (default), or go on without it. */
export type AgentLossPolicy = 'fail' | 'continue';

/** Which load agents a run's workers go to, and through which broker. */
export interface RunAgentsRequest {
  /** A broker id on this machine (see `broker list`), or a tls:// URL with `credentialsFile`. */
  broker: string;
  /** The agents to run on, or every connected one. */
  names: string[] | 'all';
  onAgentLoss?: AgentLossPolicy;
  /** With a broker URL: its CA (default: the credentials file's). */
  caFile?: string;
  /** With a broker URL: the coordinator's credentials file. */
  credentialsFile?: string;
}

/** One load agent's part of one second (runs on agents). */
export interface SampleAgent {
  name: string;
  ops: number;
  errors: number;
  /**
   * `reported`: its figures are in the second; `late`: they are, but arrived more than 3 s after
   * the second ended; `lost`: the agent was lost and the second lacks its figures.
   */
  state: 'reported' | 'late' | 'lost';
}

/** One load agent's figures over the measured phase (runs on agents). */
export interface RunAgentSummary {
  name: string;
  opsPerSec: number;
  ops: number;
  errors: number;
  clockOffsetMs: number;
  /** True when the agent was lost during the run. */
  lost: boolean;
  /** Measured seconds whose figures from this agent came more than 3 s late. */
  lateSeconds: number;
}

/** One load agent of a run: the global worker numbers (0-based) it ran, its clock minus ours. */
export interface RunAgentPlacement {
  name: string;
  workers: number[];
  clockOffsetMs: number;
  /** The agent's machine as its last heartbeat described it (absent in runs before it was kept). */
  host?: string;
  cores?: number;
  /** Its DirBench version. */
  version?: string;
}
