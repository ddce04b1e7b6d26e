import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { ApiError } from '../../shared/errors.ts';
import { TRICKY_LABELS } from '../testing/operationLabelCases.ts';
import { validateWorkloadCatalog, validateWorkloadSpec } from './validateWorkload.ts';
import { thrownBy } from '../testing/thrownBy.ts';

type Json = Record<string, unknown>;

const SEARCH: Json = {
  kind: 'search',
  base: 'o=Salford,c=gb',
  scope: 'sub',
  filter: '(uid=[entry:uid])',
  attributes: [],
};
const TEMPLATE: Json = {
  dn: 'cn=dirbench [unique],ou=People,o=Salford,c=gb',
  attributes: [
    { name: 'objectClass', values: ['top', 'person'] },
    { name: 'sn', values: ['[entry:sn]'] },
  ],
};
const ADD: Json = { kind: 'add', template: TEMPLATE };
const BIND: Json = { kind: 'bind', bindDn: '[entry:dn]', password: '[entry:userPassword]' };

/** A workload running `operations` (labelled op0, op1, ... with weight 1) plus `extra` top-level fields. */
function workload(operations: unknown[], extra: Json = {}): Json {
  return {
    id: 'test/w',
    title: 'Test',
    operations: operations.map((operation, i) => ({ label: `op${i}`, weight: 1, operation })),
    ...extra,
  };
}

/** `base` with `key` removed. */
function without(base: Json, key: string): Json {
  return Object.fromEntries(Object.entries(base).filter(([k]) => k !== key));
}

/** The validation error `value` raises. */
function rejection(value: unknown): ApiError {
  return thrownBy(
    () => validateWorkloadSpec(value),
    ApiError,
    'expected the workload to be rejected',
  );
}

/** Asserts that `err` is a validation error of `field` whose message includes `message`. */
function assertFieldError(err: ApiError, field: string, message: string): void {
  assert.equal(err.kind, 'validation');
  assert.equal(err.field, field, err.message);
  assert.ok(err.message.includes(message), `message was: ${err.message}`);
}

