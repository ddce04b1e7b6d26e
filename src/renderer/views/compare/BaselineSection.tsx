// The compare view's baseline: pick one compared setting, see every other setting's change against it.
import { useId, useMemo, useState } from 'react';
import type { CompareRun } from '../../../shared/compare.ts';
import { serverLabel } from '../../../shared/compareLabels.ts';
import type {
  BaselineComparison,
  ComparedSetting,
  MetricChange,
} from '../../../shared/compareBaseline.ts';
import {
  BASELINE_METRIC_NAMES,
  baselineValueText,
  changePercentText,
  pValuePhrase,
} from '../../../shared/compareBaselineText.ts';
import { SIGNIFICANCE_LEVEL } from '../../../shared/compareRegression.ts';
import { baselineSettings, comparisonAgainst, significantCounts } from './baselineChoices.ts';
import './baseline.css';

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** "3 runs", or "2 of 3 runs counted · 1 failed" when some did not count. */
function runsText(setting: ComparedSetting): string {
  const total = setting.runIds.length;
  if (setting.uncounted.length === 0) return plural(total, 'run');
  const reasons = new Map<string, number>();
  for (const u of setting.uncounted) reasons.set(u.reason, (reasons.get(u.reason) ?? 0) + 1);
  const why = [...reasons].map(([reason, n]) => `${n} ${reason}`).join(', ');
  return `${setting.countedRunIds.length} of ${plural(total, 'run')} counted · ${why}`;
}

/** The full vendor strings of a setting's servers, for the hover text of its short name. */
function fullServerNames(setting: ComparedSetting, runs: readonly CompareRun[]): string {
  const ids = new Set(setting.runIds);
  return [...new Set(runs.filter((r) => ids.has(r.id)).map(serverLabel))].join(' / ');
}

/**
 * A setting's name that wraps only between its parts ("OpenLDAP 2.5.13 ·" / "16 conn"); hovering it
 * shows the server's full vendor string (`fullName`).
 */
function SettingName({ name, fullName }: { name: string; fullName: string }) {
  const parts = name.split(' · ');
  return (
    <span className="baseline-setting" title={fullName}>
      {parts.map((part, i) => (
        <span key={i} className="baseline-setting-part">
          {part}
          {i < parts.length - 1 ? ' · ' : ''}
        </span>
      ))}
    </span>
  );
}

/** Up for a figure that rose, down for one that fell: the word beside it says whether that is good. */
function arrowOf(change: MetricChange): string {
  if (change.direction === 'same' || change.candidate === null || change.baseline === null)
    return '=';
  return change.candidate > change.baseline ? '▲' : '▼';
}

function ChangeCell({ change }: { change: MetricChange }) {
  const welch = change.welch;
  const significant = welch !== null && welch.pValue < SIGNIFICANCE_LEVEL;
  return (
    <td
      className="num baseline-cell"
      data-metric={change.metric}
      data-direction={change.direction ?? 'none'}
      data-significant={significant ? 'true' : 'false'}
    >
      <div className="baseline-value">{baselineValueText(change.metric, change.candidate)}</div>
      {change.direction === null ? (
        <div className="baseline-change">no figure</div>
      ) : (
        <div className="baseline-change" data-testid="baseline-change">
          <span aria-hidden="true">{arrowOf(change)} </span>
          {changePercentText(change)}
          {change.changePercent === null ? ', ' : ' '}
          {change.direction}
        </div>
      )}
      <div className={significant ? 'baseline-p baseline-p-significant' : 'baseline-p'}>
        {welch === null ? 'no p-value' : pValuePhrase(welch.pValue)}
        {significant && <span className="sr-only">, significant</span>}
      </div>
    </td>
  );
}

/** Latency columns sit under one "Latency" heading, each headed by its percentile alone. */
const LATENCY_HEADINGS = {
  p50Us: 'p50',
  p90Us: 'p90',
  p99Us: 'p99',
  p999Us: 'p99.9',
  meanUs: 'mean',
};

