// Search-and-modify (search-and-mod-rate): a search, then a modify of every entry it returned;
// checked and compiled.
import type { SearchAndModifyOperation } from '../../../shared/workload.ts';
import { countingSearch } from '../../ldap/countingSearch.ts';
import { changesExpander, validateChanges } from './modify.ts';
import { callWithControls, compileControls } from '../opControls.ts';
import type { PatternOptions } from '../patternFields.ts';
import { child, fieldsOf } from '../specFields.ts';
import { controlsField } from '../validateControls.ts';
import { ldaptsOp } from './opTypes.ts';
import type { OperationModule, OpFactory, OpTools } from './opTypes.ts';
import { searchRequestBuilder, validateSearch } from './search.ts';

/** Most entries one search-and-modify changes; a larger result is modified up to this many. */
const MAX_MODIFIED = 1000;

/** Compiles a search-and-modify operation; its latency covers the search and all its modifies. */
function compileSearchAndModify(op: SearchAndModifyOperation, tools: OpTools): OpFactory {
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

// The nested search may leave out `kind: "search"`.
function withKind(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  return 'kind' in value ? value : { kind: 'search', ...value };
}

/** Validates a search-and-modify: its search, its changes and the controls of its modifies. */
function validateSearchAndModify(
  value: unknown,
  field: string,
  options: PatternOptions,
): SearchAndModifyOperation {
  const keys = ['kind', 'search', 'changes', 'controls'];
  const f = fieldsOf(value, field, keys, ['search', 'changes']);
  return {
    kind: 'search-and-modify',
    search: validateSearch(withKind(f.search), child(field, 'search'), options),
    changes: validateChanges(f.changes, child(field, 'changes'), options),
    ...controlsField(f, field, 'search-and-modify', options),
  };
}

/** The search-and-modify kind's engine side. */
export const SEARCH_AND_MODIFY_MODULE: OperationModule<'search-and-modify'> = {
  validate: validateSearchAndModify,
  compile: compileSearchAndModify,
};
