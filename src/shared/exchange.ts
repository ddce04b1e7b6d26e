// Exports (data, charts, reports) and imports of peer tools' output: the formats and the files they make.
import { invalid } from './errors.ts';
import { checkId } from './validation.ts';

/** Data formats of `export/data` and `dirbench export --format`. */
export type DataExportFormat = 'csv' | 'json' | 'hlog';

/** Image formats of chart exports. */
export type ChartImageFormat = 'png' | 'svg';

/** Output formats of peer tools DirBench imports as external runs. */
export const IMPORT_FORMATS = ['searchrate-csv', 'opendj-csv'] as const;

/** One of IMPORT_FORMATS. */
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

/** Which runs an export covers: some runs, or every run of a campaign. */
export type ExportSelection = { runIds: string[] } | { campaignId: string };

/**
 * Narrows an export's runs as the compare pickers do: each list keeps the runs matching one of its
 * values; an absent or empty list keeps them all.
 */
export interface RunFilter {
  /** Workload ids, e.g. salford/S.1. */
  tests?: string[];
  /** Directory sizes in entries. */
  sizes?: number[];
  /** Servers by short name ("OpenLDAP 2.5.13", "OpenDJ"), full vendor string, lab kind or target name, any case. */
  servers?: string[];
  /** Index profile names, e.g. salford-indexed. */
  profiles?: string[];
}

/** The filter an export request may carry beside its selection. */
export interface ExportFilter {
  filter?: RunFilter;
}

/** Size of a chart image an export draws, in pixels (the exporter's default when absent). */
export interface ChartImageSize {
  widthPx?: number;
  heightPx?: number;
}

/** Checks an export or compare selection from a request: run ids as a non-empty list of text, or a campaign id. */
export function checkSelection(value: unknown): ExportSelection {
  const selection = Object(value) as { runIds?: unknown; campaignId?: unknown };
  if ('campaignId' in selection && selection.campaignId !== undefined) {
    return { campaignId: checkId(selection.campaignId, 'campaignId') };
  }
  if (!Array.isArray(selection.runIds) || selection.runIds.length === 0) {
    throw invalid('runIds', 'choose runs: runIds must be a list of run ids, or give a campaignId');
  }
  return { runIds: selection.runIds.map((id: unknown, i) => checkId(id, `runIds[${i}]`)) };
}

/** A file made for the user to save: text formats travel as text, binary ones as base64. */
export interface ExportFile {
  fileName: string;
  mimeType: string;
  text?: string;
  base64?: string;
}
