// The search-and-modify kind (search-and-mod-rate): its request, its form fields and its row.
import type { ModifyChange, WithControls } from './common.ts';
import type { FormField } from './formFields.ts';
import { CHANGE_FIELDS, changeFrom } from './modify.ts';
import { SEARCH_FIELDS, searchFrom } from './search.ts';
import type { SearchOperation } from './search.ts';
import type { OperationTraits } from './traits.ts';

/** Search, then modify every entry the search returned (search-and-mod-rate). */
export interface SearchAndModifyOperation extends WithControls {
  kind: 'search-and-modify';
  search: SearchOperation;
  changes: ModifyChange[];
}

/** `field` showing errors of the nested search (`search.base` for the search's `base`). */
function inSearch(field: FormField): FormField {
  return { ...field, at: (field.at ?? []).map((path) => `search.${path}`) };
}

/** The search-and-modify kind's row. */
export const SEARCH_AND_MODIFY_TRAITS: OperationTraits<SearchAndModifyOperation> = {
  kind: 'search-and-modify',
  title: 'Search and modify',
  summary: 'Searches, then modifies every entry the search returned (search-and-mod-rate).',
  writes: 'values',
  controls: ['proxied-auth', 'assertion', 'pre-read', 'post-read', 'permissive-modify', 'raw'],
  serverCounters: ['search', 'modify'],
  mapDns: (operation, map) => ({
    ...operation,
    search: { ...operation.search, base: map(operation.search.base, 'subtree') },
  }),
  form: {
    fields: [...SEARCH_FIELDS.map(inSearch), ...CHANGE_FIELDS],
    usage: ['the search options plus --attribute NAME [--value PATTERN]'],
    // Its search and change need more room than the custom form has: the JSON editor builds it.
    layout: null,
    build: (r) => ({
      operation: { kind: 'search-and-modify', search: searchFrom(r), changes: [changeFrom(r)] },
    }),
  },
};
