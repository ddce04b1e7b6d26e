// One row of the runs table: date, target and server, workload, figures, status and tags.
import type { RunListItem } from '../../../shared/types.ts';
import { Icon } from '../../components/Icon.tsx';
import { Num } from '../../components/Num.tsx';
import { StatusBadge } from '../../components/StatusBadge.tsx';
import { ThresholdBadge } from '../../components/ThresholdBadge.tsx';
import { formatDateTime } from '../../format/dates.ts';
import {
  formatEntries,
  formatInt,
  formatLatencyMs,
  formatOpsPerSec,
} from '../../format/numbers.ts';
import { navigate, routeHref } from '../../hooks/useHashRoute.ts';
import { SOURCE_WORDS } from './HistoryFilterBar.tsx';
import { RunTags } from './RunTags.tsx';

/** "OpenLDAP 2.5.13" without saying the vendor twice; null when the server did not say. */
export function serverText(
  run: Pick<RunListItem, 'serverVendor' | 'serverVersion'>,
): string | null {
  const { serverVendor: vendor, serverVersion: version } = run;
  if (vendor && version)
    return version.toLowerCase().includes(vendor.toLowerCase()) ? version : `${vendor} ${version}`;
  return version ?? vendor;
}

/** The target's name (tagged when imported), its server and the run's notes. */
function RunTargetCell({ run }: { run: RunListItem }) {
  const imported = run.source !== 'dirbench';
  const server = serverText(run);
  return (
    <td>
      <div className="cell-title history-target">
        {run.targetName}
        {imported && (
          <span className="tag tag-import" title={`Imported ${SOURCE_WORDS[run.source]} output`}>
            imported · {SOURCE_WORDS[run.source]}
          </span>
        )}
      </div>
      <div className="cell-sub" data-testid="history-server">
        {server ?? 'server not known'}
      </div>
      {run.notes && (
        <div className="cell-sub history-notes" title={run.notes}>
          {run.notes}
        </div>
      )}
    </td>
  );
}

/** The run's tags and the button that edits its notes and tags. */
function RunTagsCell({ run, onEdit }: { run: RunListItem; onEdit: (run: RunListItem) => void }) {
  return (
    <td className="history-tags-cell" onClick={(e) => e.stopPropagation()}>
      <div className="history-tags-edit">
        <RunTags tags={run.tags} testId="history-tags" />
        <button
          type="button"
          className="btn-icon history-edit"
          aria-label={`Notes and tags of run ${run.id}`}
          title="Notes and tags"
          onClick={() => onEdit(run)}
        >
          <Icon name="edit" size={14} />
        </button>
      </div>
    </td>
  );
}

/** A run's row; a click opens its detail, the checkbox selects it. */
export function HistoryRow({
  run,
  selected,
  onSelect,
  onEdit,
}: {
  run: RunListItem;
  selected: boolean;
  onSelect: (ids: string[], on: boolean) => void;
  onEdit: (run: RunListItem) => void;
}) {
  const [day, time] = formatDateTime(run.startedAt).split(' ');
  return (
    <tr
      data-testid="history-row"
      data-run-id={run.id}
      data-source={run.source}
      className={selected ? 'row-selected' : undefined}
      onClick={() => navigate({ name: 'run-detail', runId: run.id })}
    >
      <td className="col-check" onClick={(e) => e.stopPropagation()}>
        <input
          type="checkbox"
          className="checkbox"
          aria-label={`Select run ${run.id}`}
          checked={selected}
          onChange={(e) => onSelect([run.id], e.target.checked)}
        />
      </td>
      <td className="nowrap">
        <a
          href={routeHref({ name: 'run-detail', runId: run.id })}
          onClick={(e) => e.stopPropagation()}
        >
          {day}
        </a>
        <span className="cell-sub">{time}</span>
      </td>
      <RunTargetCell run={run} />
      <td className="mono small">
        <div className="history-workload" title={run.workload}>
          {run.workload}
        </div>
      </td>
      <td className="num" title={run.entries === null ? undefined : formatInt(run.entries)}>
        {run.entries === null ? <span className="muted">—</span> : formatEntries(run.entries)}
      </td>
      <td className="num">
        {run.connections === 0 ? (
          <span className="muted" title="Not in the imported file">
            —
          </span>
        ) : (
          `${run.connections} × ${run.depth}`
        )}
      </td>
      <td className="num">
        <Num
          value={run.opsPerSec === null ? null : formatOpsPerSec(run.opsPerSec)}
          testId="history-ops-per-sec"
        />
      </td>
      <td className="num">
        <Num value={run.p99Us === null ? null : formatLatencyMs(run.p99Us)} testId="history-p99" />
      </td>
      <td className="nowrap">
        <StatusBadge status={run.status} />
        <ThresholdBadge breached={run.thresholdsBreached} />
      </td>
      <RunTagsCell run={run} onEdit={onEdit} />
    </tr>
  );
}
