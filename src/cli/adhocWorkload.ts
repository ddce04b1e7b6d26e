// Builds a workload from searchrate-style options (`--op search --base ... --filter ...`), so a
// searchrate, modrate or authrate command line translates option by option.
import { extname } from 'node:path';
import { parseEntryTemplateText } from '../shared/entryTemplateText.ts';
import { invalid } from '../shared/errors.ts';
import { OPERATION_KINDS } from '../shared/workload.ts';
import type {
  DerefAliases,
  EntryTemplate,
  ModifyChange,
  SearchOperation,
  SearchScope,
  WorkloadOperation,
  WorkloadSpec,
} from '../shared/workload.ts';
import { openDjToValuePattern, PatternError } from '../core/pattern/index.ts';
import { parseJsonText, readTextFile } from './fileInput.ts';
import { CONTROL_OPTIONS, withControlOptions } from './controlOptions.ts';
import { intOption } from './options.ts';
import type { RawOptions } from './options.ts';

/** Id every CLI-built workload runs under. */
export const ADHOC_ID = 'adhoc';

const SCOPES: readonly SearchScope[] = ['base', 'one', 'sub', 'children'];
const DEREF: readonly DerefAliases[] = ['never', 'search', 'find', 'always'];
const MAX_INT = 2 ** 31 - 1;

/** The option a field of the built operation came from, for error messages in the user's words. */
export const OPTION_OF_FIELD: Readonly<Record<string, string>> = {
  base: '--base',
  scope: '--scope',
  filter: '--filter',
  attributes: '--attributes',
  sizeLimit: '--size-limit',
  timeLimitS: '--time-limit',
  pageSize: '--page-size',
  sortKeys: '--sort-keys',
  entryDn: '--entry-dn',
  attribute: '--attribute',
  value: '--value',
  values: '--value',
  newRdn: '--new-rdn',
  template: '--template',
  bindDn: '--bind-dn-pattern',
  password: '--credentials-pattern',
  passwordFile: '--credentials',
  invalidPercent: '--invalid-percent',
  search: '--search-filter',
  pool: '--pool',
};

/** The options of a bind's search (authrate's search-then-bind), whose fields a search's options also have. */
export const OPTION_OF_BIND_SEARCH_FIELD: Readonly<Record<string, string>> = {
  base: '--search-base',
  scope: '--search-scope',
  filter: '--search-filter',
};

function text(options: RawOptions, name: string): string | undefined {
  const value = options[name];
  return typeof value === 'string' ? value : undefined;
}

function required(options: RawOptions, name: string, op: string, example: string): string {
  const value = text(options, name);
  if (value === undefined || value.trim() === '') {
    throw invalid(`--${name}`, `--op ${op} needs --${name}, e.g. --${name} '${example}'`);
  }
  return value;
}

function choice<T extends string>(
  options: RawOptions,
  name: string,
  choices: readonly T[],
  fallback: T,
): T {
  const value = text(options, name);
  if (value === undefined) return fallback;
  if (!(choices as readonly string[]).includes(value)) {
    throw invalid(`--${name}`, `--${name} must be one of ${choices.join(', ')}; got "${value}"`);
  }
  return value as T;
}

/** searchrate's --attributes: a comma list, `1.1` for none, `*` and `+`; absent means all user attributes. */
function attributeList(options: RawOptions): string[] {
  const value = text(options, 'attributes');
  if (value === undefined) return [];
  return value
    .split(',')
    .map((a) => a.trim())
    .filter((a) => a !== '');
}

function searchFrom(options: RawOptions, op: string): SearchOperation {
  const search: SearchOperation = {
    kind: 'search',
    base: required(options, 'base', op, 'ou=People,o=Example'),
    scope: choice(options, 'scope', SCOPES, 'sub'),
    filter: text(options, 'filter') ?? '(objectClass=*)',
    attributes: attributeList(options),
  };
  if (options['size-limit'] !== undefined)
    search.sizeLimit = intOption(options, 'size-limit', 0, 0, MAX_INT);
  if (options['time-limit'] !== undefined)
    search.timeLimitS = intOption(options, 'time-limit', 0, 0, MAX_INT);
  if (options['types-only'] === true) search.typesOnly = true;
  if (options.deref !== undefined) search.derefAliases = choice(options, 'deref', DEREF, 'never');
  if (options['page-size'] !== undefined)
    search.pageSize = intOption(options, 'page-size', 0, 1, MAX_INT);
  const sortKeys = text(options, 'sort-keys');
  if (sortKeys !== undefined) search.sortKeys = sortKeys.split(',').map((k) => k.trim());
  return search;
}

