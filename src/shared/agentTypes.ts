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
  /** Where agents on other machines connect (the listen address, or this host's name when it listens everywhere). */
  agentUrl: string;
  /** The address it listens on (127.0.0.1: this machine only). */
  listen: string;
  port: number;
  state: BrokerListingState;
  /** nats-server's PID while it runs. */
  pid: number | null;
  serverVersion: string | null;
  /** True when kept until stopped (`dirbench broker start`); false when it stops with the DirBench that started it. */
  persistent: boolean;
  /** The agent names it was started with. */
  agents: string[];
  /** Each agent's credentials file by name: a path for `dirbench agent --credentials-file`, not its content. */
  agentCredentialFiles: Record<string, string>;
  /** The broker's CA certificate (a path): agents on other machines need a copy. */
  caFile: string;
  /** Why it failed, or stopped without being asked. */
  error: string | null;
  createdAt: string;
}

/** A broker to start on this machine (the API's and `dirbench broker start`'s choices). */
export interface BrokerStartRequest {
  /** Agent names (each gets a user and a credentials file); default agent-1..agent-4. */
  agents?: string[];
  /** Address to listen on (an IP address; 0.0.0.0 or :: for every interface); default 127.0.0.1. */
  listen?: string;
  /** TCP port; a free one when absent. */
  port?: number;
}

/** Where a load agent this DirBench runs itself (for one of its brokers) is in its life. */
export type LocalAgentState = 'starting' | 'running' | 'stopping' | 'stopped' | 'failed';

/** A load agent run inside this DirBench (the Agents page's "Start here"), as `dirbench agent` would run it. */
export interface LocalAgent {
  /** The id of the broker it connects to. */
  broker: string;
  name: string;
  state: LocalAgentState;
  /** Why it stopped or failed; null while it starts or runs. */
  reason: string | null;
  startedAt: string;
  /** When it stopped or failed; null while it starts or runs. */
  endedAt: string | null;
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
