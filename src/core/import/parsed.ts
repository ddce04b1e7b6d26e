// What a peer tool's output says, before it becomes a stored run; and the parse error naming the line.
import { invalid } from '../../shared/errors.ts';
import type { ApiError } from '../../shared/errors.ts';
import type { RunPhase } from '../../shared/types.ts';
import { inputExcerpt } from '../../shared/inputExcerpt.ts';

/** One output line of a rate tool: the figures of one interval. */
export interface ParsedInterval {
  phase: RunPhase;
  /** Length of the interval in milliseconds. */
  intervalMs: number;
  opsPerSec: number;
  meanLatencyUs: number;
  errorsPerSec: number;
  /** Error counts by result code name, when the tool printed them for this interval. */
  errorsByCode: Record<string, number> | null;
  entriesPerSearch: number | null;
  /** Percentiles as printed ("99.9" -> microseconds); empty when the tool printed none. */
  percentilesUs: Record<string, number>;
  /** When the interval ended, when the output had timestamps (ISO). */
  endedAt: string | null;
}

/** A whole file: its intervals and the tool's own overall figures for the measured phase. */
export interface ParsedOutput {
  /** The tool as people name it, e.g. "UnboundID searchrate". */
  tool: string;
  intervals: ParsedInterval[];
  /** The tool's throughput over the measured phase (ops/s), as it printed it. */
  overallOpsPerSec: number | null;
  overallMeanLatencyUs: number | null;
  /** How the tool's percentiles relate to an interval (`cumulative`: since measuring began). */
  percentileScope: 'cumulative' | 'interval' | null;
  /** Things the file does not say that were assumed, in words (shown with the run). */
  assumptions: string[];
}

/** A validation error naming the file, line and (when known) column at fault. */
export function parseError(
  fileName: string,
  line: number,
  message: string,
  column?: string,
): ApiError {
  const where = column === undefined ? `line ${line}` : `line ${line}, column "${column}"`;
  return invalid('text', `${fileName} ${where}: ${message}`);
}

/** Splits one CSV line (RFC 4180 quoting; the tools themselves never quote). */
export function splitCsv(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i] as string;
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"' && cell === '') quoted = true;
    else if (c === ',') {
      cells.push(cell.trim());
      cell = '';
    } else cell += c;
  }
  cells.push(cell.trim());
  return cells;
}

/** A finite non-negative number from a cell, or a parse error naming line and column. */
export function numberCell(fileName: string, lineNo: number, column: string, text: string): number {
  const value = /^[0-9]+(\.[0-9]+)?$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isFinite(value))
    throw parseError(
      fileName,
      lineNo,
      `${inputExcerpt(text)} is not a non-negative number`,
      column,
    );
  return value;
}

/** Milliseconds (the tools' unit) as whole microseconds. */
export function msToUs(ms: number): number {
  return Math.round(ms * 1000);
}
