// Turns a peer tool's parsed output into a stored external run: the configuration and environment
// the file can tell (the rest marked unknown), one sample per interval and a summary from the
// tool's own overall figures. Imports have no histograms: each second stores an empty one.
import { invalid } from '../../shared/errors.ts';
import type { ImportFormat } from '../../shared/exchange.ts';
import { binaryContent } from '../../shared/inputExcerpt.ts';
import type {
  ImportedFigures,
  LatencySummary,
  RunConfig,
  RunEnvironment,
  RunSample,
  RunSummary,
} from '../../shared/types.ts';
import { createHistogram, encodeHistogram } from '../loadgen/histogram.ts';
import { dirbenchCommit, dirbenchVersion } from '../base/version.ts';
import type { ImportedRun } from '../store/historyWrites.ts';
import { newId, nowIso } from '../store/ids.ts';
import type { RunsRepo } from '../store/runsRepo.ts';
import { parseOpendjCsv } from './opendjCsv.ts';
import type { ParsedInterval, ParsedOutput } from './parsed.ts';
import { parseSearchrateCsv } from './searchrateCsv.ts';

/** What `import/run` and `dirbench import` hand over. */
export interface ImportRequest {
  format: ImportFormat;
  fileName: string;
  text: string;
  targetName?: string;
}

/** Largest file accepted (the tools print one short line per interval). */
const MAX_TEXT_CHARS = 20_000_000;
const UNKNOWN = 'unknown (imported)';

const PARSERS: Record<ImportFormat, (fileName: string, text: string) => ParsedOutput> = {
  'searchrate-csv': parseSearchrateCsv,
  'opendj-csv': parseOpendjCsv,
};

/** Mean latency alone: the percentiles are 0 because the file has no distribution behind them. */
function meanOnly(meanUs: number): LatencySummary {
  return { p50: 0, p90: 0, p99: 0, p999: 0, max: 0, mean: meanUs };
}

function sampleOf(interval: ParsedInterval, second: number, figures: ParsedOutput): RunSample {
  const seconds = interval.intervalMs / 1000;
  const ops = Math.round(interval.opsPerSec * seconds);
  // Printed error counts are exact; a rate times a rounded interval length is not.
  const errors = interval.errorsByCode
    ? Object.values(interval.errorsByCode).reduce((n, c) => n + c, 0)
    : Math.round(interval.errorsPerSec * seconds);
  const imported: ImportedFigures = {
    tool: figures.tool,
    percentilesUs: interval.percentilesUs,
    percentileScope: Object.keys(interval.percentilesUs).length ? figures.percentileScope : null,
  };
  if (interval.entriesPerSearch !== null) imported.entriesPerSearch = interval.entriesPerSearch;
  return {
    second,
    phase: interval.phase,
    intervalMs: interval.intervalMs,
    ops,
    errors,
    errorsByCode: interval.errorsByCode ?? (errors > 0 ? { unknown: errors } : {}),
    entries: Math.round((interval.entriesPerSearch ?? 0) * ops),
    latencyUs: meanOnly(interval.meanLatencyUs),
    imported,
  };
}

function summaryOf(samples: RunSample[], parsed: ParsedOutput): RunSummary | null {
  const measured = samples.filter((s) => s.phase === 'measured');
  if (measured.length === 0) return null;
  const ops = measured.reduce((n, s) => n + s.ops, 0);
  const errors = measured.reduce((n, s) => n + s.errors, 0);
  const measuredS = measured.reduce((n, s) => n + s.intervalMs, 0) / 1000;
  const errorsByCode: Record<string, number> = {};
  for (const s of measured)
    for (const [code, n] of Object.entries(s.errorsByCode))
      errorsByCode[code] = (errorsByCode[code] ?? 0) + n;
  const last = measured[measured.length - 1] as RunSample;
  const percentilesUs = last.imported?.percentilesUs ?? {};
  return {
    opsPerSec: parsed.overallOpsPerSec ?? (measuredS > 0 ? ops / measuredS : 0),
    ops,
    errors,
    errorsByCode,
    entriesPerOp: ops > 0 ? measured.reduce((n, s) => n + s.entries, 0) / ops : 0,
    measuredS,
    latencyUs: meanOnly(parsed.overallMeanLatencyUs ?? last.latencyUs.mean),
    model: 'closed',
    imported: {
      tool: parsed.tool,
      // Cumulative percentiles on the last line cover the whole measured phase.
      percentilesUs: parsed.percentileScope === 'cumulative' ? percentilesUs : {},
      percentileScope: parsed.percentileScope === 'cumulative' ? 'cumulative' : null,
    },
  };
}