describe('broken workloads are rejected with the field at fault', () => {
  // [what is wrong, the operations list of a workload, field path, part of the message]
  const operationsCases: [string, Json[], string, string][] = [
    [
      'weight of the wrong type',
      [{ label: 'a', weight: 'heavy', operation: SEARCH }],
      'operations[0].weight',
      "must be a finite number; got 'heavy'",
    ],
    [
      'weight 0',
      [{ label: 'a', weight: 0, operation: SEARCH }],
      'operations[0].weight',
      'must be greater than 0; got 0',
    ],
    [
      'negative weight',
      [{ label: 'a', weight: -1, operation: SEARCH }],
      'operations[0].weight',
      'must be between 0',
    ],
    [
      'label that is not a word',
      [{ label: 'two words', weight: 1, operation: SEARCH }],
      'operations[0].label',
      'must be a short word',
    ],
    [
      'label with a trailing space (a look-alike of another)',
      [{ label: 'search ', weight: 1, operation: SEARCH }],
      'operations[0].label',
      'no spaces; got "search "',
    ],
    [
      'label starting with an underscore',
      [{ label: '__proto__', weight: 1, operation: SEARCH }],
      'operations[0].label',
      'starting with a letter, digit or emoji, no spaces; got "__proto__"',
    ],
    [
      'the same label in two Unicode forms',
      [
        { label: 'modifi\u00e9', weight: 1, operation: SEARCH },
        { label: 'modifie\u0301', weight: 1, operation: SEARCH },
      ],
      'operations[1].label',
      "is already used by operations[0].label (as 'modifi\u00e9', the same text in another Unicode form)",
    ],
    [
      'duplicate labels',
      [
        { label: 'same', weight: 1, operation: SEARCH },
        { label: 'same', weight: 2, operation: SEARCH },
      ],
      'operations[1].label',
      "'same' is already used by operations[0].label: labels must be unique",
    ],
    [
      'a label clashing with a bind’s -invalid label',
      [
        { label: 'b', weight: 1, operation: { ...BIND, invalidPercent: 10 } },
        { label: 'b-invalid', weight: 1, operation: SEARCH },
      ],
      'operations[1].label',
      "'b-invalid' is already used by operations[0].label",
    ],
  ];
  // [what is wrong, changes to the one search, its field at fault, part of the message]
  const searchCases: [string, Json, string, string][] = [
    [
      'unknown operation field with a suggestion',
      { fliter: '(cn=x)' },
      'fliter',
      "did you mean 'filter'?",
    ],
    [
      'unknown field far from every allowed one',
      { colour: 'red' },
      'colour',
      "unknown field 'colour'; allowed: kind, base",
    ],
    ['attributes not a list', { attributes: 'cn' }, 'attributes', "must be a list; got 'cn'"],
    [
      'bad attribute name',
      { attributes: ['cn', '9x'] },
      'attributes[1]',
      "'9x' is not an attribute name",
    ],
    [
      'bad scope',
      { scope: 'subtree' },
      'scope',
      "must be one of base, one, sub, children; got 'subtree'",
    ],
    ['filter without parentheses', { filter: 'uid=x' }, 'filter', "'uid=x' is not an LDAP filter"],
    [
      'filter of control characters, quoted as bytes',
      { filter: 'uid=\u001b\u0007' },
      'filter',
      'bytes 0-5: 75 69 64 3d 1b 07 is not an LDAP filter',
    ],
    [
      'pattern of control characters, shown as their pictures',
      { filter: '(uid=\u001b[2J)' },
      'filter',
      "unclosed '['\n  (uid=\u241b[2J)\n        ^",
    ],
    ['unbalanced filter', { filter: '(&(uid=x)' }, 'filter', 'balanced parentheses'],
    ['base that is not a DN', { base: 'Salford' }, 'base', "'Salford' is not a DN"],
    [
      'bad pattern, with the caret under the column',
      { filter: '(uid=[1-x])' },
      'filter',
      'invalid value pattern: range upper bound is not a number\n  (uid=[1-x])\n          ^',
    ],
    [
      'pattern reading a missing file',
      { filter: '(uid=[file:/nonexistent/dirbench.txt])' },
      'filter',
      'file not found',
    ],
    [
      'size limit below 0',
      { sizeLimit: -1 },
      'sizeLimit',
      'must be between 0 and 2147483647; got -1',
    ],
    ['time limit not whole', { timeLimitS: 1.5 }, 'timeLimitS', 'must be a whole number; got 1.5'],
    [
      'typesOnly not boolean',
      { typesOnly: 'yes' },
      'typesOnly',
      "must be true or false; got 'yes'",
    ],
    ['bad sort key', { sortKeys: ['sn', '+cn'] }, 'sortKeys[1]', "'-' first for descending"],
    [
      'bad derefAliases',
      { derefAliases: 'sometimes' },
      'derefAliases',
      'must be one of never, search, find, always',
    ],
  ];
  // [what is wrong, the one operation of a workload, its field at fault, part of the message]
  const operationCases: [string, Json, string, string][] = [
    ['missing filter', without(SEARCH, 'filter'), 'filter', 'is required'],
    ['missing kind', without(SEARCH, 'kind'), 'kind', 'is required: one of search, add'],
    [
      'unknown kind',
      { ...SEARCH, kind: 'serch' },
      'kind',
      "must be one of search, add, delete, modify, modrdn, compare, bind, search-and-modify, whoami, password-modify; got 'serch'",
    ],
    [
      'template DN without [unique]',
      { kind: 'add', template: { ...TEMPLATE, dn: 'cn=fixed,o=Salford,c=gb' } },
      'template.dn',
      'needs [unique] in its first RDN',
    ],
    [
      'template with [unique] only below the first RDN',
      { kind: 'add', template: { ...TEMPLATE, dn: 'cn=x,ou=[unique],o=Salford,c=gb' } },
      'template.dn',
      'needs [unique] in its first RDN',
    ],
    [
      'template DN that is no RDN',
      { kind: 'add', template: { ...TEMPLATE, dn: '[unique]' } },
      'template.dn',
      'is not an RDN',
    ],
    [
      'template without objectClass',
      { kind: 'add', template: { ...TEMPLATE, attributes: [{ name: 'sn', values: ['x'] }] } },
      'template.attributes',
      'has no objectClass',
    ],
    [
      'template naming an attribute twice',
      {
        kind: 'add',
        template: {
          ...TEMPLATE,
          attributes: [...(TEMPLATE.attributes as unknown[]), { name: 'SN', values: ['y'] }],
        },
      },
      'template.attributes[2]',
      'names SN twice',
    ],
    [
      'template repeat out of range',
      {
        kind: 'add',
        template: {
          ...TEMPLATE,
          attributes: [{ name: 'objectClass', values: ['top'], repeat: 0 }],
        },
      },
      'template.attributes[0].repeat',
      'must be between 1 and 100000',
    ],
    [
      'modrdn entryDn without newRdn',
      { kind: 'modrdn', entryDn: '[entry:dn]' },
      'newRdn',
      'is required with entryDn',
    ],
    ['modify without changes', { kind: 'modify', entryDn: '[entry:dn]' }, 'changes', 'is required'],
    [
      'replace without values',
      {
        kind: 'modify',
        entryDn: '[entry:dn]',
        changes: [{ operation: 'replace', attribute: 'sn', values: [] }],
      },
      'changes[0].values',
      'needs at least 1 item',
    ],
    [
      'bad change operation',
      {
        kind: 'modify',
        entryDn: '[entry:dn]',
        changes: [{ operation: 'increment', attribute: 'sn', values: ['1'] }],
      },
      'changes[0].operation',
      'must be one of replace, add, delete',
    ],
    [
      'bad nested search of search-and-modify',
      {
        kind: 'search-and-modify',
        search: { ...without(SEARCH, 'kind'), scope: 'all' },
        changes: [{ operation: 'replace', attribute: 'sn', values: ['x'] }],
      },
      'search.scope',
      'must be one of base, one, sub, children',
    ],
    [
      'bind with password and passwordFile',
      { ...BIND, passwordFile: '/tmp/pw' },
      'passwordFile',
      'gives both password and passwordFile: keep one',
    ],
    ['bind without a password', without(BIND, 'password'), 'password', 'needs password'],
    [
      'EXTERNAL bind with a password',
      { ...BIND, mechanism: 'EXTERNAL' },
      'password',
      'EXTERNAL binds take no password',
    ],
    [
      'EXTERNAL bind with a password file',
      { kind: 'bind', bindDn: '', mechanism: 'EXTERNAL', passwordFile: '/tmp/pw' },
      'passwordFile',
      'must be left out',
    ],
    [
      'unknown mechanism',
      { ...BIND, mechanism: 'GSSAPI' },
      'mechanism',
      'must be one of simple, PLAIN, EXTERNAL',
    ],
    [
      'invalidPercent above 100',
      { ...BIND, invalidPercent: 101 },
      'invalidPercent',
      'must be between 0 and 100',
    ],
    ...searchCases.map(([what, changes, field, message]): [string, Json, string, string] => [
      what,
      { ...SEARCH, ...changes },
      field,
      message,
    ]),
  ];
  // [what is wrong, workload, field path, part of the message]
  const cases: [string, unknown, string, string][] = [
    ['not an object', [], '', 'the workload must be an object; got a list'],
    [
      'unknown top-level field with a suggestion',
      { id: 'a', title: 'b', operation: [] },
      'operation',
      "unknown field 'operation' (did you mean 'operations'?)",
    ],
    ['missing title', without(workload([SEARCH]), 'title'), 'title', 'title is required'],
    ['no operations', workload([]), 'operations', 'operations needs at least 1 item'],
    [
      'id with a space',
      { ...workload([SEARCH]), id: 'a b' },
      'id',
      "id must not contain spaces; got 'a b'",
    ],
    ['title not text', { ...workload([SEARCH]), title: 7 }, 'title', 'title must be text; got 7'],
    [
      'delete without pool or adds',
      workload([{ kind: 'delete' }]),
      'operations[0].operation',
      'nothing for this delete to remove',
    ],
    [
      'modrdn without pool or adds',
      workload([SEARCH, { kind: 'modrdn' }]),
      'operations[1].operation',
      'nothing for this modrdn to rename',
    ],
    [
      'modrdn newRdn without entryDn',
      workload([ADD, { kind: 'modrdn', newRdn: 'cn=[unique]' }]),
      'operations[1].operation.newRdn',
      'is only used with entryDn',
    ],
    [
      'unused pool',
      workload([SEARCH], { pool: { entries: 10, template: TEMPLATE } }),
      'pool',
      'pool is unused',
    ],
    [
      'pool of no entries',
      workload([{ kind: 'delete' }], { pool: { entries: 0, template: TEMPLATE } }),
      'pool.entries',
      'must be between 1 and',
    ],
    [
      'bind on the load connection with depth > 1',
      workload([SEARCH, BIND], { concurrency: { connections: 4, depth: 2 } }),
      'concurrency.depth',
      'must be 1: operations[1] binds on the load connection',
    ],
    [
      'depth 0',
      workload([SEARCH], { concurrency: { connections: 1, depth: 0 } }),
      'concurrency.depth',
      'must be between 1 and',
    ],
    [
      '[entry:foo] on a salford directory',
      workload([SEARCH, { ...SEARCH, filter: '(cn=[entry:foo])' }], {
        expects: { shape: 'salford', indexProfile: 'x' },
      }),
      'operations[1].operation.filter',
      'uses [entry:foo], which salford entries do not have; available (case-sensitive): dn, parent',
    ],
    [
      '[entry:UID] (wrong case) on a salford directory',
      workload([{ ...SEARCH, filter: '(uid=[entry:UID])' }], {
        expects: { shape: 'salford', indexProfile: 'x' },
      }),
      'operations[0].operation.filter',
      'uses [entry:UID]',
    ],
    [
      'expects without indexProfile',
      workload([SEARCH], { expects: { shape: 'salford' } }),
      'expects.indexProfile',
      'is required',
    ],
    ...operationsCases.map(
      ([what, operations, field, message]): [string, unknown, string, string] => [
        what,
        { ...workload([SEARCH]), operations },
        field,
        message,
      ],
    ),
    ...operationCases.map(
      ([what, operation, field, message]): [string, unknown, string, string] => [
        what,
        workload([operation]),
        `operations[0].operation.${field}`,
        message,
      ],
    ),
  ];
  for (const [what, value, field, message] of cases) {
    test(what, () => assertFieldError(rejection(value), field, message));
  }
});

