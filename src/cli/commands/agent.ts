// `dirbench agent`: a load agent that connects to a broker, heartbeats and answers clock probes
// until stopped (SIGINT/SIGTERM: exit 0) or the broker is gone for 5 s (exit 1). The work is in
// agentImpl.ts, loaded when the command runs.
import type { CommandSpec, OptionTable } from '../commandSpec.ts';
import { commonGroup } from '../commonOptions.ts';
import { givenText } from '../options.ts';
import { BROKER_CLIENT_OPTIONS } from './brokerClientOptions.ts';

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
  run: async (_args, options) => (await import('./agentImpl.ts')).runAgent(options),
  activity: (_args, options) => {
    const broker = givenText(options, 'broker', '');
    return `agent ${givenText(options, 'name', '')}${broker === '' ? '' : ` on ${broker}`}`;
  },
};
