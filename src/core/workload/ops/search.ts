// Search: base, scope, filter and attributes from the workload; entries are counted, never kept.
import { FilterParser } from 'ldapts';
import type { Filter } from 'ldapts';
import type { SearchOperation } from '../../../shared/workload.ts';
import { countingSearch } from '../../ldap/countingSearch.ts';
import type { CountingSearchRequest } from '../../ldap/countingSearch.ts';
import type { OpContext } from '../opContext.ts';
import type { PatternContext } from '../pattern/index.ts';
import type { OpFactory, OpTools } from './opTypes.ts';

/** RFC 4515 escapes for a value taken from an entry, so its `*`, `(`, `)`, `\` and NUL match literally. */
export function escapeFilterValue(value: string): string {
  return value.replace(/[\\*()\0]/g, (c) => `\\${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
}

/** The op's context with [entry:ATTR] values escaped: entries of another server may hold anything. */
function filterContext(ctx: OpContext): PatternContext {
  return {
    rng: ctx.rng,
    unique: () => ctx.unique(),
    entry: (attribute) => escapeFilterValue(ctx.entry(attribute)),
  };
}

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
  const fromEntries = filterPattern.entryAttributes.length > 0;
  // A worker keeps one OpContext for all its ops: its escaping view is made once, not per op.
  let viewOf: OpContext | null = null;
  let view: PatternContext | null = null;
  const filterCtx = (ctx: OpContext): PatternContext => {
    if (viewOf !== ctx || view === null) {
      viewOf = ctx;
      view = filterContext(ctx);
    }
    return view;
  };
  return (ctx) => ({
    ...fixed,
    baseDn: base.next(ctx),
    filter: filterPattern.isStatic
      ? (fixedFilter ??= FilterParser.parseString(filterPattern.next(ctx)))
      : FilterParser.parseString(filterPattern.next(fromEntries ? filterCtx(ctx) : ctx)),
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
