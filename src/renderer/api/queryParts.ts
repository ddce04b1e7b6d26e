// Which parts of a screen a query's state calls for, kept apart from React so plain Node can test it.
import type { ApiError } from '../../shared/errors.ts';
import type { QueryState } from './useApi.ts';

/** What a query-backed section shows; an error and the data can stand together after a failed refresh. */
export interface QueryParts<T> {
  error: ApiError | undefined;
  loading: boolean;
  /** The answer came and has nothing in it. */
  empty: boolean;
  /** The answer, when there is something to show. */
  ready: T | undefined;
}

/** An answer counts as empty when it is a list with no items; anything else always has content. */
export function isEmptyAnswer(data: unknown): boolean {
  return Array.isArray(data) && data.length === 0;
}

/** Splits `query` into the parts the screens show. */
export function queryParts<T>(
  query: Pick<QueryState<T>, 'data' | 'error' | 'loading'>,
): QueryParts<T> {
  const { data } = query;
  const empty = data !== undefined && isEmptyAnswer(data);
  return {
    error: query.error,
    loading: query.loading,
    empty,
    ready: data !== undefined && !empty ? data : undefined,
  };
}

/** The first failure among queries that one section loads together. */
export function firstError(
  queries: readonly Pick<QueryState<unknown>, 'error'>[],
): ApiError | undefined {
  return queries.find((q) => q.error !== undefined)?.error;
}

/** One retry for a section that loads several queries: it reloads them all. */
export function reloadAll(queries: readonly Pick<QueryState<unknown>, 'reload'>[]): () => void {
  return () => {
    for (const query of queries) query.reload();
  };
}
