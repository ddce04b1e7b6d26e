// Handlers of the compare/* and export/* channels.
import type { ApiHandlers, ChannelsOf } from '../../shared/api.ts';
import { referenceTables } from '../reference/referenceData.ts';
import { compareRuns } from '../report/compareRuns.ts';
import type { ReferenceSource } from '../report/exportFiles.ts';
import type { Db } from '../store/database.ts';

type ExplorerChannels = ChannelsOf<'compare' | 'export'>;

/** The exports (charts drawn with ECharts and resvg): loaded by the first export, not with the core. */
const exportFiles = () => import('../report/exportFiles.ts');

/** Builds the compare and export handlers over the database; `references` is for tests. */
export function explorerHandlers(db: Db, references: ReferenceSource = referenceTables) {
  return {
    // A selection that is not one (no run ids, ids that are not text) is named before any query.
    'compare/runs': async (req) => compareRuns(db, req),
    'export/data': async (req) => (await exportFiles()).exportData(db, req),
    'export/chart': async (req) => (await exportFiles()).exportChart(db, req, references),
    'export/report': async (req) => (await exportFiles()).exportReport(db, req, references),
  } satisfies Pick<ApiHandlers, ExplorerChannels>;
}
