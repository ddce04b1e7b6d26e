// Options of the commands that connect to a broker as a client (agent, agents list), and their
// connection errors told in those options' names.
import { ApiError, withField } from '../../shared/errors.ts';
import type { BrokerLookup, CoordinatorTarget } from '../../core/agents/runAgents.ts';
import type { OptionTable } from '../commandSpec.ts';
import { stringOption } from '../options.ts';
import type { RawOptions } from '../options.ts';

/** --ca-file and --credentials-file, as a broker client takes them. */
export const BROKER_CLIENT_OPTIONS = {
  'ca-file': {
    type: 'string',
    value: 'PEM',
    description: "the broker's CA certificate (default: the credentials file's caFile)",
  },
  'credentials-file': {
    type: 'string',
    value: 'FILE',
    description: 'a credentials file the broker wrote ({url, caFile, user, password})',
  },
} as const satisfies OptionTable;

/** The option names a command gives a broker's CA and credentials files. */
export interface BrokerFileOptions {
  ca: string;
  credentials: string;
}

/** The names `agent` and `agents list` use; `run` prefixes them (its --ca-file is the server's). */
const CLIENT_FILE_OPTIONS: BrokerFileOptions = { ca: 'ca-file', credentials: 'credentials-file' };

/** Runs `work`; an ApiError about a connection field is rethrown naming the option instead. */
export async function withBrokerOptionNames<T>(
  work: () => Promise<T>,
  files: BrokerFileOptions = CLIENT_FILE_OPTIONS,
): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (!(err instanceof ApiError) || err.field === undefined) throw err;
    const fieldOptions: Readonly<Record<string, string>> = {
      url: '--broker',
      caFile: `--${files.ca}`,
      credentialsFile: `--${files.credentials}`,
      name: '--name',
    };
    const option = fieldOptions[err.field];
    if (option === undefined) throw err;
    throw withField(err, option);
  }
}

/**
 * --broker as a URL with its credentials file, or the id of a broker on this machine (`lookup`
 * finds it), whose address, CA and coordinator credentials are used.
 */
export async function coordinatorTarget(
  options: RawOptions,
  lookup: BrokerLookup,
  files: BrokerFileOptions = CLIENT_FILE_OPTIONS,
): Promise<CoordinatorTarget> {
  const broker = stringOption(options, 'broker', 'a tls:// URL or a broker id (see broker list)');
  const text = (name: string): string | undefined =>
    typeof options[name] === 'string' ? options[name] : undefined;
  const caFile = text(files.ca);
  const credentialsFile = text(files.credentials);
  // The agents' client (NATS) loads only when a broker is used.
  const { resolveCoordinator } = await import('../../core/agents/runAgents.ts');
  return withBrokerOptionNames(async () => {
    try {
      return resolveCoordinator(
        {
          broker,
          ...(caFile === undefined ? {} : { caFile }),
          ...(credentialsFile === undefined ? {} : { credentialsFile }),
        },
        lookup,
      );
    } catch (err) {
      // The broker field is the --broker option whatever the command calls its files.
      throw err instanceof ApiError && err.field === 'broker' ? withField(err, '--broker') : err;
    }
  }, files);
}
