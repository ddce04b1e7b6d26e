// The run form: target, workload, load shape and timing; Enter starts the run.
import { useState } from 'react';
import type { FormEvent } from 'react';
import { ApiError } from '../../../shared/errors.ts';
import type { Target } from '../../../shared/types.ts';
import { useApi } from '../../api/useApi.ts';
import { ErrorPanel } from '../../components/ErrorPanel.tsx';
import { Icon } from '../../components/Icon.tsx';
import { Spinner } from '../../components/Loading.tsx';
import { formatDurationS, formatInt } from '../../format/numbers.ts';
import { useActiveRun } from './ActiveRunProvider.tsx';
import { defaultRunValues, runFieldErrors, runMessage, toRunRequest } from './runForm.ts';
import type { RunFieldErrors, RunFormValues } from './runForm.ts';
import { RunFormFields } from './RunFormFields.tsx';

const FIELD_ORDER = [
  'targetId',
  'workload',
  'connections',
  'depth',
  'warmupS',
  'durationS',
  'workers',
];

function focusFirst(errors: RunFieldErrors): void {
  const field = FIELD_ORDER.find((name) => name in errors);
  if (field) document.getElementById(`run-${field}`)?.focus();
}

function summary(values: RunFormValues): string | null {
  const req = toRunRequest(values);
  if (![req.connections, req.depth, req.warmupS, req.durationS].every(Number.isInteger))
    return null;
  return `${formatInt(req.connections * req.depth)} requests in flight · ${formatDurationS(req.warmupS + req.durationS)} in total`;
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
      if (error.field && FIELD_ORDER.includes(error.field)) {
        setServerErrors({ [error.field]: runMessage(error.field, error.message) });
        focusFirst({ [error.field]: error.message });
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
        <span className="muted">{summary(current)}</span>
        <button type="submit" className="btn btn-primary btn-lg" disabled={starting}>
          {starting ? <Spinner /> : <Icon name="play" />}
          {starting ? 'Starting…' : 'Start run'}
        </button>
      </footer>
    </form>
  );
}
