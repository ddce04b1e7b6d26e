// Exports (data, charts, reports) and imports of peer tools' output: the formats and the files they make.

/** Data formats of `export/data` and `dirbench export --format`. */
export type DataExportFormat = 'csv' | 'json' | 'hlog';

/** Charts DirBench draws and exports (GUI and `dirbench export --chart`). */
export type ChartKind = 'timeseries' | 'trend' | 'concurrency' | 'latency' | 'bars';

/** Image formats of chart exports. */
export type ChartImageFormat = 'png' | 'svg';

/** Output formats of peer tools DirBench imports as external runs. */
export type ImportFormat = 'searchrate-csv' | 'opendj-csv';

/** Which runs an export covers: some runs, or every run of a campaign. */
export type ExportSelection = { runIds: string[] } | { campaignId: string };

/** A file made for the user to save: text formats travel as text, binary ones as base64. */
export interface ExportFile {
  fileName: string;
  mimeType: string;
  text?: string;
  base64?: string;
}
