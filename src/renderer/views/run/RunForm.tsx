// The run form: target, workload, load shape and timing; Enter starts the run.
import { useState } from 'react';
import type { FormEvent } from 'react';
import { ApiError } from '../../../shared/errors.ts';
import type { Target } from '../../../shared/targetTypes.ts';
import type { RunRequest } from '../../../shared/types.ts';
import type { WorkloadSpec } from '../../../shared/workload.ts';
import { useApi } from '../../api/useApi.ts';
import { ErrorPanel } from '../../components/ErrorPanel.tsx';
import { Icon } from '../../components/Icon.tsx';
import { Spinner } from '../../components/Loading.tsx';
import { isAgentsField } from '../agents/loadFrom.ts';
import { isReplicationField } from './replicaConsumers.ts';
import { useActiveRun } from './ActiveRunProvider.tsx';
import { HeavyLoadDialog } from './HeavyLoadDialog.tsx';
import type { PendingConfirmation } from './HeavyLoadDialog.tsx';
import { defaultRunValues, runFieldErrors, runMessage, toRunRequest } from './runForm.ts';
import type { RunFieldErrors, RunFormValues, RunWorkload } from './runForm.ts';
import { RunFormFields } from './RunFormFields.tsx';
import { summary } from './runFormSummary.ts';
import {
  customFieldForPath,
  customFieldId,
  customSpec,
  defaultCustomValues,
  localCustomErrors,
  checkMessage,
} from './workload/customOperation.ts';
import type { CustomErrors, CustomOpValues, CustomPatch } from './workload/customOperation.ts';
import { useWorkloadCheck } from './workload/useWorkloadCheck.ts';
import { DEFAULT_WORKLOAD_ID, WorkloadSection } from './workload/WorkloadSection.tsx';
import type { WorkloadMode } from './workload/WorkloadSection.tsx';

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

/** The custom operation's check error, shown next to its control (or above the fields when none owns it). */
function customCheckErrors(kind: CustomOpValues['kind'], error: ApiError | null): CustomErrors {
  if (!error) return {};
  const path = error.field ?? '';
  const field = customFieldForPath(kind, path);
  return field ? { [field]: checkMessage(error) } : { general: error.message };
}

function focusCustom(errors: CustomErrors): void {
  const field = Object.keys(errors).find((key) => key !== 'general');
  if (field) document.getElementById(customFieldId(field))?.focus();
}