function BaselineTable({
  comparison,
  runs,
}: {
  comparison: BaselineComparison;
  runs: readonly CompareRun[];
}) {
  const { metrics, baseline, candidates } = comparison;
  // The comparison lists latencies together (BASELINE_METRICS order), so one heading spans them.
  const latencies = metrics.filter((m) => m in LATENCY_HEADINGS);
  return (
    // Focusable so a narrow window's sideways scroll works from the keyboard too.
    <div
      className="table-card baseline-table-wrap"
      role="region"
      aria-label="Changes against the baseline"
      tabIndex={0}
    >
      <table className="table baseline-table" data-testid="baseline-table">
        <caption className="sr-only">
          Each setting against the baseline {baseline.name}: its mean, the change in percent and
          Welch&apos;s p-value per figure
        </caption>
        <thead>
          <tr>
            <th scope="col" rowSpan={2}>
              Setting
            </th>
            {metrics.map((m) => {
              if (!(m in LATENCY_HEADINGS))
                return (
                  <th key={m} scope="col" rowSpan={2} className="num">
                    {BASELINE_METRIC_NAMES[m]}
                  </th>
                );
              return m === latencies[0] ? (
                <th key={m} scope="colgroup" colSpan={latencies.length} className="baseline-group">
                  Latency
                </th>
              ) : null;
            })}
          </tr>
          <tr>
            {latencies.map((m) => (
              <th key={m} scope="col" className="num" aria-label={BASELINE_METRIC_NAMES[m]}>
                {LATENCY_HEADINGS[m as keyof typeof LATENCY_HEADINGS]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          <tr className="baseline-row" data-testid="baseline-row">
            <th scope="row">
              <span className="badge badge-info">Baseline</span>
              <SettingName name={baseline.name} fullName={fullServerNames(baseline, runs)} />
              <span className="baseline-runs">{runsText(baseline)}</span>
            </th>
            {baseline.means.map((m) => (
              <td key={m.metric} className="num baseline-cell" data-metric={m.metric}>
                <div className="baseline-value">{baselineValueText(m.metric, m.mean)}</div>
                <div className="baseline-p">{m.n > 1 ? `mean of ${m.n}` : plural(m.n, 'run')}</div>
              </td>
            ))}
          </tr>
          {candidates.map((candidate) => (
            <tr key={candidate.name} data-testid="baseline-candidate" data-setting={candidate.name}>
              <th scope="row">
                <SettingName name={candidate.name} fullName={fullServerNames(candidate, runs)} />
                <span className="baseline-runs">{runsText(candidate)}</span>
              </th>
              {candidate.changes.map((change) => (
                <ChangeCell key={change.metric} change={change} />
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Summary({ comparison }: { comparison: BaselineComparison }) {
  const counts = significantCounts(comparison);
  const settings = plural(comparison.candidates.length, 'setting');
  if (counts.tested === 0)
    return (
      <>
        {settings} against the baseline. No p-values: Welch&apos;s test needs two or more counted
        runs on both sides, so the changes below may be noise.
      </>
    );
  return (
    <>
      {settings} against the baseline: <strong>{plural(counts.worse, 'figure')} worse</strong> and{' '}
      <strong>{plural(counts.better, 'figure')} better</strong> at p &lt; {SIGNIFICANCE_LEVEL}.
    </>
  );
}

/** The baseline picker and, once a setting is picked, the other settings' changes against it. */
export function BaselineSection({ runs }: { runs: readonly CompareRun[] }) {
  const id = useId();
  const settings = useMemo(() => baselineSettings(runs), [runs]);
  const [baselineName, setBaselineName] = useState('');
  const comparison = useMemo(() => comparisonAgainst(runs, baselineName), [runs, baselineName]);
  return (
    <section
      className="card baseline-card"
      data-testid="baseline-section"
      aria-labelledby={`${id}-title`}
    >
      <div className="baseline-header">
        <div className="baseline-heading">
          <h3 id={`${id}-title`}>Against a baseline</h3>
          <p className="muted small" id={`${id}-help`}>
            Pick the setting the others are measured against. Each figure is the mean over a
            setting&apos;s completed runs; failed, stopped and interrupted runs do not count.
          </p>
        </div>
        <label className="compare-select">
          <span>Baseline</span>
          <select
            value={comparison ? baselineName : ''}
            onChange={(e) => setBaselineName(e.target.value)}
            disabled={settings.length < 2}
            aria-describedby={`${id}-help`}
            data-testid="baseline-picker"
          >
            <option value="">None</option>
            {settings.map((s) => (
              <option key={s.name} value={s.name}>
                {s.name} ({plural(s.runs.length, 'run')})
              </option>
            ))}
          </select>
        </label>
      </div>
      {settings.length < 2 ? (
        <p className="baseline-empty">
          Every compared run is a repeat of one setting: there is nothing to hold against a
          baseline. Compare runs of two or more settings (another server, size or connection count).
        </p>
      ) : comparison === null ? (
        <p className="baseline-empty">
          No baseline. Choose one of the {settings.length} settings to see every other
          setting&apos;s change in percent, better or worse, with Welch&apos;s p-value where both
          sides have two or more runs.
        </p>
      ) : (
        <>
          <p className="baseline-summary" aria-live="polite" data-testid="baseline-summary">
            <Summary comparison={comparison} />
          </p>
          <BaselineTable comparison={comparison} runs={runs} />
          <p className="baseline-legend muted small">
            ▲ and ▼ show whether a figure rose or fell; <em>better</em> and <em>worse</em> follow
            the figure (more ops/s, less latency and fewer errors are better). p: Welch&apos;s
            t-test over the runs&apos; figures. A change in a solid mark, its p in bold, is
            significant (p &lt; {SIGNIFICANCE_LEVEL}); a light one may be noise.
          </p>
        </>
      )}
    </section>
  );
}
