// The built-in workload every version has: searchrate's classic random base read.
import type { WorkloadSpec } from '../../shared/workload.ts';

/** Id of the built-in random read, the default of every run. */
export const READ_RANDOM_ID = 'read-random';

/** Reads one random existing entry by its DN (base scope, all user attributes). */
export const READ_RANDOM: WorkloadSpec = {
  id: READ_RANDOM_ID,
  title: 'Random base reads',
  description:
    'Reads one random existing entry by its DN (base scope, all user attributes), like searchrate -b "uid=user.[1-N],..." -s base.',
  source: 'DirBench built-in',
  operations: [
    {
      label: 'search',
      weight: 1,
      operation: {
        kind: 'search',
        base: '[entry:dn]',
        scope: 'base',
        filter: '(objectClass=*)',
        attributes: [],
      },
    },
  ],
};
