// `dirbench run --broker ... --agents ...`: the run's workers on load agents. The options become
// the request's `agents`; the agents are checked before a lab starts or a server is contacted, and
// errors about the request's agents name the options instead.
import { ApiError, withField } from '../shared/errors.ts';
import type { RunAgentsRequest } from '../shared/agentTypes.ts';
import type { Core } from '../core/app/core.ts';
import type { OptionTable } from './commandSpec.ts';
import { invalid } from '../shared/errors.ts';
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
  'on-agent-loss': {
    type: 'string',
    value: 'fail|continue',
    description:
      'with --broker: a lost agent fails the run (default), or the run goes on without it, marked partial',
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

/** The option that stands for each field of the request's agents. */
const OPTION_OF_FIELD: Readonly<Record<string, string>> = {
  agents: '--broker',
  'agents.broker': '--broker',
  'agents.names': '--agents',
  'agents.onAgentLoss': '--on-agent-loss',
  'agents.caFile': '--broker-ca-file',
  'agents.credentialsFile': '--broker-credentials-file',
};

/** `err` naming the run option of the request's agents field it is about. */
export function inAgentOptionTerms(err: unknown): unknown {
  if (!(err instanceof ApiError) || err.field === undefined) return err;
  const option = OPTION_OF_FIELD[err.field];
  return option === undefined ? err : withField(err, option);
}

/** The request's `agents` from --broker, --agents, --on-agent-loss and the broker file options. */
export function agentsRequestFromOptions(options: RawOptions): RunAgentsRequest | undefined {
  const text = (name: string): string | undefined =>
    typeof options[name] === 'string' ? options[name] : undefined;
  const broker = text('broker');
  if (broker === undefined) {
    for (const name of ['agents', 'on-agent-loss', 'broker-ca-file', 'broker-credentials-file'])
      if (options[name] !== undefined)
        throw invalid(`--${name}`, `--${name} needs --broker (the broker the agents connect to)`);
    return undefined;
  }
  const agents = text('agents') ?? 'all';
  const loss = text('on-agent-loss');
  if (loss !== undefined && loss !== 'fail' && loss !== 'continue')
    throw invalid('--on-agent-loss', '--on-agent-loss is fail (the default) or continue');
  const caFile = text('broker-ca-file');
  const credentialsFile = text('broker-credentials-file');
  return {
    broker,
    names: agents === 'all' ? 'all' : agents.split(',').map((n) => n.trim()),
    ...(loss === undefined ? {} : { onAgentLoss: loss }),
    ...(caFile === undefined ? {} : { caFile }),
    ...(credentialsFile === undefined ? {} : { credentialsFile }),
  };
}

/** Checks that the broker answers and the agents asked for are there, before any lab starts. */
export async function checkAgentsEarly(core: Core, request: RunAgentsRequest): Promise<void> {
  try {
    // The agents' client (NATS) loads only for a run on agents.
    const { openRunAgents } = await import('../core/agents/runAgents.ts');
    const agents = await openRunAgents(request, (id) => core.brokers.get(id));
    await agents.close();
  } catch (err) {
    throw inAgentOptionTerms(err);
  }
}
