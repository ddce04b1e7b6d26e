// The request-control fields of the operation form (the CLI's --proxy-as ... --control options,
// the GUI's "Request controls" section) and the controls they make, checked against the kind.
import { ApiError } from '../errors.ts';
import { parseControlArgument } from '../controlArgument.ts';
import type { ControlType, RequestControl } from './common.ts';
import { commaList } from './formFields.ts';
import type { FormField, FormReader } from './formFields.ts';
import { OPERATION_TRAITS } from './registry.ts';
import type { OperationKind } from './registry.ts';

/** Each control type's field, in the order controls are sent. */
export const CONTROL_FIELDS = {
  'proxied-auth': {
    name: 'proxyAs',
    type: 'pattern',
    cli: { option: 'proxy-as' },
    gui: {
      label: 'Proxied authorization as',
      initial: '',
      placeholder: 'none',
      hint: 'RFC 4370, e.g. `dn:[entry:dn]` or `u:[entry:uid]`.',
    },
  },
  assertion: {
    name: 'assertionFilter',
    type: 'pattern',
    cli: { option: 'assertion-filter' },
    gui: {
      label: 'Assertion filter',
      initial: '',
      placeholder: 'none',
      hint: 'RFC 4528: the entry must match, e.g. `(objectClass=person)`; else 122.',
    },
  },
  'pre-read': {
    name: 'preRead',
    type: 'text',
    cli: { option: 'pre-read', example: 'description' },
    gui: {
      label: 'Pre-read attributes',
      initial: '',
      placeholder: 'none',
      hint: 'RFC 4527: the entry before the write, e.g. description,cn.',
    },
  },
  'post-read': {
    name: 'postRead',
    type: 'text',
    cli: { option: 'post-read', example: 'description' },
    gui: {
      label: 'Post-read attributes',
      initial: '',
      placeholder: 'none',
      hint: 'RFC 4527: the entry after the write.',
    },
  },
  'permissive-modify': {
    name: 'permissiveModify',
    type: 'check',
    cli: { option: 'permissive-modify' },
    gui: {
      label: 'Permissive modify',
      note: '(adding a value that exists is not an error)',
      initial: false,
    },
  },
  raw: {
    name: 'rawControls',
    type: 'lines',
    cli: { option: 'control' },
    gui: {
      label: 'Other controls',
      initial: '',
      rows: 2,
      hint: "One per line, as UnboundID's `-J`: `OID[:criticality[:value|::base64]]`, e.g. `2.16.840.1.113730.3.4.2:true` (ManageDsaIT).",
    },
  },
} as const satisfies Record<ControlType, FormField>;

/** The control types in the order they are sent. */
const CONTROL_TYPES = Object.keys(CONTROL_FIELDS) as ControlType[];

/** True when an operation of `kind` can carry a control of `type`. */
export function takesControl(kind: OperationKind, type: ControlType): boolean {
  return OPERATION_TRAITS[kind].controls.includes(type);
}

/** The non-blank lines of a text (the raw controls box; the CLI's repeated --control). */
export function nonBlankLines(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/** The control a field describes; none when it is not given. */
function controlsOf(type: ControlType, r: FormReader): RequestControl[] {
  const field = CONTROL_FIELDS[type];
  switch (type) {
    case 'proxied-auth': {
      const authzId = r.given(field)?.trim();
      return authzId === undefined ? [] : [{ type, authzId }];
    }
    case 'assertion': {
      const filter = r.given(field)?.trim();
      return filter === undefined ? [] : [{ type, filter }];
    }
    case 'pre-read':
    case 'post-read':
      return readControl(type, field, r);
    case 'permissive-modify':
      return r.flag(field) ? [{ type }] : [];
    case 'raw':
      return nonBlankLines(r.text(field) ?? '').flatMap((line) => rawControl(line, field, r));
  }
}

/** A pre-read or post-read control: attribute names, at least one when the field is given. */
function readControl(
  type: 'pre-read' | 'post-read',
  field: FormField,
  r: FormReader,
): RequestControl[] {
  const text = r.given(field);
  if (text === undefined) return [];
  const attributes = commaList(text);
  if (attributes.length > 0) return [{ type, attributes }];
  r.add({ field, problem: 'no-attributes' });
  return [];
}

/** One `OID[:criticality[:value|::base64]]` line; a problem when it cannot be read. */
function rawControl(line: string, field: FormField, r: FormReader): RequestControl[] {
  try {
    return [parseControlArgument(line, field.name)];
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    r.add({ field, problem: 'control', line });
    return [];
  }
}

/** The controls the form asks for; a control the kind cannot carry is a problem. */
export function controlsFromForm(kind: OperationKind, r: FormReader): RequestControl[] {
  const controls: RequestControl[] = [];
  for (const type of CONTROL_TYPES) {
    const found = controlsOf(type, r);
    if (found.length === 0) continue;
    if (takesControl(kind, type)) controls.push(...found);
    else r.add({ field: CONTROL_FIELDS[type], problem: 'not-accepted', kind, control: type });
  }
  return controls;
}
