// History screen: every stored run, newest first, narrowed by the filter bar (kept in the URL);
// rows can be selected to compare or delete, annotated with notes and tags, and peer tools'
// results imported beside DirBench's own.
import { useState } from 'react';
import { IconButton } from '../../components/IconButton.tsx';
import { LoadingBlock } from '../../components/Loading.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { QueryError } from '../../components/QueryView.tsx';
import { useImportRequest } from '../../desktop/importRequest.ts';
import { NoRunsMatch, NoRunsYet } from './HistoryEmptyStates.tsx';
import { HistoryDialogs } from './HistoryDialogs.tsx';
import type { HistoryDialog } from './HistoryDialogs.tsx';
import { HistoryFilterBar } from './HistoryFilterBar.tsx';
import { HistoryTable } from './HistoryTable.tsx';
import { HistoryToolbar } from './HistoryToolbar.tsx';
import { ImportedBanner } from './ImportedBanner.tsx';
import { PAGE_ROWS, useHistoryRuns } from './useHistoryRuns.ts';

/** The history screen. */
export function HistoryView() {
  const { filter, setFilter, limit, runs, facets, shown, more, showMore } = useHistoryRuns();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [dialog, setDialog] = useState<HistoryDialog>(null);
  const [imported, setImported] = useState<string | null>(null);
  // File > Import Results… in the desktop app.
  useImportRequest(() => setDialog({ kind: 'import' }));
  const chosen = shown.filter((r) => selected.has(r.id)).map((r) => r.id);
  const select = (ids: string[], on: boolean) =>
    setSelected((prev) => {
      const next = new Set(prev);
      for (const id of ids)
        if (on) next.add(id);
        else next.delete(id);
      return next;
    });
  const total = facets.data?.total ?? 0;
  const close = () => setDialog(null);
  return (
    <div className="page">
      <PageHeader
        title="History"
        subtitle="Every run is stored with its per-second samples, configuration and environment; runs from other tools can be imported beside them."
        actions={
          <IconButton icon="upload" onClick={() => setDialog({ kind: 'import' })}>
            Import results
          </IconButton>
        }
      />
      {imported && <ImportedBanner runId={imported} />}
      <QueryError title="Could not load the history" queries={[runs, facets]} />
      {total === 0 && facets.data && <NoRunsYet />}
      {total > 0 && (
        <>
          <HistoryFilterBar filter={filter} facets={facets.data} onChange={setFilter} />
          <HistoryToolbar
            filter={filter}
            loaded={runs.data !== undefined}
            total={total}
            shownCount={shown.length}
            more={more}
            limit={limit}
            chosen={chosen}
            onDelete={() => setDialog({ kind: 'delete' })}
            onClear={() => setSelected(new Set())}
          />
          {runs.loading && !runs.data && <LoadingBlock label="Loading runs" />}
          {runs.data && shown.length === 0 && <NoRunsMatch />}
          {shown.length > 0 && (
            <HistoryTable
              runs={shown}
              selected={selected}
              onSelect={select}
              onEdit={(run) => setDialog({ kind: 'edit', run })}
            />
          )}
          {more && (
            <div className="history-more">
              <button type="button" className="btn btn-secondary" onClick={showMore}>
                Show {PAGE_ROWS} more
              </button>
            </div>
          )}
        </>
      )}
      <HistoryDialogs
        dialog={dialog}
        chosen={chosen}
        onClose={close}
        onImported={(runId) => {
          setImported(runId);
          close();
        }}
        onDeleted={() => {
          setSelected(new Set());
          close();
        }}
      />
    </div>
  );
}
