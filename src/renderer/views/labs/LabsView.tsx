// Labs screen: can this machine run slapd, start a lab of N entries, and the labs so far.
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
  const labs = useQuery('labs', (api) => api.call('lab/list'), ['lab/changed']);
  const progress = useLabProgress();
  useReadyMarker(availability.data !== undefined && labs.data !== undefined);
  const openldap = availability.data?.find((a) => a.kind === 'openldap');

  return (
    <div className="page">
      <PageHeader
        title="Labs"
        subtitle="Throwaway OpenLDAP servers on this machine, bulk-loaded with generated entries. Each running lab is also a target."
      />
      {availability.error && (
        <ErrorPanel
          title="Could not check for slapd"
          message={availability.error.message}
          onRetry={availability.reload}
        />
      )}
      {availability.loading && <LoadingBlock label="Checking for slapd" />}
      {openldap && <StartLabCard availability={openldap} progress={progress} />}
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
        {labs.data && <LabsTable labs={labs.data} progress={progress} />}
      </section>
    </div>
  );
}
