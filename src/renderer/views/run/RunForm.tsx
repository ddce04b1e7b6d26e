// The run form: target, workload, load shape and timing; Enter starts the run.
import { useState } from 'react';
import type { Target } from '../../../shared/targetTypes.ts';
import { useApi } from '../../api/useApi.ts';
import { ErrorPanel } from '../../components/ErrorPanel.tsx';
import { Icon } from '../../components/Icon.tsx';
import { Spinner } from '../../components/Loading.tsx';
import { useActiveRun } from './ActiveRunProvider.tsx';
import { HeavyLoadDialog } from './HeavyLoadDialog.tsx';
import { defaultRunValues } from './runForm.ts';
import type { RunFormValues } from './runForm.ts';
import { RunFormFields } from './RunFormFields.tsx';
import { summary } from './runFormSummary.ts';
import { useRunStart } from './useRunStart.ts';
import { useCustomOperation } from './workload/useCustomOperation.ts';
import { DEFAULT_WORKLOAD_ID, WorkloadSection } from './workload/WorkloadSection.tsx';
import type { WorkloadMode } from './workload/WorkloadSection.tsx';

/** The form's footer: what the run will be, and the start button. */
function RunFormFooter({ text, starting }: { text: string | null; starting: boolean }) {
  return (
    <footer className="form-footer">
      <span className="muted" data-testid="run-form-summary">
        {text}
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
  );
}

/** Starts a run with `runs/start`; the live view takes over through the active-run state. */
export function RunForm({ targets }: { targets: Target[] }) {
  const api = useApi();
  const activeRun = useActiveRun();
  const [values, setValues] = useState<RunFormValues>(() => defaultRunValues(targets[0]?.id ?? ''));
  const [mode, setMode] = useState<WorkloadMode>('catalog');
  const [workloadId, setWorkloadId] = useState(DEFAULT_WORKLOAD_ID);
  const custom = useCustomOperation(mode === 'custom');
  const targetId = targets.some((t) => t.id === values.targetId)
    ? values.targetId
    : (targets[0]?.id ?? '');
  const current = { ...values, targetId };
  const run = useRunStart(current, { custom: mode === 'custom' ? custom : null, workloadId });
  const { pending, setPending, setServerErrors } = run;

  const change = (patch: Partial<RunFormValues>) => {
    setValues((prev) => ({ ...prev, ...patch }));
    setServerErrors({});
  };
  const select = (id: string) => {
    setWorkloadId(id);
    setServerErrors(({ workload: _dropped, ...rest }) => rest);
  };

  const workloadLabel = mode === 'catalog' ? workloadId : `custom ${custom.values.kind}`;
  return (
    <form className="card card-pad run-form" onSubmit={run.submit} noValidate aria-label="New run">
      {run.formError && <ErrorPanel title="The run did not start" message={run.formError} />}
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
        errors={run.errors}
        targets={targets}
        onChange={change}
        workload={
          <WorkloadSection
            mode={mode}
            onModeChange={setMode}
            workloadId={workloadId}
            onSelect={select}
            pickError={run.errors.workload}
            custom={custom}
            connections={values.connections}
            depth={values.depth}
            onUseConcurrency={(c) =>
              change({ connections: String(c.connections), depth: String(c.depth) })
            }
          />
        }
      />
      <RunFormFooter text={summary(current, workloadLabel)} starting={run.starting} />
    </form>
  );
}
