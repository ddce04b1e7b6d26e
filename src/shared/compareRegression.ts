// The regression gate over a baseline comparison: worse than the baseline by more than a percentage,
// and significant where repeats allow a test (what `dirbench compare --max-regression` exits 3 on).
import type { BaselineComparison, MetricChange } from './compareBaseline.ts';
import { describeChange, pValuePhrase } from './compareBaselineText.ts';

/** p-values below this are significant. */
export const SIGNIFICANCE_LEVEL = 0.05;

/** What the gate makes of one change. */
export type RegressionJudgement =
  /** Worse by more than the limit and significant (or no test was possible): a regression. */
  | 'breach'
  /** Worse by more than the limit, but Welch's test says it may be noise. */
  | 'not-significant'
  /** Better, the same, or worse within the limit. */
  | 'within'
  /** A side has no figure: nothing to judge. */
  | 'no-figure';

/** Judges one change against `maxRegressionPercent` (0 or more). */
export function judgeChange(
  change: MetricChange,
  maxRegressionPercent: number,
): RegressionJudgement {
  if (change.direction === null) return 'no-figure';
  if (change.direction !== 'worse') return 'within';
  // A baseline of 0 (no errors) has no percentage: any rise from it is beyond every limit.
  const worseByPercent = change.changePercent === null ? Infinity : Math.abs(change.changePercent);
  if (worseByPercent <= maxRegressionPercent) return 'within';
  if (change.welch !== null && !(change.welch.pValue < SIGNIFICANCE_LEVEL))
    return 'not-significant';
  return 'breach';
}

/** A change the gate reports: a breach or a worsening beyond the limit that was not significant. */
export interface RegressionFinding {
  setting: string;
  runIds: string[];
  metric: MetricChange['metric'];
  judgement: 'breach' | 'not-significant';
  changePercent: number | null;
  pValue: number | null;
  /** The finding in words, with the figures, the limit and the significance. */
  message: string;
}

/** A candidate setting the gate cannot judge: none of its runs counts. */
export interface UnjudgedSetting {
  setting: string;
  runIds: string[];
  /** "OpenLDAP 2.5.13 · 32 conn: no run counts (o1 failed, o2 interrupted)". */
  message: string;
}

/**
 * The gate's result: breaches (exit 3), worsenings beyond the limit that were not significant, and
 * settings that could not be judged because none of their runs counts (a gate must not pass them).
 */
export interface RegressionCheck {
  maxRegressionPercent: number;
  breaches: RegressionFinding[];
  notSignificant: RegressionFinding[];
  unjudged: UnjudgedSetting[];
}

function significanceWords(change: MetricChange, judgement: RegressionJudgement): string {
  const welch = change.welch;
  if (welch === null)
    return `no p-value (Welch's test needs two counted runs on each side; ${change.baselineN} baseline, ${change.candidateN} run): judged on the change alone`;
  const p = pValuePhrase(welch.pValue);
  return judgement === 'breach'
    ? `significant at the ${SIGNIFICANCE_LEVEL} level (${p})`
    : `not significant at the ${SIGNIFICANCE_LEVEL} level (${p}): not counted as a regression`;
}

/** Every change of every candidate setting judged against `maxRegressionPercent`. */
export function regressionCheck(
  comparison: BaselineComparison,
  maxRegressionPercent: number,
): RegressionCheck {
  const findings: RegressionFinding[] = [];
  for (const candidate of comparison.candidates) {
    for (const change of candidate.changes) {
      const judgement = judgeChange(change, maxRegressionPercent);
      if (judgement !== 'breach' && judgement !== 'not-significant') continue;
      findings.push({
        setting: candidate.name,
        runIds: candidate.runIds,
        metric: change.metric,
        judgement,
        changePercent: change.changePercent,
        pValue: change.welch?.pValue ?? null,
        message: `${candidate.name}: ${describeChange(change)}, more than the ${maxRegressionPercent}% allowed; ${significanceWords(change, judgement)}`,
      });
    }
  }
  const unjudged = comparison.candidates
    .filter((c) => c.countedRunIds.length === 0)
    .map((c) => ({
      setting: c.name,
      runIds: c.runIds,
      message: `${c.name}: no run counts (${c.uncounted.map((u) => `${u.id} ${u.reason}`).join(', ')}), so it cannot be judged`,
    }));
  return {
    maxRegressionPercent,
    breaches: findings.filter((f) => f.judgement === 'breach'),
    notSignificant: findings.filter((f) => f.judgement === 'not-significant'),
    unjudged,
  };
}

/**
 * `--max-regression` as typed: "10%", "10" or "2.5%" -> 10, 10, 2.5. Null when it is not a
 * number of percent from 0 up.
 */
export function parseRegressionPercent(text: string): number | null {
  const match = /^\s*(\d+(?:\.\d+)?|\.\d+)\s*%?\s*$/.exec(text);
  if (!match) return null;
  const percent = Number(match[1]);
  return Number.isFinite(percent) ? percent : null;
}

/**
 * A change's verdict for a table: "better", "worse, significant", "same", "no figure"; led by
 * "REGRESSION:" when the gate (`judgement`, when one was asked for) counts it as a breach.
 */
export function verdictText(
  change: MetricChange,
  judgement: RegressionJudgement | null = null,
): string {
  if (change.direction === null) return 'no figure';
  let verdict: string = change.direction;
  if (change.direction !== 'same' && change.welch !== null)
    verdict += change.welch.pValue < SIGNIFICANCE_LEVEL ? ', significant' : ', not significant';
  return judgement === 'breach' ? `REGRESSION: ${verdict}` : verdict;
}
