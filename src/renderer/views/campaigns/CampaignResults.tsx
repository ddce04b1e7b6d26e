// A campaign's results: the compare charts and the paper-style table over its finished cells.
import type { ServerColors } from '../../../shared/charts/serverColors.ts';
import type { CompareRun } from '../../../shared/compare.ts';
import type { CampaignDetail } from '../../../shared/matrix.ts';
import type { QueryState } from '../../api/useApi.ts';
import { QueryView } from '../../components/QueryView.tsx';
import { ComparePanel } from '../compare/ComparePanel.tsx';

/**
 * Results section of the campaign screen over `runs`, its finished runs (refreshed as cells finish),
 * in the campaign's server `colors`.
 */
export function CampaignResults({
  campaign,
  runs,
  colors,
}: {
  campaign: CampaignDetail;
  runs: QueryState<CompareRun[]>;
  colors: ServerColors;
}) {
  return (
    <section className="section" aria-label="Results">
      <h2 className="section-title">Results</h2>
      <QueryView
        query={runs}
        errorTitle="Could not load the results"
        loadingLabel="Loading the results"
      >
        {(list) => (
          <ComparePanel runs={list} selection={{ campaignId: campaign.id }} colors={colors} />
        )}
      </QueryView>
    </section>
  );
}
