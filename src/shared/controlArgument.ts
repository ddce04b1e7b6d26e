// UnboundID's -J/--control syntax, OID[:criticality[:value|::base64value]], read into a raw
// request control (the CLI's --control, the rate-tool translation and workload files share it).
import { invalid } from './errors.ts';
import type { RequestControl } from './operations/common.ts';

// Numeric OIDs only: what goes on the wire.
const OID = /^[0-2](\.(0|[1-9]\d*))+$/;
/** True for a numeric OID like 1.3.6.1.1.12. */
export function isOid(text: string): boolean {
  return OID.test(text);
}

/** True for standard, padded base64. */
export function isBase64(text: string): boolean {
  return /^[A-Za-z0-9+/]*={0,2}$/.test(text) && text.length % 4 === 0;
}

const TRUE = ['true', 't', 'yes', 'y', 'on', '1'];
const FALSE = ['false', 'f', 'no', 'n', 'off', '0'];

/** Reads `OID[:criticality[:value|::base64]]`; `field` names the option or field in errors. */
export function parseControlArgument(text: string, field: string): RequestControl {
  const example = `e.g. ${field === '--control' ? '--control ' : ''}2.16.840.1.113730.3.4.2:true`;
  const first = text.indexOf(':');
  const oid = first < 0 ? text : text.slice(0, first);
  if (!isOid(oid)) {
    throw invalid(
      field,
      `${field} "${text}" must start with a numeric OID (${example}); got "${oid}"`,
    );
  }
  if (first < 0) return { type: 'raw', oid };
  const rest = text.slice(first + 1);
  const second = rest.indexOf(':');
  const criticality = (second < 0 ? rest : rest.slice(0, second)).toLowerCase();
  if (!TRUE.includes(criticality) && !FALSE.includes(criticality)) {
    throw invalid(
      field,
      `${field} "${text}": the criticality after the OID must be true or false (${example}); got "${criticality}"`,
    );
  }
  const control: RequestControl = { type: 'raw', oid, critical: TRUE.includes(criticality) };
  if (second < 0) return control;
  const value = rest.slice(second + 1);
  if (!value.startsWith(':')) return { ...control, value };
  const base64 = value.slice(1);
  if (!isBase64(base64)) {
    throw invalid(
      field,
      `${field} "${text}": the value after :: must be base64 (A-Z, a-z, 0-9, + and /, padded with =); got "${base64}"`,
    );
  }
  return { ...control, valueBase64: base64 };
}
