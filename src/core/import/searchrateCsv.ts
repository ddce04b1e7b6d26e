// UnboundID LDAP SDK `searchrate --csv` output (also modrate/authrate, whose columns differ only in
// the operation's name): one line per interval, "warming up" in the overall columns during
// warm-up, and - when stderr was kept - "Error Results:" blocks after each interval's line.
import { msToUs, numberCell, parseError, splitCsv } from './parsed.ts';
import type { ParsedInterval, ParsedOutput } from './parsed.ts';
import { inputExcerpt } from '../../shared/inputExcerpt.ts';

const TOOL = 'UnboundID searchrate';
const WARMUP_DONE = /^Warm-up completed\./;
const WARMING_UP = 'warming up';
/** searchrate's timestamps: `--timestampFormat with-date` (dd/MM/yyyy HH:mm:ss) or `without-date`. */
const WITH_DATE = /^(\d{2})\/(\d{2})\/(\d{4}) (\d{2}):(\d{2}):(\d{2})$/;
const WITHOUT_DATE = /^(\d{2}):(\d{2}):(\d{2})$/;

interface Columns {
  timestamp: number | null;
  recentRate: number;
  recentDuration: number;
  recentEntries: number | null;
  recentErrors: number;
  overallRate: number;
  overallDuration: number;
  names: string[];
}

function headerOf(fileName: string, cells: string[]): Columns {
  const find = (test: (name: string) => boolean): number => cells.findIndex(test);
  const recentRate = find((c) => /^Recent (?!Errors)\w+\/Sec$/.test(c));
  const overallRate = find((c) => /^Overall \w+\/Sec$/.test(c));
  const columns: Columns = {
    timestamp: cells[0] === 'Timestamp' ? 0 : null,
    recentRate,
    recentDuration: find((c) => c === 'Recent Avg Dur ms'),
    recentEntries: null,
    recentErrors: find((c) => c === 'Recent Errors/Sec'),
    overallRate,
    overallDuration: find((c) => c === 'Overall Avg Dur ms'),
    names: cells,
  };
  const entries = find((c) => c === 'Recent Entries/Srch');
  if (entries >= 0) columns.recentEntries = entries;
  const missing = (
    [
      ['Recent Searches/Sec', columns.recentRate],
      ['Recent Avg Dur ms', columns.recentDuration],
      ['Recent Errors/Sec', columns.recentErrors],
      ['Overall Searches/Sec', columns.overallRate],
      ['Overall Avg Dur ms', columns.overallDuration],
    ] as const
  )
    .filter(([, index]) => index < 0)
    .map(([name]) => name);
  if (missing.length > 0)
    throw parseError(
      fileName,
      1,
      `not the header of searchrate --csv output: missing column(s) ${missing.join(', ')}` +
        ` (got ${inputExcerpt(cells.join(','))}). Run searchrate with --csv, or pick the OpenDJ format.`,
    );
  return columns;
}

/** Seconds since midnight (and the date when printed) of a searchrate timestamp. */
function timeOf(fileName: string, lineNo: number, text: string): { date: Date; dated: boolean } {
  const dated = WITH_DATE.exec(text);
  if (dated) {
    const [, dd, mm, yyyy, h, m, s] = dated.map(Number) as number[];
    return {
      date: new Date(yyyy as number, (mm as number) - 1, dd, h, m, s),
      dated: true,
    };
  }
  const plain = WITHOUT_DATE.exec(text);
  if (plain) {
    const [, h, m, s] = plain.map(Number) as number[];
    return { date: new Date(1970, 0, 1, h, m, s), dated: false };
  }
  throw parseError(
    fileName,
    lineNo,
    `${inputExcerpt(text)} is not a searchrate timestamp (dd/MM/yyyy HH:mm:ss or HH:mm:ss)`,
    'Timestamp',
  );
}

/** "no such object" -> "noSuchObject", the result code names DirBench stores. */
function codeName(words: string): string {
  return words
    .trim()
    .split(/\s+/)
    .map((w, i) =>
      i === 0 ? w.toLowerCase() : w.charAt(0).toUpperCase() + w.slice(1).toLowerCase(),
    )
    .join('');
}

