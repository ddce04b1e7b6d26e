// Options of the commands that connect to a broker as a client (agent, agents list), and their
// connection errors told in those options' names.
import { ApiError } from '../../shared/errors.ts';
import type { OptionTable } from '../commandSpec.ts';

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

const FIELD_OPTIONS: Readonly<Record<string, string>> = {
  url: '--broker',
  caFile: '--ca-file',
  credentialsFile: '--credentials-file',
  name: '--name',
};

/** Runs `work`; an ApiError about a connection field is rethrown naming the option instead. */
export async function withBrokerOptionNames<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (!(err instanceof ApiError) || err.field === undefined) throw err;
    const option = FIELD_OPTIONS[err.field];
    if (option === undefined) throw err;
    throw new ApiError(err.kind, err.message, option, {
      ...(err.detail === undefined ? {} : { detail: err.detail }),
      ...(err.code === undefined ? {} : { code: err.code }),
    });
  }
}
