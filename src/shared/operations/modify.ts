// The modify kind: its request, its form fields (the change's also serve search-and-modify) and its row.
import type { ModifyChange, WithControls } from './common.ts';
import type { FormField, FormReader } from './formFields.ts';
import type { OperationTraits } from './traits.ts';

/** Modifies an existing entry. */
export interface ModifyOperation extends WithControls {
  kind: 'modify';
  /** DN pattern. */
  entryDn: string;
  changes: ModifyChange[];
}

const MODIFY_DN: FormField = {
  name: 'modifyDn',
  type: 'pattern',
  at: ['entryDn'],
  cli: {
    option: 'entry-dn',
    value: 'PATTERN',
    description: 'modify, delete, modrdn, compare: the DN of the entry',
    example: 'uid=user.[1-1000],ou=People,o=Example',
  },
  gui: {
    label: 'Entry DN pattern',
    initial: '[entry:dn]',
    hint: 'e.g. `[entry:dn]` (a random existing entry) or `uid=user.[1-10000],ou=People,…`',
  },
};
const ATTRIBUTE: FormField = {
  name: 'modifyAttribute',
  type: 'text',
  at: ['changes[0].attribute'],
  cli: {
    option: 'attribute',
    value: 'NAME',
    description: 'modify, compare, search-and-modify: the attribute',
    example: 'description',
  },
  gui: { label: 'Attribute', initial: 'description', hint: 'e.g. `description`' },
};
const VALUE: FormField = {
  name: 'modifyValue',
  type: 'pattern',
  at: ['changes'],
  cli: { option: 'value', value: 'PATTERN', description: 'the value to write or compare' },
  gui: {
    label: 'Value pattern',
    initial: 'dirbench [random:12]',
    hint: (v) =>
      v['modifyType'] === 'delete'
        ? 'Blank removes the whole attribute.'
        : 'Expanded afresh for every operation.',
  },
};
const VALUE_LENGTH: FormField = {
  name: 'valueLength',
  type: 'number',
  cli: {
    option: 'value-length',
    value: 'N',
    description: 'modify without --value: a random value of N letters',
    default: 10,
  },
};
const MOD_TYPE: FormField = {
  name: 'modifyType',
  type: 'select',
  at: ['changes[0].operation'],
  choices: ['replace', 'add', 'delete'].map((t) => ({ value: t, label: t })),
  cli: { option: 'mod-type', value: 'T', description: 'replace|add|delete', default: 'replace' },
  gui: { label: 'Modification', initial: 'replace' },
};

/** The change's fields in the CLI's order (modrate's --attribute, --value, --value-length, --mod-type). */
export const CHANGE_FIELDS = [ATTRIBUTE, VALUE, VALUE_LENGTH, MOD_TYPE] as const;

/** The one change the change fields describe; delete without a value removes the attribute. */
export function changeFrom(r: FormReader): ModifyChange {
  const operation = r.choice<ModifyChange['operation']>(MOD_TYPE, 'replace');
  const attribute = r.need(ATTRIBUTE).trim();
  const value = r.text(VALUE);
  if (operation === 'delete' && (value === undefined || value.trim() === '')) {
    return { operation, attribute, values: [] };
  }
  const length = r.whole(VALUE_LENGTH, 1, 1_000_000) ?? 10;
  return { operation, attribute, values: [value ?? `[random:${length}]`] };
}

/** The modify kind's row. */
export const MODIFY_TRAITS: OperationTraits<ModifyOperation> = {
  kind: 'modify',
  title: 'Modify',
  summary: 'Modifies one attribute of an existing entry per operation.',
  writes: 'values',
  controls: ['proxied-auth', 'assertion', 'pre-read', 'post-read', 'permissive-modify', 'raw'],
  serverCounters: ['modify'],
  mapDns: (operation, map) => ({ ...operation, entryDn: map(operation.entryDn, 'entry') }),
  form: {
    fields: [MODIFY_DN, ...CHANGE_FIELDS],
    usage: [
      '--entry-dn PATTERN --attribute NAME [--value PATTERN | --value-length N] [--mod-type T]',
    ],
    layout: [
      { className: 'custom-row-2-1', fields: [MODIFY_DN, MOD_TYPE] },
      { className: 'custom-row-1-2', fields: [ATTRIBUTE, VALUE] },
    ],
    build: (r) => ({
      operation: { kind: 'modify', entryDn: r.need(MODIFY_DN).trim(), changes: [changeFrom(r)] },
    }),
  },
};
