// The runs table: right-aligned figures with units, status badges, whole rows clickable.
import type { RunListItem } from '../../../shared/types.ts';
import { Num } from '../../components/Num.tsx';
import { StatusBadge } from '../../components/StatusBadge.tsx';
import { formatDateTime } from '../../format/dates.ts';
import {
  formatEntries,
  formatInt,
  formatLatencyMs,
  formatOpsPerSec,
} from '../../format/numbers.ts';
import { navigate, routeHref } from '../../hooks/useHashRoute.ts';

/** Table of stored runs, newest first. */
export function HistoryTable({ runs }: { runs: RunListItem[] }) {
  const sorted = [...runs].sort((a, b) => b.startedAt.localeCompare(a.startedAt));
  return (
    <div className="card table-card">
      <table className="table table-clickable" aria-label="Runs">
        <thead>
          <tr>
            <th>Date</th>
            <th>Target</th>
            <th>Workload</th>
            <th className="num">Entries</th>
            <th className="num">Conn × depth</th>
            <th className="num">Ops/sec</th>
            <th className="num">
              p99 <span className="th-unit">(ms)</span>
            </th>
            <th>Status</th>
          </tr>
        </thead>
        <tbody>
          {sorted.map((run) => (
            <tr
              key={run.id}
              data-testid="history-row"
              data-run-id={run.id}
              onClick={() => navigate({ name: 'run-detail', runId: run.id })}
            >
              <td className="nowrap">
                <a
                  href={routeHref({ name: 'run-detail', runId: run.id })}
                  onClick={(e) => e.stopPropagation()}
                >
                  {formatDateTime(run.startedAt)}
                </a>
              </td>
              <td className="cell-title">{run.targetName}</td>
              <td className="mono small">
                <div className="history-workload" title={run.workload}>
                  {run.workload}
                </div>
              </td>
              <td className="num" title={run.entries === null ? undefined : formatInt(run.entries)}>
                {run.entries === null ? (
                  <span className="muted">—</span>
                ) : (
                  formatEntries(run.entries)
                )}
              </td>
              <td className="num">
                {run.connections} × {run.depth}
              </td>
              <td className="num">
                <Num
                  value={run.opsPerSec === null ? null : formatOpsPerSec(run.opsPerSec)}
                  testId="history-ops-per-sec"
                />
              </td>
              <td className="num">
                <Num
                  value={run.p99Us === null ? null : formatLatencyMs(run.p99Us)}
                  testId="history-p99"
                />
              </td>
              <td>
                <StatusBadge status={run.status} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
