// Handlers of the workloads/* channels.
import type { ApiEventMessage, ApiHandlers, ChannelsOf } from '../../shared/api.ts';
import type { WorkloadLibrary } from '../workload/library.ts';

/** Builds the workload list, lookup, check and save handlers. */
export function workloadsHandlers(library: WorkloadLibrary, emit: (m: ApiEventMessage) => void) {
  return {
    'workloads/list': async () => library.list(),
    'workloads/get': async ({ id }) => library.get(id, 'id'),
    'workloads/check': async ({ spec }) => library.check(spec),
    'workloads/save': async ({ spec }) => {
      const item = library.save(spec);
      emit({ event: 'workloads/changed', payload: {} });
      return item;
    },
    'workloads/delete': async ({ id }) => {
      library.delete(id);
      emit({ event: 'workloads/changed', payload: {} });
    },
  } satisfies Pick<ApiHandlers, ChannelsOf<'workloads'>>;
}
