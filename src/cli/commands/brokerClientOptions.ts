// Options of the commands that connect to a broker as a client (agent, agents list), and their
// connection errors told in those options' names.
import { ApiError, invalid, withField } from '../../shared/errors.ts';
import type { BrokerInfo } from '../../core/broker/brokerRecord.ts';
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

/** Where to connect as the coordinator. */
export interface CoordinatorTarget {
  url?: string;
  caFile?: string;
  credentialsFile: string;
}

/**
 * --broker as a URL with its credentials file, or the id of a broker on this machine (`lookup`
 * finds it), whose address, CA and coordinator credentials are used.
 */
export async function coordinatorTarget(
  options: RawOptions,
  lookup: (id: string) => BrokerInfo | null,
  files: BrokerFileOptions = CLIENT_FILE_OPTIONS,
): Promise<CoordinatorTarget> {
  const broker = stringOption(options, 'broker', 'a tls:// URL or a broker id (see broker list)');
  const caOption = options[files.ca];
  const caFile = typeof caOption === 'string' ? caOption : undefined;
  const credentialsOption = options[files.credentials];
  const credentials = typeof credentialsOption === 'string' ? credentialsOption : undefined;
  if (/^[a-z]+:\/\//i.test(broker)) {
    if (credentials === undefined)
      throw invalid(
        `--${files.credentials}`,
        `--${files.credentials} is required with a broker URL: the coordinator's credentials file`,
      );
    return {
      url: broker,
      credentialsFile: credentials,
      ...(caFile === undefined ? {} : { caFile }),
    };
  }
  const info = lookup(broker);
  if (info === null)
    throw new ApiError(
      'not-found',
      `--broker: there is no broker "${broker}" (see dirbench broker list)`,
      '--broker',
    );
  if (info.state !== 'running')
    throw invalid('--broker', `--broker: broker ${broker} is ${info.state}, not running`);
  return {
    url: info.url,
    caFile: caFile ?? info.caFile,
    credentialsFile: credentials ?? info.coordinatorCredentialsFile,
  };
}