/** modrate's change: --attribute, --value (or --value-length random letters), --mod-type. */
function changeFrom(options: RawOptions, op: string): ModifyChange {
  const operation = choice(options, 'mod-type', ['replace', 'add', 'delete'] as const, 'replace');
  const attribute = required(options, 'attribute', op, 'description');
  const length = intOption(options, 'value-length', 10, 1, 1_000_000);
  const value = text(options, 'value') ?? `[random:${length}]`;
  return {
    operation,
    attribute,
    values: operation === 'delete' && text(options, 'value') === undefined ? [] : [value],
  };
}

/** Reads --template FILE: JSON ({dn, attributes: [{name, values, repeat}]}) or LDIF-like text with value patterns. */
export function readTemplateFile(path: string): EntryTemplate {
  const shown = `--template ${path}`;
  const content = readTextFile(path, '--template', shown);
  if (extname(path).toLowerCase() !== '.json') return parseEntryTemplateText(content, shown);
  return parseJsonText(content, '--template', shown) as EntryTemplate;
}

function poolFrom(options: RawOptions, op: string): WorkloadSpec['pool'] {
  if (options.pool === undefined) {
    throw invalid(
      '--entry-dn',
      `--op ${op} needs --entry-dn PATTERN, or --pool N with --template FILE to ${op === 'delete' ? 'delete' : 'rename'} entries the run adds first (the directory keeps its size)`,
    );
  }
  const template = readTemplateFile(required(options, 'template', op, 'entry.template'));
  return { entries: intOption(options, 'pool', 1000, 1, 10_000_000), template };
}

/** The operation `--op KIND` and its options describe, plus a pool when it takes the run's own entries. */
function operationFrom(
  options: RawOptions,
  op: string,
): { operation: WorkloadOperation; pool?: WorkloadSpec['pool'] } {
  switch (op) {
    case 'search':
      return { operation: searchFrom(options, op) };
    case 'modify':
      return {
        operation: {
          kind: 'modify',
          entryDn: required(options, 'entry-dn', op, 'uid=user.[1-1000],ou=People,o=Example'),
          changes: [changeFrom(options, op)],
        },
      };
    case 'add':
      return {
        operation: {
          kind: 'add',
          template: readTemplateFile(required(options, 'template', op, 'entry.template')),
        },
      };
    case 'delete': {
      const entryDn = text(options, 'entry-dn');
      return entryDn === undefined
        ? { operation: { kind: 'delete' }, pool: poolFrom(options, op) }
        : { operation: { kind: 'delete', entryDn } };
    }
    case 'modrdn': {
      const entryDn = text(options, 'entry-dn');
      const deleteOldRdn = options['keep-old-rdn'] !== true;
      if (entryDn === undefined)
        return { operation: { kind: 'modrdn', deleteOldRdn }, pool: poolFrom(options, op) };
      const newRdn = required(options, 'new-rdn', op, 'cn=renamed [unique]');
      return { operation: { kind: 'modrdn', entryDn, newRdn, deleteOldRdn } };
    }
    case 'compare':
      return {
        operation: {
          kind: 'compare',
          entryDn: required(options, 'entry-dn', op, '[entry:dn]'),
          attribute: required(options, 'attribute', op, 'cn'),
          value: required(options, 'value', op, '[entry:cn]'),
        },
      };
    case 'bind':
      return { operation: bindFrom(options) };
    case 'search-and-modify':
      return {
        operation: {
          kind: 'search-and-modify',
          search: searchFrom(options, op),
          changes: [changeFrom(options, op)],
        },
      };
    default:
      throw invalid('--op', `unknown --op "${op}": use ${OPERATION_KINDS.join(', ')}`);
  }
}

