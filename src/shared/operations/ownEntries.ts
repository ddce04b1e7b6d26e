// The pool of the run's own entries that deletes and renames without a DN take: its form fields,
// shared by the kinds that take one.
import type { DnFieldMap, EntryTemplate, WorkloadPool } from './common.ts';
import type { FormField, FormHint, FormReader, FormValues } from './formFields.ts';

/** The GUI's pool template: people beside random existing entries. */
const POOL_TEMPLATE_VALUE: EntryTemplate = {
  dn: 'cn=dirbench pool [unique],[entry:parent]',
  attributes: [
    { name: 'objectClass', values: ['inetOrgPerson'] },
    { name: 'sn', values: ['dirbench'] },
  ],
};

/** The pool's template: the CLI's --template file, the GUI's people. */
const POOL_TEMPLATE: FormField = {
  name: 'poolTemplate',
  type: 'template',
  specAt: ['pool.template'],
  cli: { option: 'template', example: 'entry.template' },
  guiFixed: POOL_TEMPLATE_VALUE,
};

/** True when the GUI's text field `name` is blank. */
export function blank(values: FormValues, name: string): boolean {
  return String(values[name] ?? '').trim() === '';
}

/** The words of a kind's optional DN field: what the kind does to the pool's entries, its hints. */
interface OwnEntryWords {
  verb: 'delete' | 'rename';
  /** The hint while the DN is blank (the pool) and once one is typed. */
  poolHint: string;
  dnHint: FormHint;
}

/** The DN pattern of a kind that takes the pool's entries when it is left blank. */
export function ownEntryDnField(name: string, words: OwnEntryWords): FormField {
  return {
    name,
    type: 'pattern',
    at: ['entryDn', ''],
    cli: {
      option: 'entry-dn',
      needs: `PATTERN, or --pool N with --template FILE to ${words.verb} entries the run adds first (the directory keeps its size)`,
    },
    gui: {
      label: 'Entry DN pattern',
      initial: '',
      placeholder: 'blank: entries the run adds first',
      hint: (v) => (blank(v, name) ? words.poolHint : words.dnHint),
    },
  };
}

/** `operation` with its entry DN mapped when it names one (without, it takes the pool's). */
export function mapOwnEntryDn<Op extends { entryDn?: string }>(operation: Op, map: DnFieldMap): Op {
  return operation.entryDn === undefined
    ? operation
    : { ...operation, entryDn: map(operation.entryDn, 'entry') };
}

/** The pool's size, shown in the GUI while `dnField` (the kind's DN pattern) is blank. */
export function poolEntriesField(dnField: string): FormField {
  return {
    name: 'poolEntries',
    type: 'number',
    specAt: ['pool'],
    // --pool N is a run option (it also sizes a catalog workload's pool).
    cli: { option: 'pool' },
    gui: {
      label: 'Pool entries',
      initial: '1000',
      hint: 'Added before load, unmeasured; what is left is removed at the end.',
      shown: (values) => blank(values, dnField),
    },
  };
}

/** The pool fields besides the size, in the CLI's order. */
export const POOL_FIELDS = [POOL_TEMPLATE] as const;

/** The pool a kind without a DN takes; a missing size means the DN (`dnField`) is what is missing. */
export function poolFrom(r: FormReader, dnField: FormField, entriesField: FormField): WorkloadPool {
  if (r.text(entriesField) === undefined) {
    r.missing(dnField);
    return { entries: 0, template: POOL_TEMPLATE_VALUE };
  }
  if (r.given(entriesField) === undefined) r.missing(entriesField);
  const template = r.template(POOL_TEMPLATE);
  if (template === undefined) r.missing(POOL_TEMPLATE);
  return {
    entries: r.whole(entriesField, 1, 10_000_000) ?? 0,
    template: template ?? POOL_TEMPLATE_VALUE,
  };
}
