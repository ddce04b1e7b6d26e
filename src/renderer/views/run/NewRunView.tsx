// New-run screen: needs a target; otherwise says where to get one.
import { useQuery } from '../../api/useApi.ts';
import { EmptyState } from '../../components/EmptyState.tsx';
import { QueryPage } from '../../components/QueryPage.tsx';
import { RouteButton } from '../../components/RouteButton.tsx';
import { CampaignBanner } from '../campaigns/CampaignBanner.tsx';
import { useActiveCampaign } from '../campaigns/useActiveCampaign.ts';
import { RunForm } from './RunForm.tsx';

/** The form to start a run, once targets are known. */
export function NewRunView() {
  const targets = useQuery('targets', (api) => api.call('targets/list'), ['targets/changed']);
  const campaign = useActiveCampaign();
  return (
    <QueryPage
      title="New run"
      subtitle="Closed model: a fixed number of requests kept in flight. Open model: operations scheduled at a target rate, latency measured from when each was due."
      above={
        campaign && (
          <CampaignBanner
            campaign={campaign}
            hint={
              campaign.status === 'paused'
                ? 'Runs can start while it is paused.'
                : 'Pause it before starting a run: its next cell needs the load generator.'
            }
          />
        )
      }
      query={targets}
      errorTitle="Could not load targets"
      loadingLabel="Loading targets"
      empty={
        <EmptyState
          icon="play"
          title="Nothing to benchmark yet"
          action={
            <>
              <RouteButton to={{ name: 'labs' }}>Start a lab</RouteButton>
              <RouteButton to={{ name: 'targets' }} variant="secondary">
                Add a target
              </RouteButton>
            </>
          }
        >
          A run needs a target: add your LDAP server, or start an OpenLDAP lab with generated
          entries.
        </EmptyState>
      }
    >
      {(list) => <RunForm targets={list} />}
    </QueryPage>
  );
}
