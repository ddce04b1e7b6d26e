// OpenDJ `searchrate -S` (script-friendly) output, also modrate/authrate/addrate: a header, then one
// line per interval with the elapsed time since measuring began (warm-up is not printed), recent
// and average throughput and response time, the percentiles asked for with -e (99.9, 99.99 and
// 99.999 by default) and errors per second. OpenDJ computes its percentiles over every operation
// since measuring began, so they are kept as cumulative figures, not per-interval ones.
import { msToUs, numberCell, parseError, splitCsv } from './parsed.ts';
import type { ParsedInterval, ParsedOutput } from './parsed.ts';
import { inputExcerpt } from '../../shared/inputExcerpt.ts';

const TOOL = 'OpenDJ searchrate';
const PERCENTILE = /^(\d+(?:\.\d+)?)% response time \(milliseconds\)$/;

const REQUIRED = {
  time: 'Time (seconds)',
  recentRate: 'Recent throughput (ops/second)',
  averageRate: 'Average throughput (ops/second)',
  recentDuration: 'Recent response time (milliseconds)',
  averageDuration: 'Average response time (milliseconds)',
  errors: 'Errors/second',
} as const;

type Required = Record<keyof typeof REQUIRED, number>;

interface Columns extends Required {
  entries: number | null;
  /** Column index -> percentile key ("99.9"). */
  percentiles: Map<number, string>;
  names: string[];
}

function headerOf(fileName: string, cells: string[]): Columns {
  const indexes = {} as Required;
  const missing: string[] = [];
  for (const [key, name] of Object.entries(REQUIRED) as [keyof typeof REQUIRED, string][]) {
    indexes[key] = cells.indexOf(name);
    if (indexes[key] < 0) missing.push(name);
  }
  if (missing.length > 0)
    throw parseError(
      fileName,
      1,
      `not the header of OpenDJ searchrate -S output: missing column(s) ${missing.join(', ')}` +
        ` (got ${inputExcerpt(cells.join(','))}). Run searchrate with -S (--scriptFriendly), or pick the UnboundID format.`,
    );
  const percentiles = new Map<number, string>();
  cells.forEach((cell, index) => {
    const match = PERCENTILE.exec(cell);
    if (match) percentiles.set(index, String(Number(match[1])));
  });
  const entries = cells.indexOf('Entries/Srch');
  return { ...indexes, entries: entries < 0 ? null : entries, percentiles, names: cells };
}

/** Parses OpenDJ searchrate -S output; throws a validation error naming the line and column at fault. */
export function parseOpendjCsv(fileName: string, text: string): ParsedOutput {
  const lines = text.split(/\r?\n/);
  let columns: Columns | null = null;
  const intervals: ParsedInterval[] = [];
  let previousS = 0;
  let overallOpsPerSec: number | null = null;
  let overallMeanLatencyUs: number | null = null;
  for (let i = 0; i < lines.length; i++) {
    const lineNo = i + 1;
    const line = (lines[i] as string).trim();
    if (line === '') continue;
    const cells = splitCsv(line);
    if (columns === null) {
      columns = headerOf(fileName, cells);
      continue;
    }
    const cols = columns;
    if (cells.length !== cols.names.length)
      throw parseError(
        fileName,
        lineNo,
        `expected ${cols.names.length} comma-separated values like the header, got ${cells.length}: ${inputExcerpt(line)}`,
      );
    const num = (index: number): number =>
      numberCell(fileName, lineNo, cols.names[index] as string, cells[index] as string);
    const timeS = num(cols.time);
    if (timeS <= previousS)
      throw parseError(
        fileName,
        lineNo,
        `time ${timeS} s does not follow the previous line's ${previousS} s`,
        REQUIRED.time,
      );
    const percentilesUs: Record<string, number> = {};
    for (const [index, key] of cols.percentiles) percentilesUs[key] = msToUs(num(index));
    intervals.push({
      phase: 'measured',
      intervalMs: Math.round((timeS - previousS) * 1000),
      opsPerSec: num(cols.recentRate),
      meanLatencyUs: msToUs(num(cols.recentDuration)),
      errorsPerSec: num(cols.errors),
      errorsByCode: null,
      entriesPerSearch: cols.entries === null ? null : num(cols.entries),
      percentilesUs,
      endedAt: null,
    });
    previousS = timeS;
    overallOpsPerSec = num(cols.averageRate);
    overallMeanLatencyUs = msToUs(num(cols.averageDuration));
  }
  if (columns === null) throw parseError(fileName, 1, 'the file is empty');
  if (intervals.length === 0)
    throw parseError(fileName, lines.length, 'no interval lines after the header');
  return {
    tool: TOOL,
    intervals,
    overallOpsPerSec,
    overallMeanLatencyUs,
    percentileScope: 'cumulative',
    assumptions: [
      'OpenDJ does not print warm-up intervals (-B) or timestamps: the run is dated when it was imported',
      'errors per second carry no result codes',
    ],
  };
}
