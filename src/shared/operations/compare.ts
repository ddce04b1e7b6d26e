// The compare kind: its request, its form fields and its row.
import type { WithControls } from './common.ts';
import type { FormField } from './formFields.ts';
import type { OperationTraits } from './traits.ts';

/** Compares one attribute value; compareTrue and compareFalse are both successes. */
export interface CompareOperation extends WithControls {
  kind: 'compare';
  entryDn: string;
  attribute: string;
  value: string;
}

const COMPARE_DN: FormField = {
  name: 'compareDn',
  type: 'pattern',
  at: ['entryDn'],
  cli: { option: 'entry-dn', example: '[entry:dn]' },
  gui: { label: 'Entry DN pattern', initial: '[entry:dn]', hint: 'e.g. `[entry:dn]`' },
};
const COMPARE_ATTRIBUTE: FormField = {
  name: 'compareAttribute',
  type: 'text',
  at: ['attribute'],
  cli: { option: 'attribute', example: 'cn' },
  gui: { label: 'Attribute', initial: 'cn', hint: 'e.g. `cn`' },
};
const COMPARE_VALUE: FormField = {
  name: 'compareValue',
  type: 'pattern',
  at: ['value'],
  cli: { option: 'value', example: '[entry:cn]' },
  gui: { label: 'Value pattern', initial: '[entry:cn]', hint: 'e.g. `[entry:cn]`' },
};

/** The compare kind's row. */
export const COMPARE_TRAITS: OperationTraits<CompareOperation> = {
  kind: 'compare',
  title: 'Compare',
  summary: 'Compares one attribute value; true and false are both successes.',
  writes: 'none',
  controls: ['proxied-auth', 'assertion', 'raw'],
  serverCounters: ['compare'],
  mapDns: (operation, map) => ({ ...operation, entryDn: map(operation.entryDn, 'entry') }),
  form: {
    fields: [COMPARE_DN, COMPARE_ATTRIBUTE, COMPARE_VALUE],
    usage: ['--entry-dn PATTERN --attribute NAME --value PATTERN'],
    layout: [{ className: 'custom-row-3', fields: [COMPARE_DN, COMPARE_ATTRIBUTE, COMPARE_VALUE] }],
    build: (r) => ({
      operation: {
        kind: 'compare',
        entryDn: r.need(COMPARE_DN).trim(),
        attribute: r.need(COMPARE_ATTRIBUTE).trim(),
        value: r.need(COMPARE_VALUE),
      },
    }),
  },
};
