// The run form's catalog workload: the list, the picker and the chosen workload's details, with
// the editor and the delete confirmation they open.
import { useState } from 'react';
import type { WorkloadConcurrency, WorkloadListItem } from '../../../../shared/workload.ts';
import { useApi, useQuery } from '../../../api/useApi.ts';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { ErrorPanel } from '../../../components/ErrorPanel.tsx';
import { LoadingBlock } from '../../../components/Loading.tsx';
import { WorkloadDetails } from './WorkloadDetails.tsx';
import { WorkloadEditor } from './WorkloadEditor.tsx';
import { WorkloadPicker } from './WorkloadPicker.tsx';

/** The id every version has, used when the list cannot be loaded. */
export const DEFAULT_WORKLOAD_ID = 'read-random';

/** What the catalog part is given by the run form. */
export interface CatalogWorkloadProps {
  workloadId: string;
  onSelect: (id: string) => void;
  /** The host's complaint about the chosen id (e.g. it was deleted meanwhile). */
  pickError: string | undefined;
  connections: string;
  depth: string;
  onUseConcurrency: (c: WorkloadConcurrency) => void;
}

/** Asks before deleting a saved workload; picks the default if it was the chosen one. */
function DeleteWorkloadDialog({
  item,
  onClose,
  onDeleted,
}: {
  item: WorkloadListItem;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const api = useApi();
  return (
    <ConfirmDialog
      title="Delete saved workload"
      confirmLabel="Delete workload"
      action={() => api.call('workloads/delete', { id: item.id })}
      onCancel={onClose}
      onDone={onDeleted}
    >
      <p>
        Delete <strong className="mono">{item.id}</strong> ({item.title})? Runs that used it keep
        their own copy of the definition.
      </p>
    </ConfirmDialog>
  );
}

/** The chosen workload's card, or why there is none. */
function ChosenWorkload(
  props: CatalogWorkloadProps & {
    chosen: WorkloadListItem | null;
    onEdit: (item: WorkloadListItem) => void;
    onDelete: (item: WorkloadListItem) => void;
  },
) {
  const { chosen, workloadId } = props;
  if (!chosen) {
    return (
      <div className="workload-details workload-details-empty">
        <p className="muted">
          {workloadId
            ? `${workloadId} is not in the list any more; pick another workload.`
            : 'Pick a workload from the list.'}
        </p>
      </div>
    );
  }
  return (
    <WorkloadDetails
      item={chosen}
      connections={props.connections}
      depth={props.depth}
      onUseConcurrency={props.onUseConcurrency}
      onEdit={() => props.onEdit(chosen)}
      onDelete={() => props.onDelete(chosen)}
    />
  );
}

/** The catalog workload: picker and details, or why the list is not there. */
export function CatalogWorkload(props: CatalogWorkloadProps) {
  const { workloadId, onSelect, pickError } = props;
  const list = useQuery('workloads', (client) => client.call('workloads/list'), [
    'workloads/changed',
  ]);
  const [editing, setEditing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<WorkloadListItem | null>(null);
  const items = list.data ?? [];
  const chosen = items.find((item) => item.id === workloadId) ?? null;
  const savedIds = items.filter((item) => item.catalog === 'user').map((item) => item.id);
  return (
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
          <ChosenWorkload
            {...props}
            chosen={chosen}
            onEdit={(item) => setEditing(item.id)}
            onDelete={setDeleting}
          />
        </div>
      )}
      {pickError && (
        <p className="field-error" role="alert" id="run-workload-error">
          {pickError}
        </p>
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
        <DeleteWorkloadDialog
          item={deleting}
          onClose={() => setDeleting(null)}
          onDeleted={() => {
            if (workloadId === deleting.id) onSelect(DEFAULT_WORKLOAD_ID);
            setDeleting(null);
            list.reload();
          }}
        />
      )}
    </>
  );
}
