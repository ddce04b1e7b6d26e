// The "Custom operation" form: its values, the WorkloadSpec they build, and where check errors belong.
import type { ApiError } from '../../../../shared/errors.ts';
import type {
  BindMechanism,
  DerefAliases,
  ModifyChange,
  SearchScope,
  TemplateAttribute,
  WorkloadOperation,
  WorkloadSpec,
} from '../../../../shared/workload.ts';
import {
  commaList,
  controlFieldForPath,
  customControls,
  defaultControlValues,
  rawControlsError,
} from './customControls.ts';
import type { CustomControlValues } from './customControls.ts';

/** Operation kinds the custom form offers (search-and-modify needs the JSON editor). */
export const CUSTOM_KINDS = [
  'search',
  'modify',
  'add',
  'delete',
  'modrdn',
  'compare',
  'bind',
] as const satisfies readonly WorkloadOperation['kind'][];

/** One of the kinds the custom form builds. */
export type CustomKind = (typeof CUSTOM_KINDS)[number];

/** What each kind does, for the select's hint. */
export const KIND_HINTS: Record<CustomKind, string> = {
  search: 'Search requests; returned entries are counted, never kept.',
  modify: 'Modifies one attribute of an existing entry per operation.',
  add: 'Adds entries from a template; the run deletes them when it ends.',
  delete: 'Deletes entries by DN pattern, or entries the run adds to a pool first.',
  modrdn: 'Renames entries by DN pattern, or entries the run adds to a pool first.',
  compare: 'Compares one attribute value; true and false are both successes.',
  bind: 'Simple or SASL (PLAIN, DIGEST-MD5, CRAM-MD5, SCRAM-SHA-1, SCRAM-SHA-256) binds, on the load connection or a new connection per bind; optionally finding the DN with a search first (authrate).',
};

/** Every field of the custom form as typed; each kind keeps its own so switching kinds loses nothing. */
export interface CustomOpValues extends CustomControlValues {
  kind: CustomKind;
  base: string;
  scope: SearchScope;
  filter: string;
  /** `a,b`, `1.1` (no attributes), `*`, `+`; blank means all user attributes. */
  attributes: string;
  sizeLimit: string;
  timeLimitS: string;
  typesOnly: boolean;
  derefAliases: DerefAliases;
  pageSize: string;
  /** `sn,-cn`: attribute names, `-` first for descending. */
  sortKeys: string;
  modifyDn: string;
  modifyAttribute: string;
  modifyValue: string;
  modifyType: ModifyChange['operation'];
  addDn: string;
  /** One `name: value-pattern` per line; a name may repeat for several values. */
  addAttributes: string;
  deleteDn: string;
  modrdnDn: string;
  newRdn: string;
  deleteOldRdn: boolean;
  /** Entries added before load for delete/modrdn without a DN pattern. */
  poolEntries: string;
  compareDn: string;
  compareAttribute: string;
  compareValue: string;
  bindDn: string;
  bindPassword: string;
  bindNewConnection: boolean;
  /** Simple bind, or SASL (then bindDn is the user name, e.g. [entry:uid]). */
  bindMechanism: Exclude<BindMechanism, 'EXTERNAL'>;
  /** authrate's search-then-bind: when the filter is set, the bind uses the DN it finds. */
  bindSearchBase: string;
  bindSearchFilter: string;
  invalidPercent: string;
}

/** A field of the custom form; `controls` is the request controls section as a whole. */
export type CustomField = Exclude<keyof CustomOpValues, 'kind'> | 'kind' | 'controls';

/** DOM id of a custom form control. */
export function customFieldId(field: CustomField): string {
  return `op-${field}`;
}

/** Defaults that work on any DirBench lab: [entry:...] picks a random existing entry per operation. */
export function defaultCustomValues(): CustomOpValues {
  return {
    kind: 'search',
    base: '[entry:parent]',
    scope: 'one',
    filter: '(cn=[entry:cn])',
    attributes: '',
    sizeLimit: '',
    timeLimitS: '',
    typesOnly: false,
    derefAliases: 'never',
    pageSize: '',
    sortKeys: '',
    modifyDn: '[entry:dn]',
    modifyAttribute: 'description',
    modifyValue: 'dirbench [random:12]',
    modifyType: 'replace',
    addDn: 'cn=dirbench [unique],[entry:parent]',
    addAttributes: 'objectClass: inetOrgPerson\nsn: dirbench\ndescription: added by [unique]',
    deleteDn: '',
    modrdnDn: '',
    newRdn: 'cn=dirbench [unique]',
    deleteOldRdn: true,
    poolEntries: '1000',
    compareDn: '[entry:dn]',
    compareAttribute: 'cn',
    compareValue: '[entry:cn]',
    bindDn: '[entry:dn]',
    bindPassword: '[entry:userPassword]',
    bindNewConnection: false,
    bindMechanism: 'simple',
    bindSearchBase: '',
    bindSearchFilter: '',
    invalidPercent: '0',
    ...defaultControlValues(),
  };
}