/** Parses searchrate --csv output; throws a validation error naming the line and column at fault. */
export function parseSearchrateCsv(fileName: string, text: string): ParsedOutput {
  const lines = text.split(/\r?\n/);
  let columns: Columns | null = null;
  let warmupDone = false;
  let inErrorBlock = false;
  const intervals: ParsedInterval[] = [];
  const times: { date: Date; dated: boolean }[] = [];
  let overallOpsPerSec: number | null = null;
  let overallMeanLatencyUs: number | null = null;
  for (let i = 0; i < lines.length; i++) {
    const lineNo = i + 1;
    const raw = lines[i] as string;
    const line = raw.trim();
    if (line === '') continue;
    if (columns === null) {
      columns = headerOf(fileName, splitCsv(line));
      continue;
    }
    if (WARMUP_DONE.test(line)) {
      warmupDone = true;
      continue;
    }
    if (line === 'Error Results:') {
      if (intervals.length === 0)
        throw parseError(fileName, lineNo, '"Error Results:" before any interval line');
      inErrorBlock = true;
      continue;
    }
    const errorLine = /^([A-Za-z][A-Za-z0-9 ()'-]*):\s+(\d+)$/.exec(line);
    if (inErrorBlock && errorLine && /^\s/.test(raw)) {
      const last = intervals[intervals.length - 1] as ParsedInterval;
      const code = codeName(errorLine[1] as string);
      last.errorsByCode = { ...last.errorsByCode, [code]: Number(errorLine[2]) };
      continue;
    }
    inErrorBlock = false;
    const cells = splitCsv(line);
    if (cells.length !== columns.names.length)
      throw parseError(
        fileName,
        lineNo,
        `expected ${columns.names.length} comma-separated values like the header, got ${cells.length}: ${inputExcerpt(line)}`,
      );
    const cols = columns;
    const num = (index: number): number =>
      numberCell(fileName, lineNo, cols.names[index] as string, cells[index] as string);
    const warming = cells[cols.overallRate] === WARMING_UP;
    if (warming && warmupDone)
      throw parseError(
        fileName,
        lineNo,
        '"warming up" after "Warm-up completed."',
        cols.names[cols.overallRate],
      );
    if (!warming) {
      overallOpsPerSec = num(cols.overallRate);
      overallMeanLatencyUs = msToUs(num(cols.overallDuration));
    }
    if (cols.timestamp !== null)
      times.push(timeOf(fileName, lineNo, cells[cols.timestamp] as string));
    intervals.push({
      phase: warming ? 'warmup' : 'measured',
      intervalMs: 1000,
      opsPerSec: num(cols.recentRate),
      meanLatencyUs: msToUs(num(cols.recentDuration)),
      errorsPerSec: num(cols.recentErrors),
      errorsByCode: null,
      entriesPerSearch: cols.recentEntries === null ? null : num(cols.recentEntries),
      percentilesUs: {},
      endedAt: null,
    });
  }
  if (columns === null) throw parseError(fileName, 1, 'the file is empty');
  if (intervals.length === 0)
    throw parseError(fileName, lines.length, 'no interval lines after the header');
  const assumptions = applyTimes(intervals, times);
  return {
    tool: TOOL,
    intervals,
    overallOpsPerSec,
    overallMeanLatencyUs,
    percentileScope: null,
    assumptions,
  };
}

/** Interval lengths (and end times when dated) from the timestamps; 1 s when there are none. */
function applyTimes(
  intervals: ParsedInterval[],
  times: { date: Date; dated: boolean }[],
): string[] {
  if (times.length < 2) {
    return [
      'the file has no timestamps, so the interval length is not known: 1 s (--intervalDuration 1) assumed;' +
        ' run searchrate with --timestampFormat with-date to record it',
    ];
  }
  const gaps = times
    .slice(1)
    .map((t, i) => t.date.getTime() - (times[i] as { date: Date }).date.getTime());
  const sorted = [...gaps].filter((g) => g > 0).sort((a, b) => a - b);
  const typicalMs = Math.max(1000, sorted[Math.floor(sorted.length / 2)] ?? 1000);
  intervals.forEach((interval, i) => {
    // Timestamps have whole seconds: a line's own gap is used only when it looks like a real interval.
    const gap = i === 0 ? typicalMs : (gaps[i - 1] as number);
    interval.intervalMs = gap > 0 && Math.abs(gap - typicalMs) > 1000 ? gap : typicalMs;
    const time = times[i] as { date: Date; dated: boolean };
    if (time.dated) interval.endedAt = time.date.toISOString();
  });
  return times[0]?.dated
    ? []
    : ['the timestamps have no date: the run is dated when it was imported'];
}
