// The matrices screen's header: title, a link to campaigns, Import JSON and New matrix.
import { useRef } from 'react';
import { IconButton } from '../../components/IconButton.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { RouteButton } from '../../components/RouteButton.tsx';

/** The header; `onImport` gets the JSON file picked, `onNew` empties the builder. */
export function MatrixHeader({
  onImport,
  onNew,
}: {
  onImport: (file: File) => void;
  onNew: () => void;
}) {
  const fileInput = useRef<HTMLInputElement | null>(null);
  return (
    <PageHeader
      title="Matrices"
      subtitle="Servers × sizes × index profiles × workloads × concurrency × policies × repeats, run as one campaign."
      actions={
        <>
          <RouteButton to={{ name: 'campaigns' }} variant="secondary">
            Campaigns
          </RouteButton>
          <IconButton icon="upload" iconSize={14} onClick={() => fileInput.current?.click()}>
            Import JSON
          </IconButton>
          <IconButton icon="plus" iconSize={14} onClick={onNew}>
            New matrix
          </IconButton>
          <input
            ref={fileInput}
            type="file"
            accept=".json,application/json"
            hidden
            data-testid="matrix-import-file"
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) onImport(file);
              e.target.value = '';
            }}
          />
        </>
      }
    />
  );
}