/** Messages keyed by custom field, plus `general` for errors no single field owns. */
export type CustomErrors = Partial<Record<CustomField | 'general', string>>;

const WHOLE = /^\d+$/;
const NUMBER = /^\d+(\.\d+)?$/;

/** Problems the form can see without the host: numbers that are not numbers. */
export function localCustomErrors(v: CustomOpValues): CustomErrors {
  const errors: CustomErrors = {};
  const whole = (field: CustomField, text: string, label: string, required = false) => {
    const t = text.trim();
    if (t === '' && !required) return;
    if (!WHOLE.test(t)) errors[field] = `${label} must be a whole number (0 or more)`;
  };
  if (v.kind === 'search') {
    whole('sizeLimit', v.sizeLimit, 'Size limit');
    whole('timeLimitS', v.timeLimitS, 'Time limit');
    whole('pageSize', v.pageSize, 'Page size');
  }
  if (
    (v.kind === 'delete' && v.deleteDn.trim() === '') ||
    (v.kind === 'modrdn' && v.modrdnDn.trim() === '')
  ) {
    whole('poolEntries', v.poolEntries, 'Pool entries', true);
  }
  const raw = v.kind === 'bind' ? null : rawControlsError(v.rawControls);
  if (raw !== null) errors.rawControls = raw;
  if (v.kind === 'bind') {
    const t = v.invalidPercent.trim();
    if (t !== '' && (!NUMBER.test(t) || Number(t) > 100)) {
      errors.invalidPercent = 'Invalid passwords must be a percentage from 0 to 100';
    }
  }
  return errors;
}

function optionalInt(text: string): number | undefined {
  const t = text.trim();
  return t === '' ? undefined : Number(t);
}

/** `name: value` lines grouped by name (in first-seen order); a line without a colon keeps its text as the name. */
export function parseAttributeLines(text: string): TemplateAttribute[] {
  const byName = new Map<string, TemplateAttribute>();
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line === '') continue;
    const colon = line.indexOf(':');
    const name = (colon < 0 ? line : line.slice(0, colon)).trim();
    const value = colon < 0 ? '' : line.slice(colon + 1).trim();
    const key = name.toLowerCase();
    const existing = byName.get(key);
    if (existing) existing.values.push(value);
    else byName.set(key, { name, values: [value] });
  }
  return [...byName.values()];
}

/** The pool template for delete/modrdn without a DN: people beside random existing entries. */
function poolTemplate() {
  return {
    dn: 'cn=dirbench pool [unique],[entry:parent]',
    attributes: [
      { name: 'objectClass', values: ['inetOrgPerson'] },
      { name: 'sn', values: ['dirbench'] },
    ],
  };
}

function buildOperation(v: CustomOpValues): WorkloadOperation {
  switch (v.kind) {
    case 'search': {
      const op: WorkloadOperation = {
        kind: 'search',
        base: v.base.trim(),
        scope: v.scope,
        filter: v.filter.trim(),
        attributes: commaList(v.attributes),
      };
      const sizeLimit = optionalInt(v.sizeLimit);
      const timeLimitS = optionalInt(v.timeLimitS);
      const pageSize = optionalInt(v.pageSize);
      const sortKeys = commaList(v.sortKeys);
      if (sizeLimit !== undefined) op.sizeLimit = sizeLimit;
      if (timeLimitS !== undefined) op.timeLimitS = timeLimitS;
      if (v.typesOnly) op.typesOnly = true;
      if (v.derefAliases !== 'never') op.derefAliases = v.derefAliases;
      if (pageSize !== undefined) op.pageSize = pageSize;
      if (sortKeys.length > 0) op.sortKeys = sortKeys;
      return op;
    }
    case 'modify':
      return {
        kind: 'modify',
        entryDn: v.modifyDn.trim(),
        changes: [
          {
            operation: v.modifyType,
            attribute: v.modifyAttribute.trim(),
            // Delete with no value removes the whole attribute.
            values: v.modifyType === 'delete' && v.modifyValue.trim() === '' ? [] : [v.modifyValue],
          },
        ],
      };
    case 'add':
      return {
        kind: 'add',
        template: { dn: v.addDn.trim(), attributes: parseAttributeLines(v.addAttributes) },
      };
    case 'delete':
      return v.deleteDn.trim() === ''
        ? { kind: 'delete' }
        : { kind: 'delete', entryDn: v.deleteDn.trim() };
    case 'modrdn':
      return v.modrdnDn.trim() === ''
        ? { kind: 'modrdn', deleteOldRdn: v.deleteOldRdn }
        : {
            kind: 'modrdn',
            entryDn: v.modrdnDn.trim(),
            newRdn: v.newRdn.trim(),
            deleteOldRdn: v.deleteOldRdn,
          };
    case 'compare':
      return {
        kind: 'compare',
        entryDn: v.compareDn.trim(),
        attribute: v.compareAttribute.trim(),
        value: v.compareValue,
      };
    case 'bind': {
      const percent = v.invalidPercent.trim() === '' ? 0 : Number(v.invalidPercent);
      const searchFirst = v.bindSearchFilter.trim() !== '';
      return {
        kind: 'bind',
        bindDn: searchFirst ? '' : v.bindDn.trim(),
        password: v.bindPassword,
        ...(v.bindMechanism === 'simple' ? {} : { mechanism: v.bindMechanism }),
        ...(searchFirst
          ? {
              search: {
                base: v.bindSearchBase.trim(),
                scope: 'sub' as const,
                filter: v.bindSearchFilter.trim(),
              },
            }
          : {}),
        ...(v.bindNewConnection ? { connection: 'new' as const } : {}),
        ...(percent > 0 ? { invalidPercent: percent } : {}),
      };
    }
  }
}

