// Starting a run from the run form: the checks before `runs/start`, the host's refusals shown
// beside the field at fault, and the heavy-load confirmation the host may ask for.
import { useState } from 'react';
import type { FormEvent } from 'react';
import { ApiError } from '../../../shared/errors.ts';
import type { RunRequest } from '../../../shared/types.ts';
import { useApi } from '../../api/useApi.ts';
import { isAgentsField } from '../agents/loadFrom.ts';
import { useActiveRun } from './ActiveRunProvider.tsx';
import type { PendingConfirmation } from './HeavyLoadDialog.tsx';
import { isReplicationField } from './replicaConsumers.ts';
import { runFieldErrors, runMessage, toRunRequest } from './runForm.ts';
import type { RunFieldErrors, RunFormValues, RunWorkload } from './runForm.ts';
import type { CustomOperationState } from './workload/useCustomOperation.ts';

const FIELD_ORDER = [
  'targetId',
  'moreTargetIds',
  'replicaConsumers',
  'workload',
  'agents',
  'connections',
  'depth',
  'warmupS',
  'durationS',
  'cooldownS',
  'workers',
  'reconnectEveryOps',
  'targetOpsPerSec',
  'rateProfile',
  'thresholds',
];
/** Host error fields that name a form field differently. */
const HOST_FIELDS: Record<string, string> = { policy: 'reconnectEveryOps' };

function focusFirst(errors: RunFieldErrors): void {
  const field = FIELD_ORDER.find((name) => name in errors);
  if (field) document.getElementById(`run-${field}`)?.focus();
}

/** The run form field a host error belongs to (host and form name some fields differently). */
function runFieldOf(hostField: string | undefined): string | undefined {
  if (hostField?.startsWith('rateProfile')) return 'rateProfile';
  if (hostField?.startsWith('thresholds')) return 'thresholds';
  if (isAgentsField(hostField)) return 'agents';
  if (isReplicationField(hostField)) return 'replicaConsumers';
  return HOST_FIELDS[hostField ?? ''] ?? hostField;
}

/** Where the run's workload comes from: a catalog id, or the custom operation. */
export interface WorkloadChoice {
  custom: CustomOperationState | null;
  workloadId: string;
}

/** The workload part of the request; null when the custom operation is not valid (errors shown). */
async function runWorkload(choice: WorkloadChoice): Promise<RunWorkload | null> {
  if (choice.custom === null) return { workload: choice.workloadId };
  const spec = await choice.custom.checkedSpec();
  return spec === null ? null : { workload: spec.id, workloadSpec: spec };
}

/** The run form's start: its errors, whether it is starting, the confirmation it waits for. */
export function useRunStart(current: RunFormValues, choice: WorkloadChoice) {
  const api = useApi();
  const activeRun = useActiveRun();
  const [attempted, setAttempted] = useState(false);
  const [serverErrors, setServerErrors] = useState<RunFieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const [pending, setPending] = useState<PendingConfirmation | null>(null);

  /** Shows why the host refused the start: beside its field, or above the form. */
  const refused = (error: ApiError) => {
    const field = runFieldOf(error.field);
    if (error.field?.startsWith('workloadSpec') && choice.custom !== null) {
      choice.custom.showError(error);
    } else if (error.field && field && FIELD_ORDER.includes(field)) {
      setServerErrors({ [field]: runMessage(error) });
      focusFirst({ [field]: error.message });
    } else {
      setFormError(error.message);
    }
  };

  const start = async () => {
    let request: RunRequest | null = null;
    try {
      const workload = await runWorkload(choice);
      if (!workload) return;
      request = toRunRequest(current, workload);
      await api.call('runs/start', request);
      activeRun.refresh();
    } catch (err) {
      const error = err instanceof ApiError ? err : ApiError.fromBody(err);
      // Heavy load on a target off loopback: the host wants a yes, asked in a dialog naming the load.
      if (error.code === 'needs-confirmation' && request) {
        setPending({ request, reason: error.detail ?? error.message });
      } else {
        refused(error);
      }
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    setFormError(null);
    const found = runFieldErrors(current);
    if (Object.keys(found).length > 0) return focusFirst(found);
    setStarting(true);
    try {
      await start();
    } finally {
      setStarting(false);
    }
  };

  return {
    errors: { ...(attempted ? runFieldErrors(current) : {}), ...serverErrors } as RunFieldErrors,
    setServerErrors,
    formError,
    starting,
    pending,
    setPending,
    submit,
  };
}
