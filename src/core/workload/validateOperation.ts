// Checks one workload operation field by field, per kind; binds live in validateBind.ts.
import { invalid } from '../../shared/errors.ts';
import { OPERATION_KINDS } from '../../shared/workload.ts';
import type {
  DerefAliases,
  ModifyChange,
  SearchOperation,
  WorkloadOperation,
} from '../../shared/workload.ts';
import {
  attributeField,
  dnPatternField,
  filterPatternField,
  patternField,
  rdnPatternField,
  templateField,
} from './patternFields.ts';
import type { PatternOptions } from './patternFields.ts';
import {
  booleanField,
  child,
  choiceField,
  fieldsOf,
  integerField,
  listOf,
  objectListField,
  optionalFields,
} from './specFields.ts';
import { SCOPES, validateBind } from './validateBind.ts';
import { controlsField } from './validateControls.ts';

const DEREF: readonly DerefAliases[] = ['never', 'search', 'find', 'always'];
// LDAP's maxInt (RFC 4511): sizeLimit, timeLimit and page sizes travel as INTEGER (0 .. maxInt).
const MAX_INT = 2 ** 31 - 1;
const SEARCH_KEYS = [
  'kind',
  'base',
  'scope',
  'filter',
  'attributes',
  'sizeLimit',
  'timeLimitS',
  'typesOnly',
  'derefAliases',
  'pageSize',
  'sortKeys',
  'controls',
];

/** Validates one operation (`field` is its path, e.g. `operations[1].operation`). */
export function validateOperation(
  value: unknown,
  field: string,
  options: PatternOptions,
): WorkloadOperation {
  // Kind first: which other fields are allowed depends on it.
  const kind = fieldsOf(value, field, Object.keys(Object(value)), []).kind;
  const kindField = child(field, 'kind');
  if (kind === undefined) {
    throw invalid(kindField, `${kindField} is required: one of ${OPERATION_KINDS.join(', ')}`);
  }
  const k = choiceField(kind, kindField, OPERATION_KINDS);
  switch (k) {
    case 'search':
      return validateSearch(value, field, options);
    case 'add': {
      const f = fieldsOf(value, field, ['kind', 'template', 'controls'], ['template']);
      return {
        kind: k,
        template: templateField(f.template, child(field, 'template'), options),
        ...controlsField(f, field, k, options),
      };
    }
    case 'delete': {
      const f = fieldsOf(value, field, ['kind', 'entryDn', 'controls'], []);
      return {
        kind: k,
        ...optionalFields(f, field, { entryDn: (v, p) => dnPatternField(v, p, options) }),
        ...controlsField(f, field, k, options),
      };
    }
    case 'modify': {
      const keys = ['kind', 'entryDn', 'changes', 'controls'];
      const f = fieldsOf(value, field, keys, ['entryDn', 'changes']);
      const entryDn = dnPatternField(f.entryDn, child(field, 'entryDn'), options);
      return {
        kind: k,
        entryDn,
        changes: validateChanges(f.changes, child(field, 'changes'), options),
        ...controlsField(f, field, k, options),
      };
    }
    case 'modrdn':
      return validateModifyDn(value, field, options);
    case 'compare': {
      const keys = ['kind', 'entryDn', 'attribute', 'value'];
      const f = fieldsOf(value, field, [...keys, 'controls'], keys);
      return {
        kind: k,
        entryDn: dnPatternField(f.entryDn, child(field, 'entryDn'), options),
        attribute: attributeField(f.attribute, child(field, 'attribute')),
        value: patternField(f.value, child(field, 'value'), options, false),
        ...controlsField(f, field, k, options),
      };
    }
    case 'bind':
      return validateBind(value, field, options);
    case 'search-and-modify': {
      const keys = ['kind', 'search', 'changes', 'controls'];
      const f = fieldsOf(value, field, keys, ['search', 'changes']);
      const search = validateSearch(withKind(f.search), child(field, 'search'), options);
      return {
        kind: k,
        search,
        changes: validateChanges(f.changes, child(field, 'changes'), options),
        ...controlsField(f, field, k, options),
      };
    }
  }
}