/** True when the kind takes its entries from a pool the run adds first. */
export function usesPool(v: CustomOpValues): boolean {
  return (
    (v.kind === 'delete' && v.deleteDn.trim() === '') ||
    (v.kind === 'modrdn' && v.modrdnDn.trim() === '')
  );
}

/** The ad-hoc workload the form describes: one operation, id `adhoc`. */
export function customSpec(v: CustomOpValues): WorkloadSpec {
  const controls = customControls(v.kind, v);
  const built = buildOperation(v);
  // customControls offers none for a bind.
  const operation = controls.length === 0 || built.kind === 'bind' ? built : { ...built, controls };
  const spec: WorkloadSpec = {
    id: 'adhoc',
    title: `Custom ${v.kind}`,
    operations: [{ label: v.kind, weight: 1, operation }],
  };
  if (usesPool(v)) {
    spec.pool = { entries: Number(v.poolEntries.trim()), template: poolTemplate() };
  }
  return spec;
}

const OP_PREFIX = /^(?:workloadSpec\.)?operations\[0\]\.operation/;

/** Operation fields (the first name after `operation.`) per kind, mapped to the form control showing them. */
const OPERATION_FIELDS: Record<CustomKind, Record<string, CustomField>> = {
  search: {
    base: 'base',
    scope: 'scope',
    filter: 'filter',
    attributes: 'attributes',
    sizeLimit: 'sizeLimit',
    timeLimitS: 'timeLimitS',
    typesOnly: 'typesOnly',
    derefAliases: 'derefAliases',
    pageSize: 'pageSize',
    sortKeys: 'sortKeys',
  },
  modify: { entryDn: 'modifyDn', changes: 'modifyValue' },
  add: { template: 'addDn' },
  delete: { entryDn: 'deleteDn', '': 'deleteDn' },
  modrdn: { entryDn: 'modrdnDn', newRdn: 'newRdn', deleteOldRdn: 'deleteOldRdn', '': 'modrdnDn' },
  compare: { entryDn: 'compareDn', attribute: 'compareAttribute', value: 'compareValue' },
  bind: {
    bindDn: 'bindDn',
    password: 'bindPassword',
    connection: 'bindNewConnection',
    invalidPercent: 'invalidPercent',
    mechanism: 'bindMechanism',
    search: 'bindSearchFilter',
  },
};

/** The form control that shows a check error at `path` (e.g. `operations[0].operation.filter`); null: no single one. */
export function customFieldForPath(kind: CustomKind, path: string): CustomField | null {
  if (/^(?:workloadSpec\.)?pool/.test(path)) return 'poolEntries';
  const match = OP_PREFIX.exec(path);
  if (!match) return null;
  const rest = path.slice(match[0].length).replace(/^\./, '');
  const first = /^[A-Za-z]*/.exec(rest)?.[0] ?? '';
  if (first === 'controls') return controlFieldForPath(rest);
  if (kind === 'modify' && first === 'changes') {
    if (/^changes\[0\]\.attribute/.test(rest)) return 'modifyAttribute';
    if (/^changes\[0\]\.operation/.test(rest)) return 'modifyType';
    return 'modifyValue';
  }
  if (kind === 'add' && first === 'template') {
    return /^template\.attributes/.test(rest) ? 'addAttributes' : 'addDn';
  }
  return OPERATION_FIELDS[kind][first] ?? null;
}

/** A check error shown next to the control its path names: without that path ("Must be one of base"). */
export function checkMessage(error: Pick<ApiError, 'message' | 'detail'>): string {
  const text = error.detail ?? error.message;
  return text.charAt(0).toUpperCase() + text.slice(1);
}
