// Campaigns screen: every matrix run, newest first, with its progress; a row opens the campaign.
import { useQuery } from '../../api/useApi.ts';
import { EmptyState } from '../../components/EmptyState.tsx';
import { ErrorPanel } from '../../components/ErrorPanel.tsx';
import { LoadingBlock } from '../../components/Loading.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { ProgressBar } from '../../components/ProgressBar.tsx';
import { formatDateTime } from '../../format/dates.ts';
import { navigate, routeHref } from '../../hooks/useHashRoute.ts';
import { useReadyMarker } from '../../hooks/useReadyMarker.ts';
import { CampaignBadge } from './CampaignBadge.tsx';

/** The campaigns list. */
export function CampaignsView() {
  const campaigns = useQuery('campaigns', (api) => api.call('campaigns/list'), [
    'campaign/progress',
    'history/changed',
  ]);
  useReadyMarker(campaigns.data !== undefined);
  return (
    <div className="page">
      <PageHeader
        title="Campaigns"
        subtitle="Each campaign runs one matrix cell by cell; finished cells survive a crash, and an interrupted campaign resumes where it stopped."
        actions={
          <a className="btn btn-primary" href={routeHref({ name: 'matrix' })}>
            Build a matrix
          </a>
        }
      />
      {campaigns.error && (
        <ErrorPanel
          title="Could not load the campaigns"
          message={campaigns.error.message}
          onRetry={campaigns.reload}
        />
      )}
      {campaigns.loading && <LoadingBlock label="Loading campaigns" />}
      {campaigns.data?.length === 0 && (
        <EmptyState
          icon="grid"
          title="No campaigns yet"
          action={
            <a className="btn btn-primary" href={routeHref({ name: 'matrix' })}>
              Build a matrix
            </a>
          }
        >
          Run a matrix (or a study&apos;s built-in one) and its campaign appears here.
        </EmptyState>
      )}
      {campaigns.data && campaigns.data.length > 0 && (
        <div className="card table-card">
          <table className="table table-clickable" data-testid="campaigns-table">
            <thead>
              <tr>
                <th>Started</th>
                <th>Matrix</th>
                <th>Progress</th>
                <th className="num">Cells</th>
                <th>State</th>
              </tr>
            </thead>
            <tbody>
              {campaigns.data.map((c) => (
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
                      fraction={
                        c.cellsTotal === 0 ? 0 : (c.cellsDone + c.cellsFailed) / c.cellsTotal
                      }
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
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
