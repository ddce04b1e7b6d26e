// Checks the request controls of a workload operation: each control's fields, and that the
// operation kind can carry it (its row's `controls`: pre-read and post-read on writes, permissive
// modify on modifies).
import { invalid } from '../../shared/errors.ts';
import { OPERATION_KINDS } from '../../shared/workload.ts';
import type { RequestControl, WorkloadOperation } from '../../shared/workload.ts';
import { takesControl } from '../../shared/operations/controlFields.ts';
import { isBase64, isOid, parseControlArgument } from '../../shared/controlArgument.ts';
import { attributeField, filterPatternField, patternField } from './patternFields.ts';
import type { PatternOptions } from './patternFields.ts';
import {
  booleanField,
  child,
  choiceField,
  fieldsOf,
  listOf,
  optionalFields,
  stringField,
} from './specFields.ts';
import type { Fields } from './specFields.ts';

/** Control types, in the order messages list them. */
const CONTROL_TYPES = [
  'proxied-auth',
  'assertion',
  'pre-read',
  'post-read',
  'permissive-modify',
  'raw',
] as const;

/** An OID field. */
export function oidField(value: unknown, field: string): string {
  const text = stringField(value, field, true);
  if (!isOid(text)) {
    throw invalid(field, `${field} must be a numeric OID like 1.3.6.1.1.12; got "${text}"`);
  }
  return text;
}

/** Validates one control of an operation of kind `kind`. */
function validateControl(
  value: unknown,
  field: string,
  kind: WorkloadOperation['kind'],
  options: PatternOptions,
): RequestControl {
  // UnboundID's -J text is accepted in files too: "OID[:criticality[:value|::base64]]".
  if (typeof value === 'string') return checkKind(parseControlArgument(value, field), field, kind);
  const type = choiceField(
    fieldsOf(value, field, Object.keys(Object(value)), ['type']).type,
    child(field, 'type'),
    CONTROL_TYPES,
  );
  const keysOf = (...keys: string[]): Fields =>
    fieldsOf(value, field, ['type', ...keys], ['type', ...keys.slice(0, 1)]);
  let control: RequestControl;
  switch (type) {
    case 'proxied-auth': {
      const f = keysOf('authzId');
      const authzId = patternField(f.authzId, child(field, 'authzId'), options);
      if (!/^(dn:|u:)/.test(authzId)) {
        throw invalid(
          child(field, 'authzId'),
          `${child(field, 'authzId')} must start with dn: or u: (RFC 4370), e.g. dn:[entry:dn] or u:[entry:uid]; got "${authzId}"`,
        );
      }
      control = { type, authzId };
      break;
    }
    case 'assertion': {
      const f = keysOf('filter');
      control = { type, filter: filterPatternField(f.filter, child(field, 'filter'), options) };
      break;
    }
    case 'pre-read':
    case 'post-read': {
      const f = keysOf('attributes');
      const attributes = listOf(f.attributes, child(field, 'attributes'), 1, (a, p) =>
        attributeField(a, p, true),
      );
      control = { type, attributes };
      break;
    }
    case 'permissive-modify':
      keysOf();
      control = { type };
      break;
    case 'raw': {
      const f = keysOf('oid', 'critical', 'value', 'valueBase64');
      const raw = {
        type,
        oid: oidField(f.oid, child(field, 'oid')),
        ...optionalFields(f, field, {
          critical: booleanField,
          value: (v, p) => stringField(v, p, false),
          valueBase64: base64Field,
        }),
      };
      if (raw.value !== undefined && raw.valueBase64 !== undefined) {
        throw invalid(
          child(field, 'valueBase64'),
          `${field} gives both value and valueBase64: keep one`,
        );
      }
      control = raw;
      break;
    }
  }
  return checkKind(control, field, kind);
}

/** A base64 field (standard alphabet, padded as given). */
export function base64Field(value: unknown, field: string): string {
  const text = stringField(value, field, false);
  if (!isBase64(text)) {
    throw invalid(
      field,
      `${field} must be base64 (A-Z, a-z, 0-9, + and /, padded with =); got "${text}"`,
    );
  }
  return text;
}

/** Throws unless an operation of `kind` can carry `control`. */
function checkKind(
  control: RequestControl,
  field: string,
  kind: WorkloadOperation['kind'],
): RequestControl {
  if (!takesControl(kind, control.type)) {
    const kinds = OPERATION_KINDS.filter((k) => takesControl(k, control.type));
    throw invalid(
      field,
      `${field}: a ${control.type} control cannot go on a ${kind} operation; it goes on ${kinds.join(', ')}`,
    );
  }
  return control;
}

/** The `controls` field of an operation of `kind`, when present. */
export function controlsField(
  f: Fields,
  field: string,
  kind: WorkloadOperation['kind'],
  options: PatternOptions,
): { controls?: RequestControl[] } {
  if (f.controls === undefined) return {};
  const at = child(field, 'controls');
  const controls = listOf(f.controls, at, 0, (c, p) => validateControl(c, p, kind, options));
  const types = controls.map((c) => (c.type === 'raw' ? c.oid : c.type));
  const twice = types.find((t, i) => types.indexOf(t) !== i);
  if (twice !== undefined)
    throw invalid(at, `${at} lists ${twice} twice: a request carries each control once`);
  return controls.length === 0 ? {} : { controls };
}
