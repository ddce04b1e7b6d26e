// The workload options of `run` and `calibrate`: which workload (--workload, --workload-file, --op)
// and the ad-hoc operation's options in searchrate's, modrate's and authrate's words.
import { OPERATION_KINDS } from '../shared/workload.ts';
import type { FormField } from '../shared/operations/formFields.ts';
import { OPERATION_TRAITS } from '../shared/operations/registry.ts';
import type { OperationKind } from '../shared/operations/registry.ts';
import { READ_RANDOM_ID } from '../core/workload/builtin.ts';
import type { OptionGroup, OptionSpec } from './commandSpec.ts';
import { CONTROL_OPTIONS } from './controlOptions.ts';

/** --workload, --workload-file or --op: one of them picks what the run does. */
export const WORKLOAD_GROUP: OptionGroup = {
  title: 'Workload (one of)',
  options: {
    workload: {
      type: 'string',
      value: 'ID',
      description: 'a catalog entry, e.g. salford/S.3 (see "dirbench workloads list")',
      default: READ_RANDOM_ID,
    },
    'workload-file': {
      type: 'string',
      value: 'FILE',
      description: 'a workload definition in JSON (start from: dirbench workloads show ID)',
    },
    op: {
      type: 'string',
      value: 'KIND',
      description: `an ad-hoc operation in searchrate's words: ${OPERATION_KINDS.join(', ')} (options below)`,
    },
  },
};

/** `--op KIND`'s lines in help: the kind, then its row's usage. */
function kindUsage(kind: OperationKind): string[] {
  const [first = '', ...rest] = OPERATION_TRAITS[kind].form.usage;
  return [`  ${kind.padEnd(19)}${first}`, ...rest.map((line) => `${' '.repeat(21)}${line}`)];
}

/** The option a field declares (the one field of an option that describes it), as help shows it. */
function optionSpec(field: FormField): OptionSpec | null {
  const option = field.cli;
  if (option?.description === undefined) return null;
  return {
    type: field.type === 'check' ? 'boolean' : 'string',
    ...(field.type === 'check' || option.value === undefined ? {} : { value: option.value }),
    description: option.description,
    ...(option.default === undefined ? {} : { default: option.default }),
  };
}

/** The kinds' options, in the order of the kinds and their fields (options a command declares, as --pool, left out). */
function kindOptions(): Record<string, OptionSpec> {
  const fields = OPERATION_KINDS.flatMap((kind) => OPERATION_TRAITS[kind].form.fields);
  const declared = new Map<string, OptionSpec>();
  for (const field of fields) {
    const spec = optionSpec(field);
    if (spec !== null && field.cli !== undefined) declared.set(field.cli.option, spec);
  }
  const options: Record<string, OptionSpec> = {};
  for (const field of fields) {
    const name = field.cli?.option;
    const spec = name === undefined ? undefined : declared.get(name);
    if (name !== undefined && spec !== undefined) options[name] ??= spec;
  }
  return options;
}

/** The options of `--op KIND`, with which kind takes which (each kind's row gives its own). */
export const ADHOC_GROUP: OptionGroup = {
  title: 'Ad-hoc operation (--op KIND)',
  notes: [
    'KIND and its options:',
    ...OPERATION_KINDS.flatMap(kindUsage),
    'Request controls (not on bind): --proxy-as, --assertion-filter, --control; on writes --pre-read,',
    '--post-read; on modify --permissive-modify.',
    'Patterns are UnboundID value patterns ([1-1000], [0:999%0000], [random:8], [file:F], [uuid], [ref:1], ...)',
    'plus [entry:ATTR] (an attribute of a random existing entry) and [unique]; --seed makes them reproducible.',
  ],
  options: {
    ...kindOptions(),
    ...CONTROL_OPTIONS,
    generator: {
      type: 'string',
      multiple: true,
      short: 'g',
      value: 'GEN',
      description:
        'OpenDJ style: rand(MIN,MAX), inc(MIN,MAX), randstr(N), rand(FILE), inc(FILE); repeat for {2}, {3}...; the pattern options then take OpenDJ format strings like "(uid=user.{1})"',
    },
  },
};
