// The run form: target, workload, load shape and timing; Enter starts the run.
import { useState } from 'react';
import type { FormEvent } from 'react';
import { ApiError } from '../../../shared/errors.ts';
import { describePolicy } from '../../../shared/describe.ts';
import type { RunRequest, Target } from '../../../shared/types.ts';
import { useApi } from '../../api/useApi.ts';
import { ErrorPanel } from '../../components/ErrorPanel.tsx';
import { Icon } from '../../components/Icon.tsx';
import { Spinner } from '../../components/Loading.tsx';
import { formatDurationS, formatInt } from '../../format/numbers.ts';
import { useActiveRun } from './ActiveRunProvider.tsx';
import {
  defaultRunValues,
  runFieldErrors,
  runMessage,
  toRunRequest,
  usesProfile,
} from './runForm.ts';
import type { RunFieldErrors, RunFormValues } from './runForm.ts';
import { RunFormFields } from './RunFormFields.tsx';

const FIELD_ORDER = [
  'targetId',
  'workload',
  'connections',
  'depth',
  'warmupS',
  'durationS',
  'cooldownS',
  'workers',
  'reconnectEveryOps',
  'targetOpsPerSec',
  'rateProfile',
];
/** Host error fields that name a form field differently. */
const HOST_FIELDS: Record<string, string> = { policy: 'reconnectEveryOps' };

function focusFirst(errors: RunFieldErrors): void {
  const field = FIELD_ORDER.find((name) => name in errors);
  if (field) document.getElementById(`run-${field}`)?.focus();
}

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

/** "16 requests in flight · 12 s in total", with the target rate and a non-default policy. */
function summary(values: RunFormValues): string | null {
  const req = toRunRequest(values);
  const cooldownS = req.cooldownS ?? 0;
  if (![req.connections, req.depth, req.warmupS, req.durationS, cooldownS].every(Number.isInteger))
    return null;
  const inFlight = formatInt(req.connections * req.depth);
  const rate = rateText(req, values);
  const parts = [
    rate,
    rate ? `up to ${inFlight} in flight` : `${inFlight} requests in flight`,
    req.policy && req.policy.kind !== 'persistent' && !Number.isNaN(formPolicyN(req))
      ? describePolicy(req.policy)
      : null,
    `${formatDurationS(req.warmupS + req.durationS + cooldownS)} in total`,
  ];
  return parts.filter(Boolean).join(' · ');
}

function formPolicyN(req: RunRequest): number {
  return req.policy?.kind === 'reconnect' ? req.policy.everyOps : 0;
}

/** Starts a run with `runs/start`; the live view takes over through the active-run state. */
export function RunForm({ targets }: { targets: Target[] }) {
  const api = useApi();
  const activeRun = useActiveRun();
  const [values, setValues] = useState<RunFormValues>(() => defaultRunValues(targets[0]?.id ?? ''));
  const [attempted, setAttempted] = useState(false);
  const [serverErrors, setServerErrors] = useState<RunFieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const targetId = targets.some((t) => t.id === values.targetId)
    ? values.targetId
    : (targets[0]?.id ?? '');
  const current = { ...values, targetId };
  const errors: RunFieldErrors = { ...(attempted ? runFieldErrors(current) : {}), ...serverErrors };

  const change = (patch: Partial<RunFormValues>) => {
    setValues((prev) => ({ ...prev, ...patch }));
    setServerErrors({});
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    setFormError(null);
    const found = runFieldErrors(current);
    if (Object.keys(found).length > 0) return focusFirst(found);
    setStarting(true);
    try {
      await api.call('runs/start', toRunRequest(current));
      activeRun.refresh();
    } catch (err) {
      const error = err instanceof ApiError ? err : ApiError.fromBody(err);
      const field = error.field?.startsWith('rateProfile')
        ? 'rateProfile'
        : (HOST_FIELDS[error.field ?? ''] ?? error.field);
      if (error.field && field && FIELD_ORDER.includes(field)) {
        setServerErrors({ [field]: runMessage(error.field, error.message) });
        focusFirst({ [field]: error.message });
      } else {
        setFormError(error.message);
      }
    } finally {
      setStarting(false);
    }
  };

  return (
    <form className="card card-pad run-form" onSubmit={submit} noValidate aria-label="New run">
      {formError && <ErrorPanel title="The run did not start" message={formError} />}
      <RunFormFields values={current} errors={errors} targets={targets} onChange={change} />
      <footer className="form-footer">
        <span className="muted" data-testid="run-form-summary">
          {summary(current)}
        </span>
        <button type="submit" className="btn btn-primary btn-lg" disabled={starting}>
          {starting ? <Spinner /> : <Icon name="play" />}
          {starting ? 'Starting…' : 'Start run'}
        </button>
      </footer>
    </form>
  );
}
