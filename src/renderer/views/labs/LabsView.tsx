// Labs screen: which servers this machine can run, the start form, and the labs so far.
import { useQuery } from '../../api/useApi.ts';
import { ErrorPanel } from '../../components/ErrorPanel.tsx';
import { LoadingBlock } from '../../components/Loading.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { useReadyMarker } from '../../hooks/useReadyMarker.ts';
import { LabsTable } from './LabsTable.tsx';
import { StartLabCard } from './StartLabCard.tsx';
import { useLabProgress } from './useLabProgress.ts';

/** The labs screen. */
export function LabsView() {
  const availability = useQuery('lab-availability', (api) => api.call('lab/availability'));
  const profiles = useQuery('lab-index-profiles', (api) => api.call('lab/indexProfiles'));
  const labs = useQuery('labs', (api) => api.call('lab/list'), ['lab/changed', 'lab/removed']);
  const progress = useLabProgress();
  const profilesSettled = profiles.data !== undefined || profiles.error !== undefined;
  useReadyMarker(availability.data !== undefined && labs.data !== undefined && profilesSettled);

  return (
    <div className="page">
      <PageHeader
        title="Labs"
        subtitle="Throwaway directory servers on this machine, loaded with generated entries. Each running lab is also a target."
      />
      {availability.error && (
        <ErrorPanel
          title="Could not check which servers are installed"
          message={availability.error.message}
          onRetry={availability.reload}
        />
      )}
      {(availability.loading || !profilesSettled) && (
        <LoadingBlock label="Checking which servers are installed" />
      )}
      {availability.data && profilesSettled && (
        <StartLabCard
          availability={availability.data}
          profiles={profiles.data ?? []}
          profilesError={profiles.error?.message}
          progress={progress}
        />
      )}
      <section className="section">
        <h2 className="section-title">Labs</h2>
        {labs.error && (
          <ErrorPanel
            title="Could not load labs"
            message={labs.error.message}
            onRetry={labs.reload}
          />
        )}
        {labs.loading && <LoadingBlock label="Loading labs" />}
        {labs.data && <LabsTable labs={labs.data} progress={progress} onChanged={labs.reload} />}
      </section>
    </div>
  );
}
