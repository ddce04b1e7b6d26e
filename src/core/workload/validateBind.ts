// Checks a bind operation: mechanism, credentials (password xor passwordFile), connection and search-then-bind.
import { invalid } from '../../shared/errors.ts';
import type { BindOperation, SearchScope } from '../../shared/workload.ts';
import { dnPatternField, filterPatternField, patternField } from './patternFields.ts';
import type { PatternOptions } from './patternFields.ts';
import {
  child,
  choiceField,
  fieldsOf,
  numberField,
  optional,
  optionalFields,
  stringField,
} from './specFields.ts';

/** Search scopes in the order messages list them. */
export const SCOPES: readonly SearchScope[] = ['base', 'one', 'sub', 'children'];

/** The mechanisms a bind may name, in the order messages list them. */
const BIND_MECHANISMS = [
  'simple',
  'PLAIN',
  'EXTERNAL',
  'DIGEST-MD5',
  'CRAM-MD5',
  'SCRAM-SHA-1',
  'SCRAM-SHA-256',
] as const;

const BIND_KEYS = [
  'kind',
  'bindDn',
  'password',
  'passwordFile',
  'mechanism',
  'connection',
  'search',
  'invalidPercent',
];

/** Validates a bind (`field` is its path). */
export function validateBind(
  value: unknown,
  field: string,
  options: PatternOptions,
): BindOperation {
  const f = fieldsOf(value, field, BIND_KEYS, ['kind']);
  const mechanism = optional(f, 'mechanism', field, (v, p) => choiceField(v, p, BIND_MECHANISMS));
  const external = mechanism === 'EXTERNAL';
  // EXTERNAL takes its identity from TLS, so the DN may be empty; a SASL identity (PLAIN's,
  // DIGEST-MD5's, CRAM-MD5's and SCRAM's user name) is not a DN.
  const bindDnField = child(field, 'bindDn');
  // Search-then-bind binds as the entry the search finds, so bindDn is left empty.
  const found = f.search !== undefined;
  if (found && typeof f.bindDn === 'string' && f.bindDn.trim() !== '') {
    throw invalid(
      bindDnField,
      `${bindDnField} must be empty with search: the bind uses the DN the search finds`,
    );
  }
  if (found && mechanism !== undefined && !['simple', 'PLAIN', 'EXTERNAL'].includes(mechanism)) {
    throw invalid(
      child(field, 'search'),
      `${child(field, 'search')} finds a DN, and ${mechanism} binds with a user name: leave search out and give bindDn the user name (a pattern, e.g. [entry:uid])`,
    );
  }
  if (!found && f.bindDn === undefined) {
    throw invalid(
      bindDnField,
      `${bindDnField} is required: the DN to bind as (a pattern, e.g. [entry:dn]), or give search to find it first`,
    );
  }
  const bindDn = found
    ? ''
    : mechanism === undefined || mechanism === 'simple'
      ? dnPatternField(f.bindDn, bindDnField, options)
      : patternField(f.bindDn, bindDnField, options, !external);
  const credentials = optionalFields(f, field, {
    password: (v, p) => patternField(v, p, options, false),
    passwordFile: (v, p) => stringField(v, p, true),
  });
  checkCredentials(field, external, credentials.password, credentials.passwordFile);
  return {
    kind: 'bind',
    bindDn,
    ...credentials,
    ...(mechanism === undefined ? {} : { mechanism }),
    ...optionalFields(f, field, {
      connection: (v, p) => choiceField(v, p, ['existing', 'new'] as const),
      search: (v, p) => bindSearch(v, p, options),
      invalidPercent: (v, p) => numberField(v, p, 0, 100),
    }),
  };
}

function checkCredentials(
  field: string,
  external: boolean,
  password: string | undefined,
  passwordFile: string | undefined,
): void {
  if (external) {
    if (password !== undefined || passwordFile !== undefined) {
      const at = child(field, password !== undefined ? 'password' : 'passwordFile');
      throw invalid(
        at,
        `${at} must be left out: EXTERNAL binds take no password (TLS client certificate)`,
      );
    }
    return;
  }
  if (password !== undefined && passwordFile !== undefined) {
    throw invalid(
      child(field, 'passwordFile'),
      `${field} gives both password and passwordFile: keep one`,
    );
  }
  if (password === undefined && passwordFile === undefined) {
    throw invalid(
      child(field, 'password'),
      `${field} needs password (a pattern, e.g. [entry:userPassword]) or passwordFile`,
    );
  }
}

function bindSearch(
  value: unknown,
  field: string,
  options: PatternOptions,
): { base: string; scope: SearchScope; filter: string } {
  const keys = ['base', 'scope', 'filter'];
  const f = fieldsOf(value, field, keys, keys);
  return {
    base: dnPatternField(f.base, child(field, 'base'), options, true),
    scope: choiceField(f.scope, child(field, 'scope'), SCOPES),
    filter: filterPatternField(f.filter, child(field, 'filter'), options),
  };
}
