// The workload options of `run` and `calibrate`: which workload (--workload, --workload-file, --op)
// and the ad-hoc operation's options in searchrate's, modrate's and authrate's words.
import { OPERATION_KINDS } from '../shared/workload.ts';
import { READ_RANDOM_ID } from '../core/workload/builtin.ts';
import type { OptionGroup } from './commandSpec.ts';
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

/** The options of `--op KIND`, with which kind takes which. */
export const ADHOC_GROUP: OptionGroup = {
  title: 'Ad-hoc operation (--op KIND)',
  notes: [
    'KIND and its options:',
    '  search             --base PATTERN --scope S --filter PATTERN --attributes LIST [--size-limit N]',
    '                     [--time-limit S] [--types-only] [--deref D] [--page-size N] [--sort-keys LIST]',
    '  modify             --entry-dn PATTERN --attribute NAME [--value PATTERN | --value-length N] [--mod-type T]',
    '  add                --template FILE (LDIF with value patterns; the DN needs [unique])',
    '  delete             --entry-dn PATTERN, or --pool N --template FILE (deletes entries it adds first)',
    '  modrdn             --entry-dn PATTERN --new-rdn PATTERN [--keep-old-rdn], or --pool N --template FILE',
    '  compare            --entry-dn PATTERN --attribute NAME --value PATTERN',
    '  bind               --bind-dn-pattern PATTERN --credentials FILE|--credentials-pattern PATTERN',
    '                     [--new-connection] [--invalid-percent P] [--sasl PLAIN|DIGEST-MD5|CRAM-MD5|SCRAM-SHA-1|SCRAM-SHA-256]',
    '                     [--search-base DN --search-filter PATTERN] (search-then-bind, as authrate)',
    '  search-and-modify  the search options plus --attribute NAME [--value PATTERN]',
    'Request controls (not on bind): --proxy-as, --assertion-filter, --control; on writes --pre-read,',
    '--post-read; on modify --permissive-modify.',
    'Patterns are UnboundID value patterns ([1-1000], [0:999%0000], [random:8], [file:F], [uuid], [ref:1], ...)',
    'plus [entry:ATTR] (an attribute of a random existing entry) and [unique]; --seed makes them reproducible.',
  ],
  options: {
    base: {
      type: 'string',
      value: 'PATTERN',
      description: 'search: the search base',
    },
    scope: { type: 'string', value: 'S', description: 'base|one|sub|children', default: 'sub' },
    filter: {
      type: 'string',
      value: 'PATTERN',
      description: 'search filter',
      default: '(objectClass=*)',
    },
    attributes: {
      type: 'string',
      value: 'LIST',
      description:
        'attributes to return: a,b or 1.1 (none) or * (all user attributes, the default)',
    },
    'size-limit': { type: 'string', value: 'N', description: 'entries per search at most' },
    'time-limit': { type: 'string', value: 'S', description: "the server's time limit per search" },
    'types-only': { type: 'boolean', description: 'return attribute names without values' },
    deref: {
      type: 'string',
      value: 'D',
      description: 'alias dereferencing: never|search|find|always',
      default: 'never',
    },
    'page-size': {
      type: 'string',
      value: 'N',
      description: 'paged results control (RFC 2696), N entries a page',
    },
    'sort-keys': {
      type: 'string',
      value: 'LIST',
      description: 'server-side sort control (RFC 2891), e.g. sn,-cn',
    },
    'entry-dn': {
      type: 'string',
      value: 'PATTERN',
      description: 'modify, delete, modrdn, compare: the DN of the entry',
    },
    attribute: {
      type: 'string',
      value: 'NAME',
      description: 'modify, compare, search-and-modify: the attribute',
    },
    value: { type: 'string', value: 'PATTERN', description: 'the value to write or compare' },
    'value-length': {
      type: 'string',
      value: 'N',
      description: 'modify without --value: a random value of N letters',
      default: 10,
    },
    'mod-type': {
      type: 'string',
      value: 'T',
      description: 'replace|add|delete',
      default: 'replace',
    },
    template: {
      type: 'string',
      value: 'FILE',
      description: 'add (and pools): the entry to add, LDIF or JSON with value patterns',
    },
    'new-rdn': { type: 'string', value: 'PATTERN', description: 'modrdn: the new RDN' },
    'keep-old-rdn': {
      type: 'boolean',
      description: 'modrdn: keep the old RDN value in the entry',
    },
    'bind-dn-pattern': { type: 'string', value: 'PATTERN', description: 'bind: the DN to bind as' },
    credentials: {
      type: 'string',
      value: 'FILE',
      description: 'bind: a file whose first line is the password',
    },
    'credentials-pattern': {
      type: 'string',
      value: 'PATTERN',
      description: "bind: the password as a pattern, e.g. '[entry:userPassword]'",
    },
    'new-connection': {
      type: 'boolean',
      description: 'bind: a new connection for every bind',
    },
    'invalid-percent': {
      type: 'string',
      value: 'P',
      description: 'bind: P% of binds use a wrong password',
    },
    sasl: {
      type: 'string',
      value: 'MECH',
      description:
        'bind: SASL PLAIN, DIGEST-MD5, CRAM-MD5, SCRAM-SHA-1 or SCRAM-SHA-256 instead of a simple bind (--bind-dn-pattern: the user name)',
    },
    'search-base': {
      type: 'string',
      value: 'DN',
      description: 'bind: search-then-bind, the base of the search for the user',
    },
    'search-scope': {
      type: 'string',
      value: 'S',
      description: 'bind: scope of that search',
      default: 'sub',
    },
    'search-filter': {
      type: 'string',
      value: 'PATTERN',
      description: 'bind: filter of that search (one entry: the user to bind as)',
    },
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
