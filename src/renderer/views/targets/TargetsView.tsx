// Targets screen: the saved servers, with create/edit in a modal and delete behind a confirmation.
import { useState } from 'react';
import type { Target } from '../../../shared/targetTypes.ts';
import { useQuery } from '../../api/useApi.ts';
import { EmptyState } from '../../components/EmptyState.tsx';
import { Icon } from '../../components/Icon.tsx';
import { Modal } from '../../components/Modal.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { QueryView } from '../../components/QueryView.tsx';
import { useReadyMarker } from '../../hooks/useReadyMarker.ts';
import { routeHref } from '../../hooks/useHashRoute.ts';
import { DeleteTargetDialog } from './DeleteTargetDialog.tsx';
import { TargetForm } from './TargetForm.tsx';
import { TargetsTable } from './TargetsTable.tsx';

type Editing = { mode: 'create' } | { mode: 'edit'; target: Target } | null;

/** The targets screen. */
export function TargetsView() {
  const targets = useQuery('targets', (api) => api.call('targets/list'), ['targets/changed']);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Target | null>(null);
  useReadyMarker(targets.data !== undefined);

  const newButton = (
    <button
      type="button"
      className="btn btn-primary"
      onClick={() => setEditing({ mode: 'create' })}
    >
      <Icon name="plus" />
      New target
    </button>
  );
  const saved = () => {
    setEditing(null);
    targets.reload();
  };

  return (
    <div className="page">
      <PageHeader
        title="Targets"
        subtitle="LDAP servers to benchmark. Labs you start appear here on their own."
        actions={newButton}
      />
      <QueryView
        query={targets}
        errorTitle="Could not load targets"
        loadingLabel="Loading targets"
        empty={
          <EmptyState icon="server" title="No targets yet" action={newButton}>
            Add the LDAP server you want to benchmark, or{' '}
            <a href={routeHref({ name: 'labs' })}>start an OpenLDAP lab</a> to get a local server
            with generated entries.
          </EmptyState>
        }
      >
        {(list) => (
          <TargetsTable
            targets={list}
            onEdit={(target) => setEditing({ mode: 'edit', target })}
            onDelete={setDeleting}
          />
        )}
      </QueryView>
      {editing && (
        <Modal
          title={editing.mode === 'edit' ? `Edit ${editing.target.name}` : 'New target'}
          onClose={() => setEditing(null)}
          wide
        >
          <TargetForm
            target={editing.mode === 'edit' ? editing.target : null}
            onSaved={saved}
            onCancel={() => setEditing(null)}
          />
        </Modal>
      )}
      {deleting && (
        <DeleteTargetDialog
          target={deleting}
          onDone={() => {
            setDeleting(null);
            targets.reload();
          }}
          onCancel={() => setDeleting(null)}
        />
      )}
    </div>
  );
}