// The nested search of search-and-modify may leave out `kind: "search"`.
function withKind(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  return 'kind' in value ? value : { kind: 'search', ...value };
}

/** Validates a search request. */
export function validateSearch(
  value: unknown,
  field: string,
  options: PatternOptions,
): SearchOperation {
  const f = fieldsOf(value, field, SEARCH_KEYS, ['kind', 'base', 'scope', 'filter', 'attributes']);
  choiceField(f.kind, child(field, 'kind'), ['search']);
  const limit = (v: unknown, p: string): number => integerField(v, p, 0, MAX_INT);
  return {
    kind: 'search',
    base: dnPatternField(f.base, child(field, 'base'), options, true),
    scope: choiceField(f.scope, child(field, 'scope'), SCOPES),
    filter: filterPatternField(f.filter, child(field, 'filter'), options),
    attributes: listOf(f.attributes, child(field, 'attributes'), 0, (a, p) =>
      attributeField(a, p, true),
    ),
    ...optionalFields(f, field, {
      sizeLimit: limit,
      timeLimitS: limit,
      typesOnly: booleanField,
      derefAliases: (v, p) => choiceField(v, p, DEREF),
      pageSize: limit,
      sortKeys: sortKeysField,
    }),
    ...controlsField(f, field, 'search', options),
  };
}

// A sort key: attribute name, `-` first for descending, optional `:orderingRule` (RFC 2891).
const SORT_KEY = /^-?[A-Za-z][\w-]*(:[\w.-]+)?$/;

function sortKeysField(value: unknown, field: string): string[] {
  return listOf(value, field, 1, (key, at) => {
    if (typeof key !== 'string' || !SORT_KEY.test(key)) {
      throw invalid(
        at,
        `${at} must be an attribute name, '-' first for descending (e.g. sn or -sn); got ${JSON.stringify(key)}`,
      );
    }
    return key;
  });
}

function validateChanges(value: unknown, field: string, options: PatternOptions): ModifyChange[] {
  return objectListField(value, field, 1, ['operation', 'attribute', 'values'], (f, path) => {
    const operation = choiceField(f.operation, child(path, 'operation'), [
      'replace',
      'add',
      'delete',
    ] as const);
    const attribute = attributeField(f.attribute, child(path, 'attribute'));
    // Replace with no value would delete the attribute, add with none is a protocol error: both are mistakes here.
    const values = listOf(f.values, child(path, 'values'), operation === 'delete' ? 0 : 1, (v, p) =>
      patternField(v, p, options),
    );
    return { operation, attribute, values };
  });
}

function validateModifyDn(
  value: unknown,
  field: string,
  options: PatternOptions,
): WorkloadOperation {
  const keys = ['kind', 'entryDn', 'newRdn', 'deleteOldRdn', 'controls'];
  const f = fieldsOf(value, field, keys, []);
  const rename = optionalFields(f, field, {
    entryDn: (v, p) => dnPatternField(v, p, options),
    newRdn: (v, p) => rdnPatternField(v, p, options),
    deleteOldRdn: booleanField,
  });
  if (rename.entryDn !== undefined && rename.newRdn === undefined) {
    throw invalid(
      child(field, 'newRdn'),
      `${child(field, 'newRdn')} is required with entryDn: the new name, e.g. cn=[unique]`,
    );
  }
  if (rename.entryDn === undefined && rename.newRdn !== undefined) {
    // Without entryDn the run renames its own entries to `<rdn attribute>=dirbench <unique>`.
    throw invalid(
      child(field, 'newRdn'),
      `${child(field, 'newRdn')} is only used with entryDn: without it the run renames its own entries to fresh names; add entryDn or drop newRdn`,
    );
  }
  return { kind: 'modrdn', ...rename, ...controlsField(f, field, 'modrdn', options) };
}
