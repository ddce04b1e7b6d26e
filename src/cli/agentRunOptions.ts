// `dirbench run --broker ... --agents ...`: the run's workers on load agents. Connects to the
// broker as the coordinator, checks that the agents asked for are there, and gives the
// run service what it needs to prepare them.
import type { NatsConnection } from '@nats-io/transport-node';
import { ApiError, invalid } from '../shared/errors.ts';
import { listAgents } from '../core/agents/agentsList.ts';
import { ensureHeartbeatStream } from '../core/agents/heartbeatStream.ts';
import { prepareAgentRun } from '../core/agents/natsLauncher.ts';
import type { Core } from '../core/app/core.ts';
import { connectBroker } from '../core/broker/connect.ts';
import type { RunOnAgents } from '../core/runs/runOnAgents.ts';
import type { OptionTable } from './commandSpec.ts';
import { coordinatorTarget, withBrokerOptionNames } from './commands/brokerClientOptions.ts';
import type { BrokerFileOptions } from './commands/brokerClientOptions.ts';
import type { RawOptions } from './options.ts';

/** The options of a run on agents (--ca-file is the directory server's, so the broker's are prefixed). */
export const RUN_AGENT_OPTIONS = {
  broker: {
    type: 'string',
    value: 'URL|BROKER-ID',
    description:
      'run the workers on load agents of this broker: a tls:// URL, or a broker id on this machine',
  },
  agents: {
    type: 'string',
    value: 'NAME,NAME|all',
    description: 'with --broker: the agents to run on, or all those connected (default all)',
  },
  'broker-ca-file': {
    type: 'string',
    value: 'PEM',
    description: "with a broker URL: the broker's CA (default: the credentials file's)",
  },
  'broker-credentials-file': {
    type: 'string',
    value: 'FILE',
    description: "with a broker URL: the coordinator's credentials file",
  },
} as const satisfies OptionTable;

const FILES: BrokerFileOptions = { ca: 'broker-ca-file', credentials: 'broker-credentials-file' };

/** A run's agents with the broker connection they use, closed once the runs are over. */
export interface RunAgents {
  agents: RunOnAgents;
  close(): Promise<void>;
}

/** The agents named by --agents (or all), each connected; an error names any that is not. */
async function chosenAgents(nc: NatsConnection, wanted: string): Promise<string[]> {
  await ensureHeartbeatStream(nc);
  const listed = await listAgents(nc);
  const names =
    wanted === 'all'
      ? listed.filter((a) => a.state !== 'lost').map((a) => a.name)
      : [...new Set(wanted.split(',').map((n) => n.trim()))].filter((n) => n !== '');
  if (names.length === 0)
    throw new ApiError(
      'unavailable',
      '--agents: no agent is connected to this broker; start one with dirbench agent (see dirbench agents list)',
      '--agents',
    );
  for (const name of names) {
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
        `--agents: agent ${name} ${why}; see dirbench agents list`,
        '--agents',
      );
  }
  return names;
}

/** The agents of `dirbench run --broker`, connected; null without --broker. */
export async function agentsForRun(core: Core, options: RawOptions): Promise<RunAgents | null> {
  if (options.broker === undefined) {
    if (options.agents !== undefined)
      throw invalid('--agents', '--agents needs --broker (the broker the agents connect to)');
    return null;
  }
  const target = await coordinatorTarget(options, (id) => core.brokers.get(id), FILES);
  const nc = await withBrokerOptionNames(
    () => connectBroker({ ...target, reconnect: true, name: 'dirbench-run' }),
    FILES,
  );
  try {
    const names = await chosenAgents(
      nc,
      typeof options.agents === 'string' ? options.agents : 'all',
    );
    const prepare: RunOnAgents['prepare'] = (runId, workers, loadMs) =>
      prepareAgentRun(nc, { runId, agents: names, workers, loadMs }).catch((err: unknown) => {
        const why = err instanceof Error ? err.message : String(err);
        throw new ApiError('unavailable', `--agents: ${why}`, '--agents');
      });
    return { agents: { count: names.length, prepare }, close: () => nc.close() };
  } catch (err) {
    await nc.close();
    throw err;
  }
}
