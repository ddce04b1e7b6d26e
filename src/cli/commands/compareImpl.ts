// What `dirbench compare` does (its spec is in compare.ts).
import type { Core } from '../../core/app/core.ts';
import type { CompareRun } from '../../shared/compare.ts';
import { BASELINE_METRICS, compareToBaseline } from '../../shared/compareBaseline.ts';
import type {
  BaselineComparison,
  BaselineMetric,
  ComparedSetting,
} from '../../shared/compareBaseline.ts';
import {
  BASELINE_METRIC_NAMES,
  baselineValueText,
  changePercentText,
  pValueText,
} from '../../shared/compareBaselineText.ts';
import {
  judgeChange,
  parseRegressionPercent,
  regressionCheck,
  verdictText,
} from '../../shared/compareRegression.ts';
import type { RegressionCheck } from '../../shared/compareRegression.ts';
import { ApiError, invalid } from '../../shared/errors.ts';
import { EXIT_BREACHED } from '../commandSpec.ts';
import { withCliCore } from '../coreForCli.ts';
import { printJson } from '../options.ts';
import type { RawOptions } from '../options.ts';
import { strings } from './exportOptions.ts';

/** What `dirbench compare` was asked, checked before the database opens. */
interface CompareRequest {
  baselineIds: string[];
  runIds: string[];
  metrics: BaselineMetric[];
  /** Null without --max-regression: a report, no gate. */
  maxRegressionPercent: number | null;
  json: boolean;
}

function metricsOption(raw: RawOptions[string]): BaselineMetric[] {
  if (raw === undefined) return [...BASELINE_METRICS];
  const names = typeof raw === 'string' ? raw.split(',').map((s) => s.trim()) : [];
  const choices = BASELINE_METRICS.join(', ');
  if (names.length === 0 || names.some((n) => n === ''))
    throw invalid('--metrics', `--metrics takes a comma-separated list of ${choices}`);
  const unknown = names.find((n) => !(BASELINE_METRICS as readonly string[]).includes(n));
  if (unknown !== undefined)
    throw invalid('--metrics', `--metrics: unknown metric "${unknown}"; choose from ${choices}`);
  return [...new Set(names)] as BaselineMetric[];
}

/** The request from the command line; exit 2 (validation) naming the option at fault. */
export function compareRequest(options: RawOptions): CompareRequest {
  const baselineIds = strings(options.baseline);
  if (baselineIds.length === 0)
    throw invalid(
      '--baseline',
      '--baseline ID is required: the run to compare against (repeat --baseline for repeats of one setting); see "dirbench runs list"',
    );
  const runIds = strings(options.run);
  if (runIds.length === 0)
    throw invalid(
      '--run',
      '--run ID is required: the runs to compare with the baseline (repeat --run); see "dirbench runs list"',
    );
  let maxRegressionPercent: number | null = null;
  const raw = options['max-regression'];
  if (raw !== undefined) {
    maxRegressionPercent = typeof raw === 'string' ? parseRegressionPercent(raw) : null;
    if (maxRegressionPercent === null)
      throw invalid(
        '--max-regression',
        `--max-regression must be a percentage from 0 up, like 10% or 10; got "${String(raw)}"`,
      );
  }
  return {
    baselineIds,
    runIds,
    metrics: metricsOption(options.metrics),
    maxRegressionPercent,
    json: options.json === true,
  };
}

/** The stored runs named by one option; an unknown id is bad input naming that option. */
async function loadRuns(core: Core, runIds: string[], option: string): Promise<CompareRun[]> {
  try {
    return await core.call('compare/runs', { runIds });
  } catch (err) {
    if (err instanceof ApiError && err.field === 'runIds')
      throw new ApiError('validation', err.message, option, {
        ...(err.subject === undefined ? {} : { subject: err.subject }),
      });
    throw err;
  }
}

const OPTION_OF_FIELD: Record<string, string> = { baseline: '--baseline', runs: '--run' };

/** The comparison of the loaded runs; the shared checks' errors name the CLI's options. */
function comparison(
  baseline: CompareRun[],
  candidates: CompareRun[],
  metrics: BaselineMetric[],
): BaselineComparison {
  try {
    return compareToBaseline(baseline, candidates, metrics);
  } catch (err) {
    if (err instanceof ApiError && err.field !== undefined)
      throw new ApiError(err.kind, err.message, OPTION_OF_FIELD[err.field] ?? err.field);
    throw err;
  }
}

