// The load agents of one run, as a run request names them (RunRequest.agents): resolves the broker
// (an id on this machine, or a URL with credentials), connects as the coordinator, checks that
// every agent asked for is there, and offers the run service a way to prepare them.
import type { NatsConnection } from '@nats-io/transport-node';
import { ApiError, invalid, withField } from '../../shared/errors.ts';
import type { AgentLossPolicy, RunAgentsRequest } from '../../shared/agentTypes.ts';
import type { BrokerInfo } from '../broker/brokerRecord.ts';
import { connectBroker } from '../broker/connect.ts';
import { listAgents } from './agentsList.ts';
import type { AgentListing } from '../../shared/agentTypes.ts';
import { ensureHeartbeatStream } from '../broker/agentsStream.ts';
import { prepareAgentRun } from './natsLauncher.ts';
import type { AgentRun } from './natsLauncher.ts';

/** The load agents of one run, connected through their broker. */
export interface RunOnAgents {
  /** How many agents will take workers: a run's default worker count (one worker each). */
  count: number;
  /** The broker's address, recorded with the run (never its credentials). */
  brokerUrl: string;
  onAgentLoss: AgentLossPolicy;
  /** Prepares run `runId` of `workers` worker processes and `loadMs` of load on the agents. */
  prepare(runId: string, workers: number, loadMs: number): Promise<AgentRun>;
  /** Lets go of the broker connection. */
  close(): Promise<void>;
}

/** Connects to the agents a run request names. */
export type AgentsOpener = (request: RunAgentsRequest) => Promise<RunOnAgents>;

/** Where to connect as the coordinator. */
export interface CoordinatorTarget {
  url?: string;
  caFile?: string;
  credentialsFile: string;
}

/** Finds a broker of this machine by id. */
export type BrokerLookup = (id: string) => BrokerInfo | null;

/** The broker named by `broker` (a URL, or an id `lookup` finds); errors name the field at fault. */
export function resolveCoordinator(
  spec: Pick<RunAgentsRequest, 'broker' | 'caFile' | 'credentialsFile'>,
  lookup: BrokerLookup,
): CoordinatorTarget {
  const { broker, caFile, credentialsFile } = spec;
  if (/^[a-z]+:\/\//i.test(broker)) {
    if (credentialsFile === undefined)
      throw invalid(
        'credentialsFile',
        "a broker URL needs the coordinator's credentials file (the broker wrote it)",
      );
    return { url: broker, credentialsFile, ...(caFile === undefined ? {} : { caFile }) };
  }
  const info = lookup(broker);
  if (info === null)
    throw new ApiError(
      'not-found',
      `there is no broker "${broker}" on this machine (see dirbench broker list)`,
      'broker',
    );
  if (info.state !== 'running')
    throw invalid('broker', `broker ${broker} is ${info.state}, not running; start a new one`);
  return {
    url: info.url,
    caFile: caFile ?? info.caFile,
    credentialsFile: credentialsFile ?? info.coordinatorCredentialsFile,
  };
}

/** The agents `names` asks for (or every connected one); an error names any that is not there. */
async function chosenAgents(nc: NatsConnection, names: string[] | 'all'): Promise<AgentListing[]> {
  await ensureHeartbeatStream(nc);
  const listed = await listAgents(nc);
  const chosen =
    names === 'all'
      ? listed.filter((a) => a.state !== 'lost').map((a) => a.name)
      : [...new Set(names.map((n) => n.trim()))].filter((n) => n !== '');
  if (chosen.length === 0)
    throw new ApiError(
      'unavailable',
      'no load agent is connected to this broker; start one with dirbench agent (see dirbench agents list)',
      'names',
    );
  for (const name of chosen) {
    const agent = listed.find((a) => a.name === name);
    const why =
      agent === undefined
        ? 'has never been heard from'
        : agent.state === 'lost'
          ? `is lost (last heard ${(agent.lastSeenMs / 1000).toFixed(1)} s ago)`
          : // A busy agent is not refused here: its last heartbeat may be up to 2 s old. The
            // agent itself refuses a second run, and the run fails naming it.
            null;
    if (why !== null)
      throw new ApiError(
        'unavailable',
        `load agent ${name} ${why}; see dirbench agents list`,
        'names',
      );
  }
  return chosen.map((name) => listed.find((a) => a.name === name) as AgentListing);
}

/** The request's field an error of connecting or choosing is about (`agents.broker`, ...). */
function inRequestTerms(err: unknown): unknown {
  if (!(err instanceof ApiError) || err.field === undefined || err.field.startsWith('agents.'))
    return err;
  return withField(err, `agents.${err.field === 'url' ? 'broker' : err.field}`);
}

/** Connects to the agents `request` names; the caller closes them once the run is over. */
export async function openRunAgents(
  request: RunAgentsRequest,
  lookup: BrokerLookup,
): Promise<RunOnAgents> {
  const onAgentLoss = request.onAgentLoss ?? 'fail';
  let nc: NatsConnection | null = null;
  try {
    const target = resolveCoordinator(request, lookup);
    nc = await connectBroker({ ...target, reconnect: true, name: 'dirbench-run' });
    const connection = nc;
    const chosen = await chosenAgents(connection, request.names);
    const names = chosen.map((a) => a.name);
    const machines = new Map(
      chosen.map((a) => [a.name, { host: a.host, cores: a.cores, version: a.version }]),
    );
    return {
      count: names.length,
      brokerUrl: target.url ?? connection.getServer(),
      onAgentLoss,
      prepare: (runId, workers, loadMs) =>
        prepareAgentRun(connection, {
          runId,
          agents: names,
          workers,
          loadMs,
          onAgentLoss,
          machines,
        }).catch((err: unknown) => {
          const why = err instanceof Error ? err.message : String(err);
          throw new ApiError('unavailable', `load agents: ${why}`, 'agents.names');
        }),
      close: () => connection.close(),
    };
  } catch (err) {
    await nc?.close();
    throw inRequestTerms(err);
  }
}
