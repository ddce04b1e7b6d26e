// `dirbench broker start|list|stop`: a local NATS broker (nats-server with JetStream, TLS and a
// user per agent) that load agents will connect to; brokers started here outlive the command.
import { invalid } from '../../shared/errors.ts';
import type { Core } from '../../core/app/core.ts';
import { parseAgentNames } from '../../core/broker/agentNames.ts';
import { DEFAULT_BROKER_LISTEN } from '../../core/broker/brokerManager.ts';
import type { BrokerInfo } from '../../core/broker/brokerRecord.ts';
import type { CommandFamily, CommandSpec, OptionTable } from '../commandSpec.ts';
import { commonGroup } from '../commonOptions.ts';
import { withCliCore } from '../coreForCli.ts';
import { intOption, printJson, printJsonLine, printTable } from '../options.ts';
import type { RawOptions } from '../options.ts';
import { plainCommand } from '../plainCommand.ts';

/** What `broker start` takes. */
const BROKER_START_OPTIONS = {
  port: { type: 'string', value: 'N', description: 'TCP port (default: a free one)' },
  listen: {
    type: 'string',
    value: 'ADDR',
    description: 'IP address to listen on; 0.0.0.0 lets agents on other machines connect',
    default: DEFAULT_BROKER_LISTEN,
  },
  agents: {
    type: 'string',
    value: 'NAME,NAME|N',
    description:
      'agent names (letters, digits, _ and -, up to 40 each) or a count N for agent-1..agent-N',
    default: 4,
  },
} as const satisfies OptionTable;

/** The documented `broker start --json` object (and each entry of `broker list --json`). */
function brokerJson(broker: BrokerInfo) {
  return {
    id: broker.id,
    state: broker.state,
    url: broker.url,
    agentUrl: broker.agentUrl,
    caFile: broker.caFile,
    coordinatorCredentialsFile: broker.coordinatorCredentialsFile,
    agentCredentialsFile: broker.agentCredentialsFile,
    agentCredentialFiles: broker.agentCredentialFiles,
    agents: broker.agents,
    pid: broker.pid,
    listen: broker.listen,
    port: broker.port,
    serverVersion: broker.serverVersion,
    dir: broker.dir,
    error: broker.error,
    createdAt: broker.createdAt,
  };
}

async function start(core: Core, options: RawOptions): Promise<number> {
  const agentsValue = options.agents;
  if (agentsValue !== undefined && typeof agentsValue !== 'string')
    throw invalid('--agents', '--agents takes NAME,NAME or a count');
  const agents = parseAgentNames(agentsValue, '--agents');
  const listen = typeof options.listen === 'string' ? options.listen : undefined;
  const port = options.port === undefined ? undefined : intOption(options, 'port', 0, 1, 65_535);
  const broker = await core.brokers.start({
    agents,
    persistent: true,
    ...(listen === undefined ? {} : { listen }),
    ...(port === undefined ? {} : { port }),
  });
  if (options.json === true) {
    printJsonLine(brokerJson(broker));
    return 0;
  }
  process.stdout.write(
    `Broker ${broker.id}: nats-server ${broker.serverVersion ?? ''} with JetStream at ${broker.url} (TLS only; its CA: ${broker.caFile})\n` +
      (broker.agentUrl === broker.url
        ? ''
        : `  agents on other machines connect to ${broker.agentUrl}\n`) +
      `  coordinator credentials: ${broker.coordinatorCredentialsFile}\n` +
      `  agents ${broker.agents.join(', ')}: ${broker.agentCredentialsFile} (all), one agent-NAME.creds.json each beside it\n` +
      `Stop it with: dirbench broker stop ${broker.id}\n`,
  );
  return 0;
}

async function stop(core: Core, id: string | undefined): Promise<number> {
  if (!id)
    throw invalid('id', 'which broker? use "dirbench broker stop ID" (see "dirbench broker list")');
  await core.brokers.stop(id);
  process.stdout.write(
    `Broker ${id} stopped (its passwords and JetStream data are deleted; its log is kept).\n`,
  );
  return 0;
}

function list(core: Core, options: RawOptions): number {
  const brokers = core.brokers.list();
  if (options.json === true) printJson(brokers.map(brokerJson));
  else if (brokers.length === 0)
    process.stdout.write('No brokers. Start one with: dirbench broker start\n');
  else
    printTable(
      ['ID', 'STATE', 'URL', 'AGENTS', 'PID', 'CREATED'],
      brokers.map((b) => [b.id, b.state, b.url, b.agents.join(','), b.pid ?? '-', b.createdAt]),
    );
  return 0;
}

const brokerStart: CommandSpec = {
  name: 'broker start',
  summary: 'a local NATS broker (TLS, JetStream, a user per agent), kept until broker stop',
  usage: ['dirbench broker start [--port N] [--listen ADDR] [--agents NAME,NAME|N] [--json]'],
  args: [],
  about: [
    'Runs nats-server with JetStream in a folder of its own, TLS only with a CA of its own, one',
    'user for the coordinator and one per agent (an agent may publish only under its own',
    'subjects); passwords go to mode-600 credential files in that folder, never to the screen.',
  ],
  groups: [
    { title: 'Broker', options: BROKER_START_OPTIONS },
    commonGroup(
      'the broker (id, url, caFile, coordinatorCredentialsFile, agentCredentialsFile, agentCredentialFiles, agents, ...)',
    ),
  ],
  examples: [
    { what: 'a broker on this machine for agent-1..agent-4', line: 'dirbench broker start' },
    {
      what: 'a broker other machines reach, for two named agents, as JSON',
      line: 'dirbench broker start --listen 0.0.0.0 --port 4222 --agents rack1,rack2 --json',
    },
  ],
  run: (_args, options) => withCliCore(options, (core) => start(core, options)),
};

const brokerList = plainCommand('broker list', {
  summary: 'the brokers and their state',
  json: 'the brokers, as broker start --json prints each',
  examples: [{ what: 'the brokers', line: 'dirbench broker list' }],
  run: (_args, options) => withCliCore(options, (core) => list(core, options)),
});

const brokerStop = plainCommand('broker stop ID', {
  summary: 'stops a broker and deletes its passwords and JetStream data (its log is kept)',
  examples: [{ what: 'stop a broker', line: 'dirbench broker stop BROKER-ID' }],
  run: ([id], options) => withCliCore(options, (core) => stop(core, id)),
});

/** `dirbench broker start|list|stop`. */
export const brokerFamily: CommandFamily = {
  name: 'broker',
  summary: 'local NATS brokers (nats-server with TLS and JetStream, a user per agent)',
  subcommands: [brokerStart, brokerList, brokerStop],
};
