// What `dirbench broker start|list|stop` do (their specs are in broker.ts).
import { invalid } from '../../shared/errors.ts';
import type { Core } from '../../core/app/core.ts';
import { parseAgentNames } from '../../core/broker/agentNames.ts';
import type { BrokerInfo } from '../../core/broker/brokerRecord.ts';
import { withCliCore } from '../coreForCli.ts';
import { intOption, printJson, printJsonLine, printTable } from '../options.ts';
import type { RawOptions } from '../options.ts';

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

/** `broker start`. */
export function brokerStartCommand(options: RawOptions): Promise<number> {
  return withCliCore(options, (core) => start(core, options));
}

/** `broker list`. */
export function brokerListCommand(options: RawOptions): Promise<number> {
  return withCliCore(options, (core) => list(core, options));
}

/** `broker stop ID`. */
export function brokerStopCommand(id: string | undefined, options: RawOptions): Promise<number> {
  return withCliCore(options, (core) => stop(core, id));
}
