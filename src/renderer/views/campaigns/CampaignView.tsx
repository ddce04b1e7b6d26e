// One campaign: its progress and controls while it runs, its results as charts and tables, every cell.
import { useApi, useQuery } from '../../api/useApi.ts';
import { ConfirmDeleteButton } from '../../components/ConfirmDeleteButton.tsx';
import { Icon } from '../../components/Icon.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { QueryView } from '../../components/QueryView.tsx';
import { RouteButton } from '../../components/RouteButton.tsx';
import { formatDateTime } from '../../format/dates.ts';
import { navigate, routeHref } from '../../hooks/useHashRoute.ts';
import { useReadyMarker } from '../../hooks/useReadyMarker.ts';
import { CampaignBadge } from './CampaignBadge.tsx';
import { CampaignCellsTable } from './CampaignCellsTable.tsx';
import { CampaignProgressCard } from './CampaignProgressCard.tsx';
import { CampaignResults } from './CampaignResults.tsx';

/** The campaign screen for `campaignId`. */
export function CampaignView({ campaignId }: { campaignId: string }) {
  const api = useApi();
  const campaign = useQuery(
    `campaign:${campaignId}`,
    (client) => client.call('campaigns/get', { campaignId }),
    ['campaign/progress', 'history/changed'],
  );
  const targets = useQuery('targets', (client) => client.call('targets/list'), ['targets/changed']);
  const detail = campaign.data;
  useReadyMarker(detail !== undefined);
  const ongoing =
    detail !== undefined &&
    (detail.status === 'running' || detail.status === 'paused' || detail.status === 'interrupted');
  return (
    <div className="page page-wide">
      <PageHeader
        title={
          <>
            {detail?.name ?? 'Campaign'} {detail && <CampaignBadge status={detail.status} />}
          </>
        }
        subtitle={
          detail
            ? `${campaignId} · started ${formatDateTime(detail.createdAt)}${detail.endedAt ? ` · ended ${formatDateTime(detail.endedAt)}` : ''}`
            : campaignId
        }
        actions={
          <>
            <RouteButton to={{ name: 'campaigns' }} variant="secondary">
              <Icon name="arrowLeft" size={14} /> Campaigns
            </RouteButton>
            {detail?.spec.id && (
              <a
                className="btn btn-secondary"
                href={routeHref({ name: 'matrix', matrixId: detail.spec.id })}
              >
                Open the matrix
              </a>
            )}
            {detail && !ongoing && (
              <ConfirmDeleteButton
                title="Delete this campaign?"
                confirmLabel={`Delete campaign and ${detail.cellsDone + detail.cellsFailed} runs`}
                action={() => api.call('campaigns/delete', { campaignId })}
                onDone={() => navigate({ name: 'campaigns' })}
              >
                <p>
                  The campaign {detail.name} and the runs of its cells are deleted with their
                  samples. This cannot be undone; export its data first if you may need it.
                </p>
              </ConfirmDeleteButton>
            )}
          </>
        }
      />
      <QueryView
        query={campaign}
        errorTitle="Could not load the campaign"
        loadingLabel="Loading the campaign"
      >
        {(loaded) => (
          <>
            {loaded.error && (
              <div className="banner banner-danger" role="alert">
                {loaded.error}
              </div>
            )}
            {ongoing && <CampaignProgressCard campaign={loaded} />}
            {loaded.cellsDone > 0 && <CampaignResults campaign={loaded} />}
            <section className="section">
              <h2 className="section-title">Cells</h2>
              <CampaignCellsTable
                cells={loaded.cells}
                targets={targets.data ?? []}
                repeats={loaded.spec.repeats}
              />
            </section>
          </>
        )}
      </QueryView>
    </div>
  );
}