describe('valid workloads come back normalized', () => {
  test('numeric, unicode, emoji and look-alike labels are accepted as written, in order', () => {
    const spec = validateWorkloadSpec({
      ...workload([]),
      operations: TRICKY_LABELS.map((label) => ({ label, weight: 1, operation: SEARCH })),
    });
    assert.deepEqual(
      spec.operations.map((o) => o.label),
      TRICKY_LABELS,
    );
  });

  test('a search keeps exactly the fields it was given', () => {
    const spec = validateWorkloadSpec(
      workload([{ ...SEARCH, sizeLimit: 0, sortKeys: ['-sn'] }], {
        description: 'd',
        concurrency: { connections: 2, depth: 3 },
      }),
    );
    assert.deepEqual(spec, {
      id: 'test/w',
      title: 'Test',
      description: 'd',
      operations: [
        { label: 'op0', weight: 1, operation: { ...SEARCH, sizeLimit: 0, sortKeys: ['-sn'] } },
      ],
      concurrency: { connections: 2, depth: 3 },
    });
    assert.equal('pool' in spec || 'expects' in spec || 'source' in spec, false);
  });

  test('the nested search of search-and-modify gains kind "search"', () => {
    const changes = [{ operation: 'delete', attribute: 'description', values: [] }];
    const spec = validateWorkloadSpec(
      workload([{ kind: 'search-and-modify', search: without(SEARCH, 'kind'), changes }]),
    );
    assert.deepEqual(spec.operations[0]?.operation, {
      kind: 'search-and-modify',
      search: SEARCH,
      changes,
    });
  });

  test('deletes and modrdns take a pool or the run’s own adds', () => {
    const pooled = validateWorkloadSpec(
      workload([{ kind: 'delete' }], { pool: { entries: 5, template: TEMPLATE } }),
    );
    assert.deepEqual(pooled.pool, { entries: 5, template: TEMPLATE });
    assert.deepEqual(pooled.operations[0]?.operation, { kind: 'delete' });
    const mixed = validateWorkloadSpec(workload([ADD, { kind: 'modrdn', deleteOldRdn: false }]));
    assert.deepEqual(mixed.operations[1]?.operation, { kind: 'modrdn', deleteOldRdn: false });
    const byDn = validateWorkloadSpec(
      workload([{ kind: 'delete', entryDn: 'uid=user.[1-9],o=x' }]),
    );
    assert.deepEqual(byDn.operations[0]?.operation, {
      kind: 'delete',
      entryDn: 'uid=user.[1-9],o=x',
    });
  });

  test('binds: EXTERNAL without a DN, new connections at any depth, PLAIN identities', () => {
    const spec = validateWorkloadSpec(
      workload(
        [
          { kind: 'bind', bindDn: '', mechanism: 'EXTERNAL', connection: 'new' },
          { ...BIND, connection: 'new', invalidPercent: 5 },
          {
            kind: 'bind',
            bindDn: 'u:[entry:uid]',
            mechanism: 'PLAIN',
            passwordFile: 'pw.txt',
            connection: 'new',
          },
        ],
        { concurrency: { connections: 8, depth: 4 } },
      ),
    );
    assert.deepEqual(
      spec.operations.map((o) => o.operation),
      [
        { kind: 'bind', bindDn: '', mechanism: 'EXTERNAL', connection: 'new' },
        { ...BIND, connection: 'new', invalidPercent: 5 },
        {
          kind: 'bind',
          bindDn: 'u:[entry:uid]',
          mechanism: 'PLAIN',
          passwordFile: 'pw.txt',
          connection: 'new',
        },
      ],
    );
  });

  test('salford attributes, derived ones included, pass the [entry:] check', () => {
    const spec = validateWorkloadSpec(
      workload(
        [{ ...SEARCH, filter: '(&(cn=[entry:cn])(sn=[entry:sn:3]*))', base: '[entry:parent]' }],
        {
          expects: { shape: 'salford', indexProfile: 'salford-indexed', minEntries: 1000 },
        },
      ),
    );
    assert.deepEqual(spec.expects, {
      shape: 'salford',
      indexProfile: 'salford-indexed',
      minEntries: 1000,
    });
  });

  test('every catalog in data/workloads validates', () => {
    const dir = join(import.meta.dirname, '../../../data/workloads');
    const files = readdirSync(dir).filter((f) => f.endsWith('.json'));
    assert.ok(files.length > 0);
    for (const name of files) {
      const catalog = validateWorkloadCatalog(
        JSON.parse(readFileSync(join(dir, name), 'utf8')),
        name,
      );
      assert.ok(catalog.workloads.every((w) => w.id.startsWith(`${catalog.catalog}/`)));
    }
  });
});