/** authrate's bind: --bind-dn-pattern, --credentials FILE or --credentials-pattern, --new-connection, search-then-bind. */
function bindFrom(options: RawOptions): WorkloadOperation {
  const file = text(options, 'credentials');
  const pattern = text(options, 'credentials-pattern');
  if (file !== undefined && pattern !== undefined) {
    throw invalid(
      '--credentials',
      'give --credentials FILE or --credentials-pattern PATTERN, not both',
    );
  }
  const mechanism = choice(
    options,
    'sasl',
    ['simple', 'PLAIN', 'DIGEST-MD5', 'CRAM-MD5', 'SCRAM-SHA-1', 'SCRAM-SHA-256'] as const,
    'simple',
  );
  if (file === undefined && pattern === undefined) {
    throw invalid(
      '--credentials',
      "--op bind needs --credentials FILE (its first line is the password) or --credentials-pattern PATTERN, e.g. '[entry:userPassword]'",
    );
  }
  const searchFilter = text(options, 'search-filter');
  return {
    kind: 'bind',
    bindDn:
      searchFilter === undefined
        ? required(options, 'bind-dn-pattern', 'bind', 'uid=user.[1-1000],ou=People,o=Example')
        : '',
    ...(file === undefined ? {} : { passwordFile: file }),
    ...(pattern === undefined ? {} : { password: pattern }),
    ...(mechanism === 'simple' ? {} : { mechanism }),
    ...(options['new-connection'] === true ? { connection: 'new' as const } : {}),
    ...(options['invalid-percent'] === undefined
      ? {}
      : { invalidPercent: intOption(options, 'invalid-percent', 0, 0, 100) }),
    ...(searchFilter === undefined
      ? {}
      : {
          search: {
            base: required(options, 'search-base', 'bind', 'ou=People,o=Example'),
            scope: choice(options, 'search-scope', SCOPES, 'sub'),
            filter: searchFilter,
          },
        }),
  };
}

/** Options whose values are value patterns (OpenDJ format strings when --generator is given). */
const PATTERN_OPTIONS = [
  'base',
  'filter',
  'entry-dn',
  'value',
  'new-rdn',
  'bind-dn-pattern',
  'credentials-pattern',
  'search-base',
  'search-filter',
  'proxy-as',
  'assertion-filter',
] as const;

/** With OpenDJ's -g generators, reads the pattern options as OpenDJ format strings ({1}, {2}, ...). */
function translateOpenDj(options: RawOptions): RawOptions {
  const raw = options.generator;
  if (raw === undefined) return options;
  const generators = Array.isArray(raw) ? raw : typeof raw === 'string' ? [raw] : [];
  const out: RawOptions = { ...options };
  for (const name of PATTERN_OPTIONS) {
    const value = options[name];
    if (typeof value !== 'string') continue;
    try {
      out[name] = openDjToValuePattern(value, generators);
    } catch (err) {
      if (err instanceof PatternError) throw invalid(`--${name}`, `--${name}: ${err.message}`);
      throw err;
    }
  }
  return out;
}

/** The ad-hoc workload of `--op KIND ...`, or null when no --op was given. */
export function adhocWorkload(given: RawOptions): WorkloadSpec | null {
  const op = text(given, 'op');
  if (op === undefined) {
    const control = Object.keys(CONTROL_OPTIONS).find((name) => given[name] !== undefined);
    if (control !== undefined) {
      throw invalid(
        `--${control}`,
        `--${control} adds a request control to the --op operation: give --op too, or put the control in a --workload-file operation's controls`,
      );
    }
    if (given.generator !== undefined) {
      throw invalid(
        '--generator',
        '--generator fills {1}, {2}, ... in --op options: give --op too',
      );
    }
    return null;
  }
  const options = translateOpenDj(given);
  const { operation: plain, pool } = operationFrom(options, op);
  const operation = withControlOptions(plain, options);
  const spec: WorkloadSpec = {
    id: ADHOC_ID,
    title: `Ad-hoc ${op}`,
    source: 'dirbench run --op',
    operations: [{ label: op, weight: 1, operation }],
  };
  if (pool !== undefined) spec.pool = pool;
  return spec;
}
