// The request-control options of `--op KIND` in searchrate's and modrate's words: --proxy-as,
// --assertion-filter, --pre-read, --post-read, --permissive-modify and --control (UnboundID's -J).
import { invalid } from '../shared/errors.ts';
import type { RequestControl, WorkloadOperation } from '../shared/workload.ts';
import { parseControlArgument } from '../shared/controlArgument.ts';
import type { OptionSpec } from './commandSpec.ts';
import type { RawOptions } from './options.ts';

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

/** A string option's value (undefined when absent). */
const text = (options: RawOptions, name: string): string | undefined =>
  typeof options[name] === 'string' ? options[name] : undefined;

/** A comma list of attribute names (`--pre-read cn,description`). */
function attributes(options: RawOptions, name: string): string[] | undefined {
  const value = text(options, name);
  if (value === undefined) return undefined;
  const list = value
    .split(',')
    .map((a) => a.trim())
    .filter((a) => a !== '');
  if (list.length === 0)
    throw invalid(`--${name}`, `--${name} needs attribute names, e.g. --${name} description`);
  return list;
}

/** The controls the options ask for, in the order above; empty when none. */
export function controlsFromOptions(options: RawOptions): RequestControl[] {
  const controls: RequestControl[] = [];
  const proxy = text(options, 'proxy-as');
  if (proxy !== undefined) controls.push({ type: 'proxied-auth', authzId: proxy });
  const assertion = text(options, 'assertion-filter');
  if (assertion !== undefined) controls.push({ type: 'assertion', filter: assertion });
  const pre = attributes(options, 'pre-read');
  if (pre !== undefined) controls.push({ type: 'pre-read', attributes: pre });
  const post = attributes(options, 'post-read');
  if (post !== undefined) controls.push({ type: 'post-read', attributes: post });
  if (options['permissive-modify'] === true) controls.push({ type: 'permissive-modify' });
  const raw = options.control;
  for (const given of Array.isArray(raw) ? raw : typeof raw === 'string' ? [raw] : []) {
    controls.push(parseControlArgument(given, '--control'));
  }
  return controls;
}

/** The option each control type comes from, for errors in the user's words. */
const OPTION_OF_CONTROL: Readonly<Record<RequestControl['type'], string>> = {
  'proxied-auth': '--proxy-as',
  assertion: '--assertion-filter',
  'pre-read': '--pre-read',
  'post-read': '--post-read',
  'permissive-modify': '--permissive-modify',
  raw: '--control',
};

/** The option a control of an ad-hoc operation came from, for errors in the user's words. */
export function optionOfControl(control: RequestControl): string {
  return OPTION_OF_CONTROL[control.type];
}

/** `operation` with the controls of the options (a bind takes none: an error names the option). */
export function withControlOptions(
  operation: WorkloadOperation,
  options: RawOptions,
): WorkloadOperation {
  const controls = controlsFromOptions(options);
  if (controls.length === 0) return operation;
  if (operation.kind === 'bind') {
    const option = OPTION_OF_CONTROL[(controls[0] as RequestControl).type];
    throw invalid(
      option,
      `${option} does not go with --op bind: binds are sent without request controls`,
    );
  }
  return { ...operation, controls };
}
