// The loading, error, empty and ready states of an API query, drawn the same way on every screen.
import type { ReactNode } from 'react';
import type { QueryState } from '../api/useApi.ts';
import { firstError, queryParts, reloadAll } from '../api/queryParts.ts';
import { ErrorPanel } from './ErrorPanel.tsx';
import { LoadingBlock } from './Loading.tsx';

/** The failure of one or more queries a section loads together, with a retry that reloads them all. */
export function QueryError({
  title,
  queries,
}: {
  title: string;
  queries: readonly QueryState<unknown>[];
}) {
  const error = firstError(queries);
  if (!error) return null;
  return <ErrorPanel title={title} message={error.message} onRetry={reloadAll(queries)} />;
}

/**
 * A query's section: its error (kept above the data when a refresh fails), a spinner until the first
 * answer, `empty` for an empty list, else `children` with the answer.
 */
export function QueryView<T>({
  query,
  errorTitle,
  loadingLabel,
  empty,
  children,
}: {
  query: QueryState<T>;
  errorTitle: string;
  loadingLabel: string;
  empty?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  const parts = queryParts(query);
  return (
    <>
      <QueryError title={errorTitle} queries={[query]} />
      {parts.loading && <LoadingBlock label={loadingLabel} />}
      {parts.empty && empty}
      {parts.ready !== undefined && children(parts.ready)}
    </>
  );
}
