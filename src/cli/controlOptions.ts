// The request-control options of `--op KIND` in searchrate's and modrate's words: --proxy-as,
// --assertion-filter, --pre-read, --post-read, --permissive-modify and --control (UnboundID's -J);
// the controls they make come from the operation form (src/shared/operations/controlFields.ts).
import type { RequestControl } from '../shared/workload.ts';
import { CONTROL_FIELDS } from '../shared/operations/controlFields.ts';
import type { OptionSpec } from './commandSpec.ts';

/** The options, for ADHOC_GROUP. */
export const CONTROL_OPTIONS: Readonly<Record<string, OptionSpec>> = {
  'proxy-as': {
    type: 'string',
    value: 'PATTERN',
    description:
      "proxied authorization v2 (RFC 4370) as this identity, dn:DN or u:NAME, e.g. 'dn:[entry:dn]'",
  },
  'assertion-filter': {
    type: 'string',
    value: 'PATTERN',
    description: 'assertion control (RFC 4528): the entry must match, else the op fails with 122',
  },
  'pre-read': {
    type: 'string',
    value: 'LIST',
    description: 'pre-read control (RFC 4527): return these attributes before a write (a,b)',
  },
  'post-read': {
    type: 'string',
    value: 'LIST',
    description: 'post-read control (RFC 4527): return these attributes after a write (a,b)',
  },
  'permissive-modify': {
    type: 'boolean',
    description: 'permissive modify control: adding a value that exists is no error',
  },
  control: {
    type: 'string',
    multiple: true,
    short: 'J',
    value: 'OID[:CRIT[:VALUE|::BASE64]]',
    description: "any request control, as UnboundID's -J",
  },
};

/** The option a control of an ad-hoc operation came from, for errors in the user's words. */
export function optionOfControl(control: RequestControl): string {
  return `--${CONTROL_FIELDS[control.type].cli.option}`;
}
