// The measured-phase figures of a run as cards; each value carries a test id.
import type { RunSummary } from '../../../shared/types.ts';
import { StatCard } from '../../components/StatCard.tsx';
import { formatInt, formatLatencyMs, formatOpsPerSec, formatShare } from '../../format/numbers.ts';

/** Throughput, latency percentiles, errors, entries per op and measured seconds. */
export function SummaryCards({
  summary,
  cooldownS = 0,
}: {
  summary: RunSummary;
  /** Seconds of cool-down, also excluded from the figures. */
  cooldownS?: number;
}) {
  const { latencyUs } = summary;
  const attempts = summary.ops + summary.errors;
  const latency: [string, string, number][] = [
    ['Mean', 'summary-mean-ms', latencyUs.mean],
    ['p50', 'summary-p50-ms', latencyUs.p50],
    ['p90', 'summary-p90-ms', latencyUs.p90],
    ['p99.9', 'summary-p999-ms', latencyUs.p999],
    ['Max', 'summary-max-ms', latencyUs.max],
  ];
  return (
    <div className="summary">
      <div className="stat-grid stat-grid-4">
        <StatCard
          emphasis
          label="Throughput"
          value={formatOpsPerSec(summary.opsPerSec)}
          unit="ops/sec"
          note={`${formatInt(summary.ops)} operations`}
          testId="summary-ops-per-sec"
        />
        <StatCard
          emphasis
          label="p99 latency"
          value={formatLatencyMs(latencyUs.p99)}
          unit="ms"
          note="99% of operations were faster"
          testId="summary-p99-ms"
        />
        <StatCard
          label="Errors"
          value={formatInt(summary.errors)}
          note={
            summary.errors === 0 ? 'none' : `${formatShare(summary.errors, attempts)} of operations`
          }
          testId="summary-errors"
        />
        <StatCard
          label="Measured"
          value={formatInt(summary.measuredS)}
          unit="s"
          note={cooldownS > 0 ? 'warm-up and cool-down excluded' : 'warm-up excluded'}
          testId="summary-measured-s"
        />
      </div>
      <div className="stat-grid stat-grid-6" aria-label="Latency">
        {latency.map(([label, testId, us]) => (
          <StatCard
            key={testId}
            label={`${label} latency`}
            value={formatLatencyMs(us)}
            unit="ms"
            testId={testId}
          />
        ))}
        <StatCard
          label="Entries per op"
          value={summary.entriesPerOp.toFixed(2)}
          testId="summary-entries-per-op"
        />
      </div>
    </div>
  );
}
