// Handler of the reference/* channel: the studies' published figures.
import type { ApiHandlers, ChannelsOf } from '../../shared/api.ts';
import type { ReferenceTable } from '../../shared/reference.ts';
import { referenceTables } from '../reference/referenceData.ts';

/** Builds the reference handlers; `tables` is for tests, the shipped data/reference otherwise. */
export function referenceHandlers(tables: () => readonly ReferenceTable[] = referenceTables) {
  return {
    'reference/list': async (): Promise<ReferenceTable[]> => [...tables()],
  } satisfies Pick<ApiHandlers, ChannelsOf<'reference'>>;
}
