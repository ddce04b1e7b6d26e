// The bind kind: its request, its form fields and its row.
import type { SearchScope } from './common.ts';
import type { FormField, FormReader } from './formFields.ts';
import { SCOPE_CHOICES } from './search.ts';
import type { OperationTraits } from './traits.ts';

/** How a bind operation reaches the server. */
export type BindConnection = 'existing' | 'new';

/** How a bind authenticates: a simple bind or one of the SASL mechanisms DirBench sends. */
export type BindMechanism =
  'simple' | 'PLAIN' | 'EXTERNAL' | 'DIGEST-MD5' | 'CRAM-MD5' | 'SCRAM-SHA-1' | 'SCRAM-SHA-256';

/** A bind: simple or SASL, on the load connection or on a new connection per bind. */
export interface BindOperation {
  kind: 'bind';
  /** Bind DN pattern (simple) or SASL authentication identity pattern (PLAIN: e.g. `u:[entry:uid]`; DIGEST-MD5, CRAM-MD5, SCRAM: the user name). */
  bindDn: string;
  /** Password pattern, e.g. `[entry:userPassword]`; absent when `passwordFile` or EXTERNAL is used. */
  password?: string;
  /** File whose first line is the password (kept out of stored runs). */
  passwordFile?: string;
  /** DIGEST-MD5 (RFC 2831), CRAM-MD5 (RFC 2195) and SCRAM-SHA-1/-256 (RFC 5802, 7677) take the user name in `bindDn` as the server knows it (slapd: the bare name; some servers: u:NAME or dn:DN). */
  mechanism?: BindMechanism;
  /** `new`: connect, bind, unbind for every op (the bind alone is timed into the `bind` phase). */
  connection?: BindConnection;
  /** authrate's search-then-bind: find the DN with this search first (first entry returned). */
  search?: { base: string; scope: SearchScope; filter: string };
  /** Share of binds (0-100) sent with a wrong password; counted as `bind-invalid`, not as errors. */
  invalidPercent?: number;
}

/** True when the GUI's mechanism is a simple bind (a DN, not a user name). */
const simple = (values: Readonly<Record<string, unknown>>): boolean =>
  values['bindMechanism'] === 'simple';

const BIND_DN: FormField = {
  name: 'bindDn',
  type: 'pattern',
  at: ['bindDn'],
  cli: {
    option: 'bind-dn-pattern',
    value: 'PATTERN',
    description: 'bind: the DN to bind as',
    example: 'uid=user.[1-1000],ou=People,o=Example',
  },
  gui: {
    label: (v) => (simple(v) ? 'Bind DN pattern' : 'User name pattern'),
    initial: '[entry:dn]',
    hint: (v) => (simple(v) ? 'e.g. `[entry:dn]`' : 'e.g. `[entry:uid]`'),
  },
};
const PASSWORD_FILE: FormField = {
  name: 'passwordFile',
  type: 'text',
  at: ['passwordFile'],
  cli: {
    option: 'credentials',
    value: 'FILE',
    description: 'bind: a file whose first line is the password',
    needs:
      "FILE (its first line is the password) or --credentials-pattern PATTERN, e.g. '[entry:userPassword]'",
  },
};
const PASSWORD: FormField = {
  name: 'bindPassword',
  type: 'pattern',
  at: ['password'],
  cli: {
    option: 'credentials-pattern',
    value: 'PATTERN',
    description: "bind: the password as a pattern, e.g. '[entry:userPassword]'",
  },
  gui: {
    label: 'Password pattern',
    initial: '[entry:userPassword]',
    hint: 'e.g. `[entry:userPassword]`; stored with the run.',
  },
};
const NEW_CONNECTION: FormField = {
  name: 'bindNewConnection',
  type: 'check',
  at: ['connection'],
  cli: { option: 'new-connection', description: 'bind: a new connection for every bind' },
  gui: {
    label: 'New connection per bind',
    note: '(connect, bind, unbind; otherwise depth must be 1)',
    initial: false,
  },
};
const INVALID_PERCENT: FormField = {
  name: 'invalidPercent',
  type: 'number',
  at: ['invalidPercent'],
  cli: {
    option: 'invalid-percent',
    value: 'P',
    description: 'bind: P% of binds use a wrong password',
  },
  gui: {
    label: 'Invalid passwords (%)',
    initial: '0',
    hint: 'Counted as bind-invalid, not as errors.',
  },
};
const MECHANISM: FormField = {
  name: 'bindMechanism',
  type: 'select',
  at: ['mechanism'],
  choices: [
    { value: 'simple', label: 'Simple' },
    ...['PLAIN', 'DIGEST-MD5', 'CRAM-MD5', 'SCRAM-SHA-1', 'SCRAM-SHA-256'].map((m) => ({
      value: m,
      label: `SASL ${m}`,
    })),
  ],
  cli: {
    option: 'sasl',
    value: 'MECH',
    description:
      'bind: SASL PLAIN, DIGEST-MD5, CRAM-MD5, SCRAM-SHA-1 or SCRAM-SHA-256 instead of a simple bind (--bind-dn-pattern: the user name)',
  },
  gui: {
    label: 'Mechanism',
    initial: 'simple',
    // The untouched default follows the mechanism: SASL names users, not DNs.
    alsoSet: (mechanism, v): Record<string, string> => {
      if (mechanism !== 'simple' && v['bindDn'] === '[entry:dn]') return { bindDn: '[entry:uid]' };
      if (mechanism === 'simple' && v['bindDn'] === '[entry:uid]') return { bindDn: '[entry:dn]' };
      return {};
    },
  },
};
const SEARCH_BASE: FormField = {
  name: 'bindSearchBase',
  type: 'pattern',
  at: ['search.base'],
  cli: {
    option: 'search-base',
    value: 'DN',
    description: 'bind: search-then-bind, the base of the search for the user',
    example: 'ou=People,o=Example',
  },
  gui: { label: 'Find the DN under (optional)', initial: '', hint: 'e.g. `o=Salford,c=gb`' },
};
const SEARCH_SCOPE: FormField = {
  name: 'bindSearchScope',
  type: 'select',
  at: ['search.scope'],
  choices: SCOPE_CHOICES,
  cli: {
    option: 'search-scope',
    value: 'S',
    description: 'bind: scope of that search',
    default: 'sub',
  },
};
const SEARCH_FILTER: FormField = {
  name: 'bindSearchFilter',
  type: 'pattern',
  at: ['search'],
  cli: {
    option: 'search-filter',
    value: 'PATTERN',
    description: 'bind: filter of that search (one entry: the user to bind as)',
  },
  gui: {
    label: 'with filter',
    initial: '',
    hint: 'e.g. `(uid=[entry:uid])`; the bind uses the DN found',
  },
};

