// Every cell of a campaign in run order, with its outcome and a link to its run.
import type { CampaignCell } from '../../../shared/matrix.ts';
import type { Target } from '../../../shared/targetTypes.ts';
import { Num } from '../../components/Num.tsx';
import { formatLatencyMs, formatOpsPerSec } from '../../format/numbers.ts';
import { routeHref } from '../../hooks/useHashRoute.ts';
import { CampaignBadge } from './CampaignBadge.tsx';
import { directoryText, loadText, serverText } from './cellText.ts';
import { num, TableCard } from '../../components/TableCard.tsx';
import { ThresholdBadge } from '../../components/ThresholdBadge.tsx';

/** The cells table; `repeats` > 1 adds the repeat column. */
export function CampaignCellsTable({
  cells,
  targets,
  repeats,
}: {
  cells: readonly CampaignCell[];
  targets: readonly Target[];
  repeats: number;
}) {
  return (
    <TableCard
      testId="campaign-cells"
      cardClassName="campaign-cells"
      columns={[
        num('#'),
        'Server',
        'Directory',
        'Workload',
        'Load',
        repeats > 1 && num('Repeat'),
        num('ops/s'),
        num('p99'),
        'State',
      ]}
    >
      {cells.map((cell) => (
        <tr key={cell.index} data-cell={cell.index} data-status={cell.status}>
          <td className="num muted">{cell.index + 1}</td>
          <td className="cell-title">{serverText(cell.server, targets)}</td>
          <td className="nowrap">{directoryText(cell)}</td>
          <td className="mono small">{cell.workload}</td>
          <td className="nowrap small">{loadText(cell)}</td>
          {repeats > 1 && <td className="num">{cell.repeat}</td>}
          <td className="num">
            <Num value={cell.opsPerSec === null ? null : formatOpsPerSec(cell.opsPerSec)} />
          </td>
          <td className="num">
            <Num value={cell.latencyUs === null ? null : formatLatencyMs(cell.latencyUs.p99)} />
          </td>
          <td className="nowrap">
            {cell.runId ? (
              <a href={routeHref({ name: 'run-detail', runId: cell.runId })} title="Open the run">
                <CampaignBadge status={cell.status} />
              </a>
            ) : (
              <CampaignBadge status={cell.status} />
            )}
            <ThresholdBadge breached={cell.thresholdsBreached} />
            {cell.error && (
              <div className="cell-note small" title={cell.error}>
                {cell.error}
              </div>
            )}
          </td>
        </tr>
      ))}
    </TableCard>
  );
}
