// History screen: every stored run, newest first, narrowed by the filter bar (kept in the URL);
// rows can be selected to compare or delete, annotated with notes and tags, and peer tools'
// results imported beside DirBench's own.
import { useCallback, useMemo, useState } from 'react';
import type { HistoryFilter } from '../../../shared/history.ts';
import type { RunListItem } from '../../../shared/types.ts';
import { useApi, useQuery } from '../../api/useApi.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { Icon } from '../../components/Icon.tsx';
import { IconButton } from '../../components/IconButton.tsx';
import { LoadingBlock } from '../../components/Loading.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { QueryError } from '../../components/QueryView.tsx';
import { RouteButton } from '../../components/RouteButton.tsx';
import { useImportRequest } from '../../desktop/importRequest.ts';
import { formatInt } from '../../format/numbers.ts';
import { routeHref } from '../../hooks/useHashRoute.ts';
import { useReadyMarker } from '../../hooks/useReadyMarker.ts';
import { AnnotateDialog } from './AnnotateDialog.tsx';
import { HistoryFilterBar } from './HistoryFilterBar.tsx';
import { apiFilter, filterFromHash, hashOfFilter, isEmptyFilter } from './historyFilter.ts';
import { HistoryTable } from './HistoryTable.tsx';
import { ImportDialog } from './ImportDialog.tsx';

/** Rows shown at first and added by "Show more". */
const PAGE_ROWS = 200;
const REFRESH_ON = ['history/changed', 'run/started', 'run/ended'] as const;

type Dialog = { kind: 'import' } | { kind: 'delete' } | { kind: 'edit'; run: RunListItem } | null;

/** The history screen. */
export function HistoryView() {
  const api = useApi();
  const [filter, setFilterState] = useState<HistoryFilter>(() =>
    filterFromHash(window.location.hash),
  );
  const [limit, setLimit] = useState(PAGE_ROWS);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [dialog, setDialog] = useState<Dialog>(null);
  const [imported, setImported] = useState<string | null>(null);
  // File > Import Results… in the desktop app.
  useImportRequest(() => setDialog({ kind: 'import' }));
  const setFilter = useCallback((next: HistoryFilter) => {
    setFilterState(next);
    setLimit(PAGE_ROWS);
    // replaceState: filtering is not navigation, and it fires no hashchange for the router.
    window.history.replaceState(null, '', hashOfFilter(next));
  }, []);
  const key = JSON.stringify([filter, limit]);
  // One row past the page says whether there are more.
  const runs = useQuery(
    `history:${key}`,
    (client) => client.call('history/list', apiFilter(filter, limit + 1)),
    REFRESH_ON,
  );
  const facets = useQuery('history-facets', (client) => client.call('history/facets'), REFRESH_ON);
  useReadyMarker(runs.data !== undefined && facets.data !== undefined);
  const shown = useMemo(() => runs.data?.slice(0, limit) ?? [], [runs.data, limit]);
  const more = (runs.data?.length ?? 0) > limit;
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
      {imported && (
        <div className="banner banner-success" role="status" data-testid="import-done">
          <div>
            <strong>Imported.</strong>
            <span className="banner-detail"> The run is in the list below.</span>
          </div>
          <a
            className="btn btn-secondary btn-sm"
            href={routeHref({ name: 'run-detail', runId: imported })}
          >
            Open it
            <Icon name="arrowRight" size={14} />
          </a>
        </div>
      )}
      <QueryError title="Could not load the history" queries={[runs, facets]} />
      {total === 0 && facets.data && (
        <EmptyState
          icon="history"
          title="No runs yet"
          action={<RouteButton to={{ name: 'run' }}>Start a run</RouteButton>}
        >
          Runs you start appear here as soon as they begin, with their throughput and latency once
          they end. Results of UnboundID or OpenDJ searchrate can be imported too.
        </EmptyState>
      )}
      {total > 0 && (
        <>
          <HistoryFilterBar filter={filter} facets={facets.data} onChange={setFilter} />
          <div className="history-toolbar" aria-live="polite">
            <span className="muted" data-testid="history-count">
              {runs.data === undefined
                ? 'Loading…'
                : isEmptyFilter(filter)
                  ? `${formatInt(total)} runs`
                  : `${more ? `More than ${formatInt(limit)}` : formatInt(shown.length)} of ${formatInt(total)} runs match`}
            </span>
            {chosen.length > 0 && (
              <div className="history-selection" data-testid="history-selection">
                <strong>{chosen.length} selected</strong>
                <a
                  className="btn btn-secondary btn-sm"
                  href={routeHref({ name: 'compare', runIds: chosen })}
                >
                  <Icon name="chart" size={14} />
                  Compare
                </a>
                <IconButton
                  icon="trash"
                  iconSize={14}
                  variant="ghost-danger"
                  small
                  onClick={() => setDialog({ kind: 'delete' })}
                >
                  Delete
                </IconButton>
                <button
                  type="button"
                  className="btn btn-ghost btn-sm"
                  onClick={() => setSelected(new Set())}
                >
                  Clear selection
                </button>
              </div>
            )}
          </div>
          {runs.loading && !runs.data && <LoadingBlock label="Loading runs" />}
          {runs.data && shown.length === 0 && (
            <EmptyState icon="history" title="No runs match these filters">
              Remove a filter chip above, or clear them all.
            </EmptyState>
          )}
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
              <button
                type="button"
                className="btn btn-secondary"
                onClick={() => setLimit((n) => n + PAGE_ROWS)}
              >
                Show {PAGE_ROWS} more
              </button>
            </div>
          )}
        </>
      )}
      {dialog?.kind === 'edit' && (
        <AnnotateDialog run={dialog.run} onDone={close} onCancel={close} />
      )}
      {dialog?.kind === 'import' && (
        <ImportDialog
          onImported={(runId) => {
            setImported(runId);
            close();
          }}
          onCancel={close}
        />
      )}
      {dialog?.kind === 'delete' && (
        <ConfirmDialog
          title={`Delete ${chosen.length} run${chosen.length === 1 ? '' : 's'}?`}
          confirmLabel={`Delete ${chosen.length} run${chosen.length === 1 ? '' : 's'}`}
          action={() => api.call('history/delete', { runIds: chosen })}
          onDone={() => {
            setSelected(new Set());
            close();
          }}
          onCancel={close}
        >
          <p>
            {chosen.length === 1 ? 'This run' : `These ${chosen.length} runs`} and all their
            per-second samples, notes and tags will be removed from the database. This cannot be
            undone.
          </p>
        </ConfirmDialog>
      )}
    </div>
  );
}
