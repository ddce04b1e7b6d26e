// A campaign's results: the compare charts and the paper-style table over its finished cells.
import type { CampaignDetail } from '../../../shared/matrix.ts';
import { useQuery } from '../../api/useApi.ts';
import { ErrorPanel } from '../../components/ErrorPanel.tsx';
import { LoadingBlock } from '../../components/Loading.tsx';
import { ComparePanel } from '../compare/ComparePanel.tsx';

/** Results section of the campaign screen; refreshes as cells finish. */
export function CampaignResults({ campaign }: { campaign: CampaignDetail }) {
  const runs = useQuery(
    `compare-campaign:${campaign.id}:${campaign.cellsDone}`,
    (api) => api.call('compare/runs', { campaignId: campaign.id }),
    ['history/changed'],
  );
  return (
    <section className="section" aria-label="Results">
      <h2 className="section-title">Results</h2>
      {runs.error && (
        <ErrorPanel
          title="Could not load the results"
          message={runs.error.message}
          onRetry={runs.reload}
        />
      )}
      {runs.loading && !runs.data && <LoadingBlock label="Loading the results" />}
      {runs.data && runs.data.length > 0 && (
        <ComparePanel runs={runs.data} selection={{ campaignId: campaign.id }} />
      )}
    </section>
  );
}
