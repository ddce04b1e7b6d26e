// The campaigns list as a table: newest first as the host sends it; a row opens its campaign.
import type { CampaignListItem } from '../../../shared/matrix.ts';
import { ProgressBar } from '../../components/ProgressBar.tsx';
import { num, TableCard } from '../../components/TableCard.tsx';
import { formatDateTime } from '../../format/dates.ts';
import { navigate, routeHref } from '../../hooks/useHashRoute.ts';
import { CampaignBadge } from './CampaignBadge.tsx';

/** One row a campaign: when, which matrix, how far it got and its state. */
export function CampaignsTable({ campaigns }: { campaigns: CampaignListItem[] }) {
  return (
    <TableCard
      tableClassName="table table-clickable"
      testId="campaigns-table"
      columns={['Started', 'Matrix', 'Progress', num('Cells'), 'State']}
    >
      {campaigns.map((c) => (
        <tr key={c.id} onClick={() => navigate({ name: 'campaign', campaignId: c.id })}>
          <td className="nowrap">
            <a
              href={routeHref({ name: 'campaign', campaignId: c.id })}
              onClick={(e) => e.stopPropagation()}
            >
              {formatDateTime(c.createdAt)}
            </a>
          </td>
          <td className="cell-title">{c.name}</td>
          <td className="campaign-progress-cell">
            <ProgressBar
              fraction={c.cellsTotal === 0 ? 0 : (c.cellsDone + c.cellsFailed) / c.cellsTotal}
              label={`Progress of ${c.name}`}
            />
          </td>
          <td className="num">
            {c.cellsDone + c.cellsFailed} / {c.cellsTotal}
            {c.cellsFailed > 0 && <span className="muted"> ({c.cellsFailed} failed)</span>}
          </td>
          <td>
            <CampaignBadge status={c.status} />
          </td>
        </tr>
      ))}
    </TableCard>
  );
}
