// Everything the matrix builder offers, loaded together: lab kinds, targets, index profiles, workloads.
import { useQuery } from '../../api/useApi.ts';
import type { QueryState } from '../../api/useApi.ts';
import type { MatrixChoices } from './MatrixBuilder.tsx';

/** The builder's choices, refreshed when targets or workloads change. */
export function useMatrixChoices(): QueryState<MatrixChoices> {
  return useQuery(
    'matrix-choices',
    async (api) => {
      const [labKinds, targets, indexProfiles, workloads] = await Promise.all([
        api.call('lab/availability'),
        api.call('targets/list'),
        api.call('lab/indexProfiles'),
        api.call('workloads/list'),
      ]);
      return { labKinds, targets, indexProfiles, workloads };
    },
    ['targets/changed', 'workloads/changed'],
  );
}
