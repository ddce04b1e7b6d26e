// Handlers of the workloads/* channels.
import type { ApiEventMessage, ApiHandlers, ChannelsOf } from '../../shared/api.ts';
import type { WorkloadLibrary } from '../workload/library.ts';
import { savedSpecHandlers } from './savedSpecHandlers.ts';

/** Builds the workload list, lookup, check and save handlers. */
export function workloadsHandlers(library: WorkloadLibrary, emit: (m: ApiEventMessage) => void) {
  const writes = savedSpecHandlers(library, emit, 'workloads/changed');
  return {
    'workloads/list': async () => library.list(),
    'workloads/get': async ({ id }) => library.get(id, 'id'),
    'workloads/check': async ({ spec }) => library.check(spec),
    'workloads/save': writes.save,
    'workloads/delete': writes.delete,
  } satisfies Pick<ApiHandlers, ChannelsOf<'workloads'>>;
}
