// `dirbench agent`: a load agent that connects to a broker, heartbeats and answers clock probes
// until stopped (SIGINT/SIGTERM: exit 0) or the broker is gone for 5 s (exit 1).
import { startAgent } from '../../core/agents/agentProcess.ts';
import type { CommandSpec, OptionTable } from '../commandSpec.ts';
import { commonGroup } from '../commonOptions.ts';
import { givenText, stringOption } from '../options.ts';
import type { RawOptions } from '../options.ts';
import { BROKER_CLIENT_OPTIONS, withBrokerOptionNames } from './brokerClientOptions.ts';

// After the agent has stopped, the process exits even if a stray handle would keep it alive.
const EXIT_GRACE_MS = 1_000;

/** What `agent` takes. */
const AGENT_OPTIONS = {
  name: {
    type: 'string',
    value: 'NAME',
    description:
      "this agent's name: its own credentials file's, or the entry to take from the broker's agents.creds.json",
  },
  broker: {
    type: 'string',
    value: 'URL',
    description:
      "the broker's address as this machine reaches it (default: the credentials file's url)",
  },
  ...BROKER_CLIENT_OPTIONS,
} as const satisfies OptionTable;

async function runAgent(options: RawOptions): Promise<number> {
  // Without --name the credentials file is still read: its error lists the agents it holds.
  const name =
    typeof options.name === 'string' && options.name.trim() !== '' ? options.name : undefined;
  const credentialsFile = stringOption(
    options,
    'credentials-file',
    "the agent's credentials file from the broker's folder (agent-NAME.creds.json, or agents.creds.json with --name)",
  );
  const url = typeof options.broker === 'string' ? options.broker : undefined;
  const caFile = typeof options['ca-file'] === 'string' ? options['ca-file'] : undefined;
  const log = (line: string): void => void process.stderr.write(`${line}\n`);
  // Listening before the agent connects: a signal right after "connected" stops it cleanly too.
  let stop: ((signal: NodeJS.Signals) => void) | null = null;
  let pending: NodeJS.Signals | null = null;
  const onSignal = (signal: NodeJS.Signals): void => {
    if (stop === null) pending = signal;
    else stop(signal);
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  let end: Awaited<ReturnType<typeof startAgent>>['ended'] extends Promise<infer E> ? E : never;
  try {
    const agent = await withBrokerOptionNames(() =>
      startAgent({
        ...(name === undefined ? {} : { name }),
        credentialsFile,
        log,
        ...(url === undefined ? {} : { url }),
        ...(caFile === undefined ? {} : { caFile }),
      }),
    );
    stop = (signal) => void agent.stop(signal);
    if (pending !== null) stop(pending);
    end = await agent.ended;
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
  setTimeout(() => process.exit(end.code), EXIT_GRACE_MS).unref();
  return end.code;
}

/** `dirbench agent`. */
export const agentSpec: CommandSpec = {
  name: 'agent',
  summary:
    'a load agent: connects to a broker, heartbeats, answers clock probes (runs until stopped)',
  usage: [
    'dirbench agent --name NAME --credentials-file agent-NAME.creds.json|agents.creds.json [--broker URL] [--ca-file PEM]',
  ],
  args: [],
  about: [
    'Connects to the broker over TLS as agent NAME, publishes a heartbeat every 2 s (host,',
    'version, cores, state, CPU and event-loop use), answers clock probes and runs the workers',
    'of the runs a coordinator sends it. It stops on SIGINT or SIGTERM (exit 0), and by itself',
    'when the broker has been unreachable for 5 s (exit 1). The credentials file is the',
    "agent's own (agent-NAME.creds.json) or the broker's agents.creds.json, whose entry NAME",
    'it takes.',
  ],
  groups: [{ title: 'Agent', options: AGENT_OPTIONS }, commonGroup()],
  examples: [
    {
      what: "agent rack1 with the files copied from the broker's folder",
      line: 'dirbench agent --name rack1 --credentials-file agent-rack1.creds.json --ca-file ca.pem --broker tls://bench-host:4222',
    },
    {
      what: "agent rack2 on the broker's machine, from the file of every agent",
      line: 'dirbench agent --name rack2 --credentials-file ~/.local/share/dirbench/brokers/BROKER-ID/agents.creds.json',
    },
  ],
  run: (_args, options) => runAgent(options),
  activity: (_args, options) => {
    const broker = givenText(options, 'broker', '');
    return `agent ${givenText(options, 'name', '')}${broker === '' ? '' : ` on ${broker}`}`;
  },
};
