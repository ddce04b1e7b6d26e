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
import type { CampaignDetail } from '../../../shared/matrix.ts';
import { CampaignBadge } from './CampaignBadge.tsx';
import { campaignColors } from './campaignColors.ts';
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
  // Finished runs, for the results and the live chart's server colour; reloaded as cells finish.
  const cellsDone = detail?.cellsDone ?? 0;
  const runs = useQuery(
    `compare-campaign:${campaignId}:${cellsDone}`,
    (client) =>
      cellsDone === 0 ? Promise.resolve([]) : client.call('compare/runs', { campaignId }),
    ['history/changed'],
  );
  const palette = (loaded: CampaignDetail) => campaignColors(loaded, runs.data ?? []);
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
            {ongoing && <CampaignProgressCard campaign={loaded} palette={palette(loaded)} />}
            {loaded.cellsDone > 0 && (
              <CampaignResults campaign={loaded} runs={runs} colors={palette(loaded).colors} />
            )}
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
