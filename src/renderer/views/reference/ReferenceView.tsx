// Published figures screen: the studies' tables by study, one laid out like the paper with its chart.
import { useState } from 'react';
import { useQuery } from '../../api/useApi.ts';
import { Icon } from '../../components/Icon.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { QueryView } from '../../components/QueryView.tsx';
import { useReadyMarker } from '../../hooks/useReadyMarker.ts';
import { ReferenceChart } from './ReferenceChart.tsx';
import { ReferenceDetails } from './ReferenceDetails.tsx';
import { ReferenceGrid } from './ReferenceGrid.tsx';
import { ReferenceList } from './ReferenceList.tsx';
import { PUBLISHED_NOTICE } from './referenceChart.ts';

/** The published-figures screen (route `reference`). */
export function ReferenceView() {
  const tables = useQuery('reference', (api) => api.call('reference/list'));
  const [selectedId, setSelectedId] = useState<string | null>(null);
  useReadyMarker(tables.data !== undefined);
  const selected = tables.data?.find((t) => t.id === selectedId) ?? tables.data?.[0];
  return (
    <div className="page">
      <PageHeader
        title="Published figures"
        subtitle="The tables of the studies DirBench reproduces (Salford, M-Vault, DirectoryMark, UnboundID, LDAP performance), transcribed from the papers."
      />
      <div
        className="banner banner-warning reference-banner"
        role="note"
        data-testid="reference-banner"
      >
        <span className="banner-title">
          <Icon name="alert" size={16} />
          <strong>{PUBLISHED_NOTICE}.</strong>
        </span>
        <span className="banner-detail">
          These are the studies&apos; own results on their servers, clients and networks of the
          time, not DirBench measurements; compare shapes and ratios, not absolute numbers.
        </span>
      </div>
      <QueryView
        query={tables}
        errorTitle="Could not load the published figures"
        loadingLabel="Loading tables"
      >
        {(list) =>
          selected && (
            <div className="reference-layout">
              <ReferenceList tables={list} selectedId={selected.id} onSelect={setSelectedId} />
              <section
                className="reference-main"
                aria-label={`${selected.table}: ${selected.title}`}
              >
                <div className="card card-pad">
                  <p className="reference-study-name">{selected.study}</p>
                  <ReferenceGrid table={selected} />
                  <ReferenceDetails table={selected} />
                </div>
                <ReferenceChart key={selected.id} table={selected} />
              </section>
            </div>
          )
        }
      </QueryView>
    </div>
  );
}
