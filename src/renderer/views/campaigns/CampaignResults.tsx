// A campaign's results: the compare charts and the paper-style table over its finished cells.
import type { CampaignDetail } from '../../../shared/matrix.ts';
import { useQuery } from '../../api/useApi.ts';
import { QueryView } from '../../components/QueryView.tsx';
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
      <QueryView
        query={runs}
        errorTitle="Could not load the results"
        loadingLabel="Loading the results"
      >
        {(list) => <ComparePanel runs={list} selection={{ campaignId: campaign.id }} />}
      </QueryView>
    </section>
  );
}