/** The password: a pattern or a file, one of them. */
function credentialsFrom(r: FormReader): Pick<BindOperation, 'password' | 'passwordFile'> {
  const file = r.text(PASSWORD_FILE);
  const password = r.text(PASSWORD);
  if (file !== undefined && password !== undefined) {
    r.add({ field: PASSWORD_FILE, problem: 'not-both', other: PASSWORD });
  }
  if (file === undefined && password === undefined) r.missing(PASSWORD_FILE);
  return {
    ...(file === undefined ? {} : { passwordFile: file }),
    ...(password === undefined ? {} : { password }),
  };
}

/** authrate's bind: a DN or a search that finds it, credentials, mechanism and connection. */
function bindFrom(r: FormReader): BindOperation {
  const filter = r.given(SEARCH_FILTER);
  const mechanism = r.choice<Exclude<BindMechanism, 'EXTERNAL'>>(MECHANISM, 'simple');
  const percent = r.number(INVALID_PERCENT, 0, 100);
  const search =
    filter === undefined
      ? undefined
      : {
          base: r.need(SEARCH_BASE).trim(),
          scope: r.choice<SearchScope>(SEARCH_SCOPE, 'sub'),
          filter: filter.trim(),
        };
  return {
    kind: 'bind',
    bindDn: search === undefined ? r.need(BIND_DN).trim() : '',
    ...credentialsFrom(r),
    ...(mechanism === 'simple' ? {} : { mechanism }),
    ...(search === undefined ? {} : { search }),
    ...(r.flag(NEW_CONNECTION) ? { connection: 'new' as const } : {}),
    ...(percent !== undefined && percent > 0 ? { invalidPercent: percent } : {}),
  };
}

/** The bind kind's row. */
export const BIND_TRAITS: OperationTraits<BindOperation> = {
  kind: 'bind',
  title: 'Bind',
  summary:
    'Simple or SASL (PLAIN, DIGEST-MD5, CRAM-MD5, SCRAM-SHA-1, SCRAM-SHA-256) binds, on the load connection or a new connection per bind; optionally finding the DN with a search first (authrate).',
  writes: 'none',
  controls: [],
  serverCounters: ['bind'],
  mapDns: (operation, map) => {
    if (operation.search !== undefined) {
      return {
        ...operation,
        search: { ...operation.search, base: map(operation.search.base, 'subtree') },
      };
    }
    // PLAIN and EXTERNAL identities are not DNs.
    return (operation.mechanism ?? 'simple') === 'simple'
      ? { ...operation, bindDn: map(operation.bindDn, 'entry') }
      : operation;
  },
  form: {
    fields: [
      BIND_DN,
      PASSWORD_FILE,
      PASSWORD,
      NEW_CONNECTION,
      INVALID_PERCENT,
      MECHANISM,
      SEARCH_BASE,
      SEARCH_SCOPE,
      SEARCH_FILTER,
    ],
    usage: [
      '--bind-dn-pattern PATTERN --credentials FILE|--credentials-pattern PATTERN',
      '[--new-connection] [--invalid-percent P] [--sasl PLAIN|DIGEST-MD5|CRAM-MD5|SCRAM-SHA-1|SCRAM-SHA-256]',
      '[--search-base DN --search-filter PATTERN] (search-then-bind, as authrate)',
    ],
    layout: [
      { className: 'custom-row-3', fields: [MECHANISM, SEARCH_BASE, SEARCH_FILTER] },
      { className: 'custom-row-2', fields: [BIND_DN, PASSWORD] },
      { className: 'custom-row-2-1 custom-row-center', fields: [NEW_CONNECTION, INVALID_PERCENT] },
    ],
    build: (r) => ({ operation: bindFrom(r) }),
  },
};
