// Search-and-modify (search-and-mod-rate): a search, then a modify of every entry it returned.
import type { SearchAndModifyOperation } from '../../../shared/workload.ts';
import { countingSearch } from '../../ldap/countingSearch.ts';
import { changesExpander } from './modify.ts';
import { callWithControls, compileControls } from '../opControls.ts';
import { ldaptsOp } from './opTypes.ts';
import type { OpFactory, OpTools } from './opTypes.ts';
import { searchRequestBuilder } from './search.ts';

/** Most entries one search-and-modify changes; a larger result is modified up to this many. */
const MAX_MODIFIED = 1000;

/** Compiles a search-and-modify operation; its latency covers the search and all its modifies. */
export function compileSearchAndModify(op: SearchAndModifyOperation, tools: OpTools): OpFactory {
  const build = searchRequestBuilder(op.search, tools);
  const expand = changesExpander(op.changes, tools);
  const searchControls = compileControls(op.search.controls, tools);
  const modifyControls = compileControls(op.controls, tools);
  return (ctx) => {
    const built = build(ctx);
    const request =
      searchControls === null ? built : { ...built, controls: searchControls(ctx).ldapts() };
    const changes = expand(ctx);
    const opControls = modifyControls === null ? null : modifyControls(ctx);
    return ldaptsOp(async (client) => {
      const found = await countingSearch(client, request, { maxDns: MAX_MODIFIED });
      for (const dn of found.dns) {
        if (opControls === null) await client.modify(dn, changes);
        else await callWithControls(opControls, (sent) => client.modify(dn, changes, sent));
      }
      return found.entries;
    });
  };
}
