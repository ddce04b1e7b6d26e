// A screen built on one query: its header, then the query's loading, error, empty and ready states.
import type { ReactNode } from 'react';
import type { QueryState } from '../api/useApi.ts';
import { useReadyMarker } from '../hooks/useReadyMarker.ts';
import { PageHeader } from './PageHeader.tsx';
import { QueryView } from './QueryView.tsx';

/**
 * The page of a screen that lists one query's answer; ready (for tests) once the first answer is in.
 * `above` sits between the header and the list, `below` after it (the screen's dialogs).
 */
export function QueryPage<T>({
  title,
  subtitle,
  actions,
  above,
  below,
  ...view
}: {
  title: string;
  subtitle: string;
  actions?: ReactNode;
  above?: ReactNode;
  below?: ReactNode;
  query: QueryState<T>;
  errorTitle: string;
  loadingLabel: string;
  empty: ReactNode;
  children: (data: T) => ReactNode;
}) {
  useReadyMarker(view.query.data !== undefined);
  return (
    <div className="page">
      <PageHeader title={title} subtitle={subtitle} actions={actions} />
      {above}
      <QueryView {...view} />
      {below}
    </div>
  );
}
