// The add kind: its request, its form fields and its row.
import type { EntryTemplate, TemplateAttribute, WithControls } from './common.ts';
import type { FormField, FormReader } from './formFields.ts';
import type { OperationTraits } from './traits.ts';

/** Adds an entry built from a template; the run deletes what it added when it ends. */
export interface AddOperation extends WithControls {
  kind: 'add';
  template: EntryTemplate;
}

/** The CLI's template file (also the pool's, see ownEntries.ts). */
const TEMPLATE: FormField = {
  name: 'template',
  type: 'template',
  at: ['template'],
  cli: {
    option: 'template',
    value: 'FILE',
    description: 'add (and pools): the entry to add, LDIF or JSON with value patterns',
    example: 'entry.template',
  },
};
const ADD_DN: FormField = {
  name: 'addDn',
  type: 'pattern',
  at: ['template'],
  gui: {
    label: 'DN pattern',
    initial: 'cn=dirbench [unique],[entry:parent]',
    hint: 'Needs `[unique]` in its first RDN, e.g. `cn=dirbench [unique],[entry:parent]`.',
  },
};
const ADD_ATTRIBUTES: FormField = {
  name: 'addAttributes',
  type: 'lines',
  at: ['template.attributes'],
  gui: {
    label: 'Attributes',
    initial: 'objectClass: inetOrgPerson\nsn: dirbench\ndescription: added by [unique]',
    hint: "One `name: value-pattern` per line; repeat a name for more values. The RDN's attribute comes from the DN. The run deletes what it added when it ends.",
    rows: 4,
  },
};

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

/** The template: the CLI's file, or the GUI's DN and attribute lines. */
function templateFrom(r: FormReader): EntryTemplate {
  const file = r.template(TEMPLATE);
  if (file !== undefined) return file;
  const dn = r.text(ADD_DN);
  if (dn === undefined) r.missing(TEMPLATE);
  return { dn: (dn ?? '').trim(), attributes: parseAttributeLines(r.text(ADD_ATTRIBUTES) ?? '') };
}

/** The add kind's row. */
export const ADD_TRAITS: OperationTraits<AddOperation> = {
  kind: 'add',
  title: 'Add',
  summary: 'Adds entries from a template; the run deletes them when it ends.',
  writes: 'entries',
  controls: ['proxied-auth', 'assertion', 'post-read', 'raw'],
  serverCounters: ['add'],
  mapDns: (operation, map) => ({
    ...operation,
    template: { ...operation.template, dn: map(operation.template.dn, 'entry') },
  }),
  form: {
    fields: [TEMPLATE, ADD_DN, ADD_ATTRIBUTES],
    usage: ['--template FILE (LDIF with value patterns; the DN needs [unique])'],
    layout: [
      { className: '', fields: [ADD_DN] },
      { className: '', fields: [ADD_ATTRIBUTES] },
    ],
    build: (r) => ({ operation: { kind: 'add', template: templateFrom(r) } }),
  },
};