/** Starts a run with `runs/start`; the live view takes over through the active-run state. */
export function RunForm({ targets }: { targets: Target[] }) {
  const api = useApi();
  const activeRun = useActiveRun();
  const [values, setValues] = useState<RunFormValues>(() => defaultRunValues(targets[0]?.id ?? ''));
  const [mode, setMode] = useState<WorkloadMode>('catalog');
  const [workloadId, setWorkloadId] = useState(DEFAULT_WORKLOAD_ID);
  const [custom, setCustom] = useState<CustomOpValues>(defaultCustomValues);
  const [customServerError, setCustomServerError] = useState<ApiError | null>(null);
  const [attempted, setAttempted] = useState(false);
  const [serverErrors, setServerErrors] = useState<RunFieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const [pending, setPending] = useState<PendingConfirmation | null>(null);
  const targetId = targets.some((t) => t.id === values.targetId)
    ? values.targetId
    : (targets[0]?.id ?? '');
  const current = { ...values, targetId };
  const errors: RunFieldErrors = { ...(attempted ? runFieldErrors(current) : {}), ...serverErrors };

  // The custom operation is checked by the host as it is typed, so mistakes show before any run.
  const localErrors = mode === 'custom' ? localCustomErrors(custom) : {};
  const localOk = Object.keys(localErrors).length === 0;
  const check = useWorkloadCheck(mode === 'custom' && localOk ? customSpec(custom) : undefined);
  const customErrors: CustomErrors = {
    ...customCheckErrors(custom.kind, check.state === 'invalid' ? check.error : null),
    ...customCheckErrors(custom.kind, customServerError),
    ...localErrors,
  };

  const change = (patch: Partial<RunFormValues>) => {
    setValues((prev) => ({ ...prev, ...patch }));
    setServerErrors({});
  };
  const changeCustom = (patch: CustomPatch) => {
    setCustom((prev) => ({ ...prev, ...patch }));
    setCustomServerError(null);
  };
  const select = (id: string) => {
    setWorkloadId(id);
    setServerErrors(({ workload: _dropped, ...rest }) => rest);
  };

  /** The workload part of the request; null when the custom operation is not valid (errors shown). */
  const runWorkload = async (): Promise<RunWorkload | null> => {
    if (mode === 'catalog') return { workload: workloadId };
    if (!localOk) {
      focusCustom(localErrors);
      return null;
    }
    let spec: WorkloadSpec;
    try {
      spec = await api.call('workloads/check', { spec: customSpec(custom) });
    } catch (err) {
      const error = err instanceof ApiError ? err : ApiError.fromBody(err);
      setCustomServerError(error);
      focusCustom(customCheckErrors(custom.kind, error));
      return null;
    }
    return { workload: spec.id, workloadSpec: spec };
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    setFormError(null);
    const found = runFieldErrors(current);
    if (Object.keys(found).length > 0) return focusFirst(found);
    setStarting(true);
    let request: RunRequest | null = null;
    try {
      const workload = await runWorkload();
      if (!workload) return;
      request = toRunRequest(current, workload);
      await api.call('runs/start', request);
      activeRun.refresh();
    } catch (err) {
      const error = err instanceof ApiError ? err : ApiError.fromBody(err);
      // Heavy load on a target off loopback: the host wants a yes, asked in a dialog naming the load.
      if (error.code === 'needs-confirmation' && request) {
        setPending({ request, reason: error.detail ?? error.message });
        return;
      }
      const field = error.field?.startsWith('rateProfile')
        ? 'rateProfile'
        : error.field?.startsWith('thresholds')
          ? 'thresholds'
          : isAgentsField(error.field)
            ? 'agents'
            : isReplicationField(error.field)
              ? 'replicaConsumers'
              : (HOST_FIELDS[error.field ?? ''] ?? error.field);
      if (error.field?.startsWith('workloadSpec') && mode === 'custom') {
        setCustomServerError(error);
        focusCustom(customCheckErrors(custom.kind, error));
      } else if (error.field && field && FIELD_ORDER.includes(field)) {
        setServerErrors({ [field]: runMessage(error) });
        focusFirst({ [field]: error.message });
      } else {
        setFormError(error.message);
      }
    } finally {
      setStarting(false);
    }
  };

  const workloadLabel = mode === 'catalog' ? workloadId : `custom ${custom.kind}`;
  return (
    <form className="card card-pad run-form" onSubmit={submit} noValidate aria-label="New run">
      {formError && <ErrorPanel title="The run did not start" message={formError} />}
      {pending && (
        <HeavyLoadDialog
          pending={pending}
          target={targets.find((t) => t.id === pending.request.targetId)}
          start={(request) => api.call('runs/start', request)}
          onDone={() => {
            setPending(null);
            activeRun.refresh();
          }}
          onCancel={() => setPending(null)}
        />
      )}
      <RunFormFields
        values={current}
        errors={errors}
        targets={targets}
        onChange={change}
        workload={
          <WorkloadSection
            mode={mode}
            onModeChange={setMode}
            workloadId={workloadId}
            onSelect={select}
            pickError={errors.workload}
            custom={custom}
            customErrors={customErrors}
            checkState={check.state}
            onCustomChange={changeCustom}
            connections={values.connections}
            depth={values.depth}
            onUseConcurrency={(c) =>
              change({ connections: String(c.connections), depth: String(c.depth) })
            }
          />
        }
      />
      <footer className="form-footer">
        <span className="muted" data-testid="run-form-summary">
          {summary(current, workloadLabel)}
        </span>
        <button
          type="submit"
          className="btn btn-primary btn-lg"
          disabled={starting}
          data-testid="start-run"
        >
          {starting ? <Spinner /> : <Icon name="play" />}
          {starting ? 'Starting…' : 'Start run'}
        </button>
      </footer>
    </form>
  );
}
