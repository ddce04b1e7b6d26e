// The headline numbers of the live view: now, and over the measured seconds so far.
import { StatCard } from '../../components/StatCard.tsx';
import { formatInt, formatLatencyMs, formatOpsPerSec } from '../../format/numbers.ts';
import type { LiveFigures } from './liveFigures.ts';

/** Current ops/sec and p99, measured average and errors. */
export function LiveFigureCards({ figures, ended }: { figures: LiveFigures; ended: boolean }) {
  const dash = '—';
  return (
    <div className="stat-grid stat-grid-4">
      <StatCard
        emphasis
        label={ended ? 'Last second throughput' : 'Current throughput'}
        value={figures.currentOpsPerSec === null ? dash : formatOpsPerSec(figures.currentOpsPerSec)}
        unit="ops/sec"
        testId="live-ops-per-sec"
      />
      <StatCard
        emphasis
        label={ended ? 'Last second p99' : 'Current p99 latency'}
        value={figures.currentP99Us === null ? dash : formatLatencyMs(figures.currentP99Us)}
        unit="ms"
        testId="live-p99"
      />
      <StatCard
        label="Measured average"
        value={
          figures.measuredOpsPerSec === null ? dash : formatOpsPerSec(figures.measuredOpsPerSec)
        }
        unit="ops/sec"
        note="excludes warm-up"
        testId="live-measured-ops-per-sec"
      />
      <StatCard label="Errors" value={formatInt(figures.errors)} testId="live-errors" />
    </div>
  );
}
