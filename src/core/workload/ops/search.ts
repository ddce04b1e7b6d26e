// Search: base, scope, filter and attributes from the workload; entries are counted, never kept.
import { FilterParser } from 'ldapts';
import type { Filter } from 'ldapts';
import type { SearchOperation } from '../../../shared/workload.ts';
import { countingSearch } from '../../ldap/countingSearch.ts';
import type { CountingSearchRequest } from '../../ldap/countingSearch.ts';
import type { OpContext } from '../opContext.ts';
import type { OpFactory, OpTools } from './opTypes.ts';

/** Builds the request of one search from its patterns (the filter is parsed once when it never changes). */
export function searchRequestBuilder(
  op: SearchOperation,
  tools: OpTools,
): (ctx: OpContext) => CountingSearchRequest {
  const base = tools.pattern(op.base);
  const filterPattern = tools.pattern(op.filter);
  // The expansion, not the source: a static pattern may still hold [[ or ]] escapes.
  let fixedFilter: Filter | null = null;
  const attributes = [...op.attributes];
  const sortKeys = op.sortKeys ?? [];
  const fixed = {
    scope: op.scope,
    attributes,
    sizeLimit: op.sizeLimit ?? 0,
    timeLimitS: op.timeLimitS ?? 0,
    typesOnly: op.typesOnly ?? false,
    derefAliases: op.derefAliases ?? 'never',
    pageSize: op.pageSize ?? 0,
    sortKeys,
  } as const;
  return (ctx) => ({
    ...fixed,
    baseDn: base.next(ctx),
    filter: filterPattern.isStatic
      ? (fixedFilter ??= FilterParser.parseString(filterPattern.next(ctx)))
      : FilterParser.parseString(filterPattern.next(ctx)),
  });
}

/** Compiles a search operation. */
export function compileSearch(op: SearchOperation, tools: OpTools): OpFactory {
  const build = searchRequestBuilder(op, tools);
  return (ctx) => {
    const request = build(ctx);
    return async (client) => (await countingSearch(client, request)).entries;
  };
}
