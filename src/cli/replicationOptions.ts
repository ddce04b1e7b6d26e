// `dirbench run --replica URL`: consumers of the target whose replication lag the run measures.
import { ApiError, invalid } from '../shared/errors.ts';
import { validateReplicationTopology } from '../shared/replicationTypes.ts';
import type { RunRequest } from '../shared/types.ts';
import type { OptionTable } from './commandSpec.ts';
import type { RawOptions } from './options.ts';

/** Consumers of the target whose replication lag a run measures. */
export const REPLICATION_OPTIONS = {
  replica: {
    type: 'string',
    multiple: true,
    value: 'URL',
    description:
      "a consumer of the target (its supplier): the run writes a marker entry under the target base DN (the bind must be allowed to add it) and reports this consumer's replication lag",
  },
} as const satisfies OptionTable;

/** --replica URL..., as the run request's replication topology; a bad URL is named as --replica. */
export function replicationOption(options: RawOptions): Pick<RunRequest, 'replication'> {
  const urls = options.replica;
  if (urls === undefined) return {};
  const replication = { consumers: [urls].flat().map(String) };
  try {
    validateReplicationTopology(replication);
  } catch (err) {
    // The request's own wording names its field; here the option is what was typed.
    if (!(err instanceof ApiError)) throw err;
    throw invalid(
      '--replica',
      err.message.replace(/^replication\.consumers(\[\d+\])?/, '--replica'),
    );
  }
  return { replication };
}
