// Campaigns screen: every matrix run, newest first, with its progress; a row opens the campaign.
import { useQuery } from '../../api/useApi.ts';
import { EmptyState } from '../../components/EmptyState.tsx';
import { QueryPage } from '../../components/QueryPage.tsx';
import { RouteButton } from '../../components/RouteButton.tsx';
import { CampaignsTable } from './CampaignsTable.tsx';

const buildMatrix = <RouteButton to={{ name: 'matrix' }}>Build a matrix</RouteButton>;

/** The campaigns list. */
export function CampaignsView() {
  const campaigns = useQuery('campaigns', (api) => api.call('campaigns/list'), [
    'campaign/progress',
    'history/changed',
  ]);
  return (
    <QueryPage
      title="Campaigns"
      subtitle="Each campaign runs one matrix cell by cell; finished cells survive a crash, and an interrupted campaign resumes where it stopped."
      actions={buildMatrix}
      query={campaigns}
      errorTitle="Could not load the campaigns"
      loadingLabel="Loading campaigns"
      empty={
        <EmptyState icon="grid" title="No campaigns yet" action={buildMatrix}>
          Run a matrix (or a study&apos;s built-in one) and its campaign appears here.
        </EmptyState>
      }
    >
      {(list) => <CampaignsTable campaigns={list} />}
    </QueryPage>
  );
}