/** "3 runs: b1, b2, b3", plus "; not counted: o2 failed" when some did not count. */
function runsText(setting: ComparedSetting): string {
  const count = setting.runIds.length;
  const listed = `${count} run${count === 1 ? '' : 's'}: ${setting.runIds.join(', ')}`;
  if (setting.uncounted.length === 0) return listed;
  return `${listed}; not counted: ${setting.uncounted.map((u) => `${u.id} ${u.reason}`).join(', ')}`;
}

/** Text columns padded to a common width; `right` marks the columns aligned to the right (figures). */
function alignedRows(rows: string[][], right: readonly boolean[]): string[] {
  const widths = (rows[0] ?? []).map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length)));
  return rows.map((row) =>
    row
      .map((cell, i) => (right[i] ? cell.padStart(widths[i] ?? 0) : cell.padEnd(widths[i] ?? 0)))
      .join('  ')
      .trimEnd(),
  );
}

const TABLE_HEADERS = ['metric', 'baseline', 'run', 'change %', 'p-value', 'verdict'];
const RIGHT_ALIGNED = [false, true, true, true, true, false];

/** The report as text: the baseline, one table per candidate setting, then the gate's findings. */
function reportText(result: BaselineComparison, check: RegressionCheck | null): string {
  const lines = [`Baseline: ${result.baseline.name} (${runsText(result.baseline)})`];
  for (const candidate of result.candidates) {
    const rows = candidate.changes.map((change) => [
      BASELINE_METRIC_NAMES[change.metric],
      baselineValueText(change.metric, change.baseline),
      baselineValueText(change.metric, change.candidate),
      changePercentText(change),
      pValueText(change.welch?.pValue),
      verdictText(change, check ? judgeChange(change, check.maxRegressionPercent) : null),
    ]);
    lines.push('', `${candidate.name} (${runsText(candidate)})`);
    lines.push(...alignedRows([TABLE_HEADERS, ...rows], RIGHT_ALIGNED));
  }
  if (check === null) return `${lines.join('\n')}\n`;
  lines.push('');
  const limit = `${check.maxRegressionPercent}%`;
  const breaches = check.breaches.length;
  lines.push(
    breaches === 0
      ? `Regression check: no breach beyond ${limit}`
      : `Regression check: ${breaches} breach${breaches === 1 ? '' : 'es'} beyond ${limit}`,
  );
  lines.push(...check.breaches.map((b) => `  ${b.message}`));
  if (check.notSignificant.length > 0) {
    lines.push('Worse beyond the limit but not significant (not counted):');
    lines.push(...check.notSignificant.map((f) => `  ${f.message}`));
  }
  if (check.unjudged.length > 0) {
    lines.push('Not judged (no run counts):');
    lines.push(...check.unjudged.map((u) => `  ${u.message}`));
  }
  return `${lines.join('\n')}\n`;
}

/** Exit code of the gate: 3 for a breach, 1 when a setting could not be judged, else 0. */
function gateExitCode(check: RegressionCheck | null): number {
  if (check === null) return 0;
  if (check.breaches.length > 0) return EXIT_BREACHED;
  return check.unjudged.length > 0 ? 1 : 0;
}

/** Runs `dirbench compare`: prints the comparison; exit 3 on a breach of --max-regression. */
export async function compareCommand(options: RawOptions): Promise<number> {
  // Checked before the database opens, so a typo costs nothing.
  const request = compareRequest(options);
  return withCliCore(options, async (core) => {
    const baseline = await loadRuns(core, request.baselineIds, '--baseline');
    const candidates = await loadRuns(core, request.runIds, '--run');
    const result = comparison(baseline, candidates, request.metrics);
    if (result.baseline.countedRunIds.length === 0)
      throw invalid(
        '--baseline',
        `no baseline run counts (${result.baseline.uncounted.map((u) => `${u.id} ${u.reason}`).join(', ')}): give completed runs as the baseline`,
      );
    const check =
      request.maxRegressionPercent === null
        ? null
        : regressionCheck(result, request.maxRegressionPercent);
    if (request.json) {
      printJson({ ...result, regression: check });
      // A CI log shows stderr beside the JSON: the findings go there too.
      for (const b of check?.breaches ?? []) process.stderr.write(`${b.message}\n`);
      for (const u of check?.unjudged ?? []) process.stderr.write(`${u.message}\n`);
    } else {
      process.stdout.write(reportText(result, check));
    }
    const breaches = check?.breaches.length ?? 0;
    if (check && breaches > 0)
      process.stderr.write(
        `dirbench compare: ${breaches} regression${breaches === 1 ? '' : 's'} beyond ${check.maxRegressionPercent}%\n`,
      );
    return gateExitCode(check);
  });
}