function configOf(req: ImportRequest, parsed: ParsedOutput, samples: RunSample[]): RunConfig {
  const phaseS = (phase: string): number =>
    Math.round(
      samples.filter((s) => s.phase === phase).reduce((n, s) => n + s.intervalMs, 0) / 1000,
    );
  const tool = req.format === 'searchrate-csv' ? 'searchrate' : 'opendj-searchrate';
  return {
    targetId: '',
    targetName: req.targetName?.trim() || `${req.fileName} (imported)`,
    workload: `external/${tool}`,
    workloadSpec: {
      id: `external/${tool}`,
      title: `${parsed.tool} (imported)`,
      description: `Measured by ${parsed.tool}; its output does not record the search base, scope, filter or connections.`,
      source: req.fileName,
      operations: [],
    },
    // The files do not say how many connections or threads the tool used: 0 means unknown.
    connections: 0,
    depth: 0,
    warmupS: phaseS('warmup'),
    durationS: phaseS('measured'),
    workers: 0,
    tcpNoDelay: false,
    seed: 0,
    url: UNKNOWN,
    startTls: false,
    bindDn: UNKNOWN,
    baseDn: UNKNOWN,
    entries: null,
    loadModel: 'closed',
    connectionPolicy: { kind: 'persistent' },
    targetOpsPerSec: null,
    rateProfile: null,
    cooldownS: 0,
  };
}

function environmentOf(): RunEnvironment {
  return {
    dirbenchVersion: dirbenchVersion(),
    dirbenchCommit: dirbenchCommit(),
    hostname: UNKNOWN,
    cpuModel: UNKNOWN,
    cpuCores: 0,
    totalMemoryMb: 0,
    os: UNKNOWN,
    node: UNKNOWN,
    rootDse: null,
    lab: null,
  };
}

/** Checks the request and parses the file into a run ready to store (nothing is stored). */
export function buildImportedRun(req: ImportRequest): ImportedRun {
  if (!Object.hasOwn(PARSERS, req.format))
    throw invalid(
      'format',
      `format must be searchrate-csv or opendj-csv (got "${String(req.format)}")`,
    );
  if (typeof req.text !== 'string' || req.text.trim() === '')
    throw invalid('text', `${req.fileName || 'the file'} is empty`);
  if (req.text.length > MAX_TEXT_CHARS)
    throw invalid(
      'text',
      `the file is larger than ${MAX_TEXT_CHARS / 1_000_000} MB; is it really rate tool output?`,
    );
  if (req.targetName !== undefined && req.targetName.length > 200)
    throw invalid('targetName', 'the target name is limited to 200 characters');
  const fileName = req.fileName?.trim() || 'import';
  const binary = binaryContent(req.text);
  if (binary !== null)
    throw invalid(
      'text',
      `${fileName} is not rate tool output: it is not text (${binary}); give the CSV that searchrate --csv or OpenDJ searchrate -S printed`,
    );
  const parsed = PARSERS[req.format](fileName, req.text);
  // A sample's second is where its interval starts (unique even when intervals are short).
  let startMs = 0;
  let previous = -1;
  const samples = parsed.intervals.map((interval) => {
    const second = Math.max(previous + 1, Math.round(startMs / 1000));
    startMs += interval.intervalMs;
    previous = second;
    return sampleOf(interval, second, parsed);
  });
  const summary = summaryOf(samples, parsed);
  const totalMs = samples.reduce((n, s) => n + s.intervalMs, 0);
  const lastEnd = parsed.intervals[parsed.intervals.length - 1]?.endedAt ?? null;
  const endedAt = lastEnd ?? nowIso();
  const startedAt = new Date(Date.parse(endedAt) - totalMs).toISOString();
  const percentiles = summary?.imported?.percentilesUs ?? {};
  return {
    id: newId('run'),
    source: req.format,
    config: configOf({ ...req, fileName }, parsed, samples),
    environment: environmentOf(),
    status: summary ? 'completed' : 'stopped',
    endReason: [`imported from ${fileName} (${parsed.tool})`, ...parsed.assumptions].join('; '),
    summary,
    p99Us: percentiles['99'] ?? null,
    samples,
    emptyHistogram: Buffer.from(encodeHistogram(createHistogram()), 'base64'),
    notes: null,
    startedAt,
    endedAt,
  };
}

/** Parses and stores a peer tool's output as an external run; answers its id. */
export function importRun(runs: RunsRepo, req: ImportRequest): string {
  const run = buildImportedRun(req);
  runs.createImported(run);
  return run.id;
}
