// Search: base, scope, filter and attributes from the workload; entries are counted, never kept.
import { FilterParser } from 'ldapts';
import type { Client, Filter } from 'ldapts';
import type { SearchOperation } from '../../../shared/workload.ts';
import { countingSearch } from '../../ldap/countingSearch.ts';
import type { CountingSearchRequest } from '../../ldap/countingSearch.ts';
import { sendLean } from '../../ldap/lean/channel.ts';
import { SearchEncoder } from '../../ldap/lean/encode.ts';
import { filterContext } from '../filterContext.ts';
import { compileControls, leanWithControls } from '../opControls.ts';
import type { OpContext } from '../opContext.ts';
import type { PatternContext } from '../../pattern/index.ts';
import { ldaptsOp } from './opTypes.ts';
import type { OpFactory, OpTools } from './opTypes.ts';

/** Builds the request of one search from its patterns; `fixed` holds the fields every op shares. */
export interface SearchRequestBuilder {
  (ctx: OpContext): CountingSearchRequest;
  readonly fixed: Omit<CountingSearchRequest, 'baseDn' | 'filter'>;
}

/** Builds the request of one search from its patterns (the filter is parsed once when it never changes). */
export function searchRequestBuilder(op: SearchOperation, tools: OpTools): SearchRequestBuilder {
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
  const build = (ctx: OpContext): CountingSearchRequest => ({
    ...fixed,
    baseDn: base.next(ctx),
    filter: filterPattern.isStatic
      ? (fixedFilter ??= FilterParser.parseString(filterPattern.next(ctx)))
      : FilterParser.parseString(filterPattern.next(fromEntries ? filterCtx(ctx) : ctx)),
  });
  return Object.assign(build, { fixed });
}

/** Runs one search on ldapts' path (countingSearch): paged, sorted, or not lean for this client. */
async function ldaptsSearch(client: Client, request: CountingSearchRequest): Promise<number> {
  return (await countingSearch(client, request)).entries;
}

/** Compiles a search operation; unpaged, unsorted searches take the lean path (src/core/ldap/lean). */
export function compileSearch(op: SearchOperation, tools: OpTools): OpFactory {
  const build = searchRequestBuilder(op, tools);
  const controls = compileControls(op.controls, tools);
  if (build.fixed.pageSize > 0 || build.fixed.sortKeys.length > 0) {
    return (ctx) => {
      const request = build(ctx);
      const sent = controls === null ? request : { ...request, controls: controls(ctx).ldapts() };
      return ldaptsOp((client) => ldaptsSearch(client, sent));
    };
  }
  const encoder = new SearchEncoder(build.fixed);
  if (controls !== null) {
    return (ctx) => {
      const request = build(ctx);
      const opControls = controls(ctx);
      const lean = leanWithControls(encoder.prepare(request.baseDn, request.filter), opControls);
      return {
        lean,
        run: (client) =>
          sendLean(client, lean) ??
          ldaptsSearch(client, { ...request, controls: opControls.ldapts() }),
      };
    };
  }
  return (ctx) => {
    const request = build(ctx);
    // Encoded before the clock starts, like the pattern expansion: preparation is not server latency.
    const lean = encoder.prepare(request.baseDn, request.filter);
    return { lean, run: (client) => sendLean(client, lean) ?? ldaptsSearch(client, request) };
  };
}
