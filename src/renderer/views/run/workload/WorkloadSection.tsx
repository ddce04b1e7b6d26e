// The run form's workload block: a catalog entry (picker + details) or a custom operation.
import { useState } from 'react';
import type { WorkloadConcurrency, WorkloadListItem } from '../../../../shared/workload.ts';
import { useApi, useQuery } from '../../../api/useApi.ts';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { ErrorPanel } from '../../../components/ErrorPanel.tsx';
import { Icon } from '../../../components/Icon.tsx';
import { LoadingBlock } from '../../../components/Loading.tsx';
import { CustomOperationFields } from './CustomOperationFields.tsx';
import type { CustomErrors, CustomOpValues, CustomPatch } from './customOperation.ts';
import { WorkloadDetails } from './WorkloadDetails.tsx';
import { WorkloadEditor } from './WorkloadEditor.tsx';
import { WorkloadPicker } from './WorkloadPicker.tsx';
import type { WorkloadCheck } from './useWorkloadCheck.ts';

/** Where the run's workload comes from. */
export type WorkloadMode = 'catalog' | 'custom';

/** The id every version has, used when the list cannot be loaded. */
export const DEFAULT_WORKLOAD_ID = 'read-random';

const MODES: { mode: WorkloadMode; label: string }[] = [
  { mode: 'catalog', label: 'Catalog' },
  { mode: 'custom', label: 'Custom operation' },
];

/** Mode toggle, then the picker and details card or the custom operation fields. */
export function WorkloadSection({
  mode,
  onModeChange,
  workloadId,
  onSelect,
  pickError,
  custom,
  customErrors,
  checkState,
  onCustomChange,
  connections,
  depth,
  onUseConcurrency,
}: {
  mode: WorkloadMode;
  onModeChange: (mode: WorkloadMode) => void;
  workloadId: string;
  onSelect: (id: string) => void;
  /** The host's complaint about the chosen id (e.g. it was deleted meanwhile). */
  pickError: string | undefined;
  custom: CustomOpValues;
  customErrors: CustomErrors;
  /** Where the host's check of the custom operation stands. */
  checkState: WorkloadCheck['state'];
  onCustomChange: (patch: CustomPatch) => void;
  connections: string;
  depth: string;
  onUseConcurrency: (c: WorkloadConcurrency) => void;
}) {
  const api = useApi();
  const list = useQuery('workloads', (client) => client.call('workloads/list'), [
    'workloads/changed',
  ]);
  const [editing, setEditing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<WorkloadListItem | null>(null);
  const items = list.data ?? [];
  const chosen = items.find((item) => item.id === workloadId) ?? null;
  const savedIds = items.filter((item) => item.catalog === 'user').map((item) => item.id);

  return (
    <section className="workload-section" aria-labelledby="workload-heading">
      <div className="workload-section-head">
        <h2 id="workload-heading" className="section-title">
          Workload
        </h2>
        <div className="segmented" role="group" aria-label="Workload source">
          {MODES.map((m) => (
            <button
              key={m.mode}
              type="button"
              className={m.mode === mode ? 'segment segment-on' : 'segment'}
              aria-pressed={m.mode === mode}
              onClick={() => onModeChange(m.mode)}
            >
              {m.label}
            </button>
          ))}
        </div>
        {mode === 'custom' && (
          <span
            className={`workload-check workload-check-${checkState}`}
            role="status"
            data-testid="custom-check"
            data-state={checkState}
          >
            {checkState === 'checking' && 'Checking…'}
            {checkState === 'valid' && (
              <>
                <Icon name="check" size={13} />
                Checked: ready to run
              </>
            )}
          </span>
        )}
      </div>

      {mode === 'catalog' && (
        <>
          {list.error && (
            <ErrorPanel
              title="Could not load the workload list"
              message={`${list.error.message} Runs use the built-in ${DEFAULT_WORKLOAD_ID} until it loads.`}
              onRetry={list.reload}
              testId="workload-list-error"
            />
          )}
          {list.loading && !list.data && <LoadingBlock label="Loading workloads" />}
          {list.data && (
            <div className="workload-pick" data-testid="workload-pick">
              <WorkloadPicker items={items} selectedId={workloadId} onSelect={onSelect} />
              {chosen ? (
                <WorkloadDetails
                  item={chosen}
                  connections={connections}
                  depth={depth}
                  onUseConcurrency={onUseConcurrency}
                  onEdit={() => setEditing(chosen.id)}
                  onDelete={() => setDeleting(chosen)}
                />
              ) : (
                <div className="workload-details workload-details-empty">
                  <p className="muted">
                    {workloadId
                      ? `${workloadId} is not in the list any more; pick another workload.`
                      : 'Pick a workload from the list.'}
                  </p>
                </div>
              )}
            </div>
          )}
          {pickError && (
            <p className="field-error" role="alert" id="run-workload-error">
              {pickError}
            </p>
          )}
        </>
      )}

      {mode === 'custom' && (
        <>
          {customErrors.general && (
            <ErrorPanel title="The operation is not valid" message={customErrors.general} />
          )}
          <CustomOperationFields values={custom} errors={customErrors} onChange={onCustomChange} />
        </>
      )}

      {editing && (
        <WorkloadEditor
          sourceId={editing}
          savedIds={savedIds}
          onClose={() => setEditing(null)}
          onSaved={(id) => {
            setEditing(null);
            onSelect(id);
            list.reload();
          }}
        />
      )}
      {deleting && (
        <ConfirmDialog
          title="Delete saved workload"
          confirmLabel="Delete workload"
          action={() => api.call('workloads/delete', { id: deleting.id })}
          onCancel={() => setDeleting(null)}
          onDone={() => {
            if (workloadId === deleting.id) onSelect(DEFAULT_WORKLOAD_ID);
            setDeleting(null);
            list.reload();
          }}
        >
          <p>
            Delete <strong className="mono">{deleting.id}</strong> ({deleting.title})? Runs that
            used it keep their own copy of the definition.
          </p>
        </ConfirmDialog>
      )}
    </section>
  );
}
