// Targets screen: the saved servers, with create/edit in a modal and delete behind a confirmation.
import { useState } from 'react';
import type { Target } from '../../../shared/targetTypes.ts';
import { useQuery } from '../../api/useApi.ts';
import { EmptyState } from '../../components/EmptyState.tsx';
import { IconButton } from '../../components/IconButton.tsx';
import { Modal } from '../../components/Modal.tsx';
import { QueryPage } from '../../components/QueryPage.tsx';
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

  const newButton = (
    <IconButton icon="plus" variant="primary" onClick={() => setEditing({ mode: 'create' })}>
      New target
    </IconButton>
  );
  const saved = () => {
    setEditing(null);
    targets.reload();
  };
  const dialogs = (
    <>
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
    </>
  );

  return (
    <QueryPage
      title="Targets"
      subtitle="LDAP servers to benchmark. Labs you start appear here on their own."
      actions={newButton}
      below={dialogs}
      query={targets}
      errorTitle="Could not load targets"
      loadingLabel="Loading targets"
      empty={
        <EmptyState icon="server" title="No targets yet" action={newButton}>
          Add the LDAP server you want to benchmark, or{' '}
          <a href={routeHref({ name: 'labs' })}>start an OpenLDAP lab</a> to get a local server with
          generated entries.
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
    </QueryPage>
  );
}