describe('catalog files', () => {
  const catalog = (workloads: unknown[]): Json => ({
    catalog: 'lab',
    version: 1,
    title: 'Lab',
    source: 'here',
    description: 'tests',
    workloads,
  });

  test('errors name the file and the workload field', () => {
    for (const [value, field, message] of [
      [
        catalog([{ ...workload([SEARCH]), id: 'other/x' }]),
        'workloads[0].id',
        "must start with 'lab/'",
      ],
      [
        catalog([
          { ...workload([SEARCH]), id: 'lab/x' },
          { ...workload([SEARCH]), id: 'lab/x' },
        ]),
        'workloads[1].id',
        "'lab/x' appears twice",
      ],
      [
        catalog([{ ...workload([SEARCH]), id: 'lab/x', operations: [] }]),
        'workloads[0].operations',
        'needs at least 1 item',
      ],
      [{ ...catalog([]), catalog: 'Lab' }, 'catalog', 'lower-case letters'],
      [
        { ...catalog([{ ...workload([SEARCH]), id: 'lab/x' }]), version: 0 },
        'version',
        'version must be between 1',
      ],
    ] as const) {
      const err = thrownBy(
        () => validateWorkloadCatalog(value, 'lab.json'),
        ApiError,
        `${field}: ${message}`,
      );
      assertFieldError(err, field, message);
      assert.ok(err.message.startsWith('lab.json: '), `message was: ${err.message}`);
    }
  });

  test('a missing top-level catalog field is named', () => {
    // The path reads "catalog file.source" where the other catalog fields use bare names ("version").
    assert.throws(
      () => validateWorkloadCatalog(without(catalog([]), 'source'), 'lab.json'),
      (err: unknown) =>
        err instanceof ApiError &&
        err.kind === 'validation' &&
        err.field?.endsWith('source') === true &&
        err.message.includes('source is required'),
    );
  });
});

test('a workload carries thresholds over its own labels, kept as written', () => {
  const spec = validateWorkloadSpec(
    workload([SEARCH, BIND], { thresholds: [' p99 < 5ms', 'op1.errorRate<1%'] }),
  );
  assert.deepEqual(spec.thresholds, ['p99 < 5ms', 'op1.errorRate<1%']);
  const badLabel = rejection(workload([SEARCH], { thresholds: ['search.p99<1ms'] }));
  assert.equal(badLabel.field, 'thresholds[0]');
  assert.match(badLabel.message, /no operation labelled "search"; its labels are "op0"/);
  const badGrammar = rejection(workload([SEARCH], { thresholds: ['p99<5'] }));
  assert.equal(badGrammar.field, 'thresholds[0]');
  assert.match(badGrammar.message, /time unit/);
});
