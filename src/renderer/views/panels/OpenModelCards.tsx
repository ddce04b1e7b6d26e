// Open-model figures: achieved vs target rate, ops behind schedule, p99 from the intended start.
import { StatCard } from '../../components/StatCard.tsx';
import { formatInt, formatLatencyMs, formatOpsPerSec, formatShare } from '../../format/numbers.ts';
import type { OpenModelFigures } from './runFigures.ts';

/** Cards for the known open-model figures; unknown ones are left out. */
export function OpenModelCards({ figures }: { figures: OpenModelFigures }) {
  const { achievedOpsPerSec: achieved, targetOpsPerSec: target, behindSchedule } = figures;
  const ratio = achieved !== null && target !== null && target > 0 ? achieved / target : null;
  return (
    <>
      {achieved !== null && target !== null && (
        <StatCard
          label="Achieved vs target"
          value={formatOpsPerSec(achieved)}
          unit={`/ ${formatOpsPerSec(target)} ops/s`}
          note={ratio === null ? undefined : `${(ratio * 100).toFixed(1)}% of the target rate`}
          tone={ratio !== null && ratio < 0.98 ? 'warning' : undefined}
          testId="open-achieved-vs-target"
        />
      )}
      {behindSchedule !== null && (
        <StatCard
          label="Behind schedule"
          value={formatInt(behindSchedule)}
          unit="ops"
          note={
            behindSchedule === 0
              ? 'every op started on time'
              : `${formatShare(behindSchedule, figures.ops)} started late`
          }
          tone={behindSchedule > 0 ? 'warning' : undefined}
          testId="open-behind-schedule"
        />
      )}
      {figures.intendedP99Us !== null && (
        <StatCard
          label={
            figures.intendedIsLastSecond ? 'Last second p99, intended' : 'p99 from intended start'
          }
          value={formatLatencyMs(figures.intendedP99Us)}
          unit="ms"
          note="corrected for coordinated omission"
          testId="open-intended-p99-ms"
        />
      )}
    </>
  );
}
