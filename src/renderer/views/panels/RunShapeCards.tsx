// How the load was generated: load model, connection policy and the time to full speed.
import { describePolicy } from '../../../shared/describe.ts';
import type { RunConfig, RunSummary } from '../../../shared/types.ts';
import { StatCard } from '../../components/StatCard.tsx';
import { formatInt } from '../../format/numbers.ts';

function modelCard(config: RunConfig): { value: string; note: string } {
  if (config.loadModel === 'closed')
    return { value: 'Closed', note: 'as fast as the server answers' };
  if (config.rateProfile) {
    const n = config.rateProfile.length;
    return { value: 'Open', note: `rate profile of ${n} step${n === 1 ? '' : 's'}` };
  }
  return { value: 'Open', note: `target ${formatInt(config.targetOpsPerSec ?? 0)} ops/s` };
}

function policyValue(config: RunConfig): string {
  const text = describePolicy(config.connectionPolicy);
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Model and policy from the config; time to full speed when the summary reports it. */
export function RunShapeCards({
  config,
  summary,
}: {
  config: RunConfig;
  summary: RunSummary | null;
}) {
  const model = modelCard(config);
  const ttfs = summary?.timeToFullSpeedS;
  return (
    <>
      <StatCard
        label="Load model"
        value={model.value}
        text
        note={model.note}
        testId="summary-load-model"
      />
      <StatCard
        label="Connection policy"
        value={policyValue(config)}
        text
        note={config.tcpNoDelay ? 'TCP_NODELAY on' : 'Nagle on (TCP_NODELAY off)'}
        testId="summary-policy"
      />
      {ttfs !== undefined && (
        <StatCard
          label="Time to full speed"
          value={ttfs === null ? 'never settled' : formatInt(ttfs)}
          text={ttfs === null}
          unit={ttfs === null ? undefined : 's'}
          note={
            ttfs === null
              ? 'rate never held within 5% of its stable value'
              : 'then within 5% of the stable rate'
          }
          tone={ttfs === null ? 'warning' : undefined}
          testId="summary-time-to-full-speed"
        />
      )}
    </>
  );
}
