// The run form's one-line summary of what will run: workload, rate, requests in flight, policy, total time.
import { describePolicy } from '../../../shared/describe.ts';
import type { RunRequest } from '../../../shared/types.ts';
import { formatDurationS, formatInt } from '../../format/numbers.ts';
import { describeLoadFrom } from '../agents/loadFrom.ts';
import { toRunRequest, usesProfile } from './runForm.ts';
import type { RunFormValues } from './runForm.ts';

function rateText(req: RunRequest, values: RunFormValues): string | null {
  if (usesProfile(values) && !req.rateProfile) return 'rate profile to fix';
  if (req.rateProfile) {
    const rates = req.rateProfile.flatMap((s) => [s.fromOpsPerSec, s.toOpsPerSec]);
    const steps = `rate profile of ${req.rateProfile.length} step${req.rateProfile.length === 1 ? '' : 's'}`;
    return `${steps}, ${formatInt(Math.min(...rates))}–${formatInt(Math.max(...rates))} ops/s`;
  }
  if (req.targetOpsPerSec === undefined) return null;
  return Number.isInteger(req.targetOpsPerSec)
    ? `target ${formatInt(req.targetOpsPerSec)} ops/s`
    : 'target rate needed';
}

/** "salford/S.3 · 16 requests in flight · 12 s in total", with the target rate, a non-default policy and agents. */
export function summary(values: RunFormValues, workload: string): string | null {
  const req = toRunRequest(values);
  const cooldownS = req.cooldownS ?? 0;
  if (![req.connections, req.depth, req.warmupS, req.durationS, cooldownS].every(Number.isInteger))
    return null;
  const inFlight = formatInt(req.connections * req.depth);
  const rate = rateText(req, values);
  const parts = [
    workload,
    rate,
    rate ? `up to ${inFlight} in flight` : `${inFlight} requests in flight`,
    req.policy && req.policy.kind !== 'persistent' && !Number.isNaN(formPolicyN(req))
      ? describePolicy(req.policy)
      : null,
    `${formatDurationS(req.warmupS + req.durationS + cooldownS)} in total`,
    describeLoadFrom(values.agents),
  ];
  return parts.filter(Boolean).join(' · ');
}

function formPolicyN(req: RunRequest): number {
  return req.policy?.kind === 'reconnect' ? req.policy.everyOps : 0;
}
