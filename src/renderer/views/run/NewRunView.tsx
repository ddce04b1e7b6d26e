// New-run screen: needs a target; otherwise says where to get one.
import { useQuery } from '../../api/useApi.ts';
import { EmptyState } from '../../components/EmptyState.tsx';
import { ErrorPanel } from '../../components/ErrorPanel.tsx';
import { LoadingBlock } from '../../components/Loading.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { routeHref } from '../../hooks/useHashRoute.ts';
import { useReadyMarker } from '../../hooks/useReadyMarker.ts';
import { CampaignBanner } from '../campaigns/CampaignBanner.tsx';
import { useActiveCampaign } from '../campaigns/useActiveCampaign.ts';
import { RunForm } from './RunForm.tsx';

/** The form to start a run, once targets are known. */
export function NewRunView() {
  const targets = useQuery('targets', (api) => api.call('targets/list'), ['targets/changed']);
  const campaign = useActiveCampaign();
  useReadyMarker(targets.data !== undefined);
  return (
    <div className="page">
      <PageHeader
        title="New run"
        subtitle="Closed model: a fixed number of requests kept in flight. Open model: operations scheduled at a target rate, latency measured from when each was due."
      />
      {campaign && (
        <CampaignBanner
          campaign={campaign}
          hint={
            campaign.status === 'paused'
              ? 'Runs can start while it is paused.'
              : 'Pause it before starting a run: its next cell needs the load generator.'
          }
        />
      )}
      {targets.error && (
        <ErrorPanel
          title="Could not load targets"
          message={targets.error.message}
          onRetry={targets.reload}
        />
      )}
      {targets.loading && <LoadingBlock label="Loading targets" />}
      {targets.data?.length === 0 && (
        <EmptyState
          icon="play"
          title="Nothing to benchmark yet"
          action={
            <>
              <a className="btn btn-primary" href={routeHref({ name: 'labs' })}>
                Start a lab
              </a>
              <a className="btn btn-secondary" href={routeHref({ name: 'targets' })}>
                Add a target
              </a>
            </>
          }
        >
          A run needs a target: add your LDAP server, or start an OpenLDAP lab with generated
          entries.
        </EmptyState>
      )}
      {targets.data && targets.data.length > 0 && <RunForm targets={targets.data} />}
    </div>
  );
}
