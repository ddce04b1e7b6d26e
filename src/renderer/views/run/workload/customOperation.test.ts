// Plain-Node checks of the renderer's workload logic: custom operations, error placement, JSON lines, breakdowns.
import assert from 'node:assert/strict';
import test from 'node:test';
import { validateWorkloadSpec } from '../../../../core/workload/validateWorkload.ts';
import { ApiError, invalid } from '../../../../shared/errors.ts';
import type { RunSample } from '../../../../shared/types.ts';
import type { WorkloadListItem } from '../../../../shared/workload.ts';
import { operationBreakdown } from '../../panels/operationFigures.ts';
import { activeRunReducer, initialActiveRunState } from '../activeRunState.ts';
import {
  CUSTOM_KINDS,
  customFieldForPath,
  customSpec,
  defaultCustomValues,
  localCustomErrors,
  checkMessage,
} from './customOperation.ts';
import { parseAttributeLines } from '../../../../shared/operations/add.ts';
import type { CustomPatch } from './customOperation.ts';
import { lineOfPath, parseJsonWithLines } from './jsonLines.ts';
import { displayTitle, groupWorkloads, suggestedName } from './workloadGroups.ts';
import { SYNTHETIC_MIX_SPEC } from '../../../../../e2e/helpers/syntheticRun.ts';

/** The custom form's spec with `changes` over the form's defaults. */
const specWith = (changes: CustomPatch) => customSpec({ ...defaultCustomValues(), ...changes });

test("every kind's default custom operation is a workload the host accepts", () => {
  for (const kind of CUSTOM_KINDS) {
    const values = { ...defaultCustomValues(), kind };
    assert.deepEqual(localCustomErrors(values), {}, kind);
    const spec = customSpec(values);
    assert.equal(spec.id, 'adhoc');
    assert.deepEqual(
      spec.operations.map((o) => o.label),
      [kind],
    );
    assert.doesNotThrow(() => validateWorkloadSpec(spec), kind);
  }
  const del = specWith({ kind: 'delete' });
  assert.equal(del.pool?.entries, 1000, 'a delete without DN takes a pool');
  const byDn = specWith({ kind: 'delete', deleteDn: '[entry:dn]' });
  assert.equal(byDn.pool, undefined);
});

test('a custom bind can be SASL PLAIN and find its DN with a search first, as authrate does', () => {
  const spec = specWith({ kind: 'bind', bindMechanism: 'PLAIN', bindDn: '[entry:uid]' });
  assert.equal(validateWorkloadSpec(spec).operations[0]?.operation.kind, 'bind');
  assert.deepEqual(spec.operations[0]?.operation, {
    kind: 'bind',
    bindDn: '[entry:uid]',
    password: '[entry:userPassword]',
    mechanism: 'PLAIN',
  });
  const searched = specWith({
    kind: 'bind',
    bindSearchBase: 'o=Salford,c=gb',
    bindSearchFilter: '(uid=[entry:uid])',
  });
  assert.deepEqual(validateWorkloadSpec(searched).operations[0]?.operation, {
    kind: 'bind',
    bindDn: '',
    password: '[entry:userPassword]',
    search: { base: 'o=Salford,c=gb', scope: 'sub', filter: '(uid=[entry:uid])' },
  });
});

test('the custom form builds the CLI fields: attributes, limits, sort keys, add lines, binds', () => {
  const search = specWith({
    attributes: 'cn, mail',
    sizeLimit: '10',
    pageSize: '',
    sortKeys: 'sn,-cn',
    typesOnly: true,
  }).operations[0]?.operation;
  assert.deepEqual(search, {
    kind: 'search',
    base: '[entry:parent]',
    scope: 'one',
    filter: '(cn=[entry:cn])',
    attributes: ['cn', 'mail'],
    sizeLimit: 10,
    typesOnly: true,
    sortKeys: ['sn', '-cn'],
  });
  assert.deepEqual(parseAttributeLines('objectClass: top\nsn: a\n\nobjectclass: person\nnote'), [
    { name: 'objectClass', values: ['top', 'person'] },
    { name: 'sn', values: ['a'] },
    { name: 'note', values: [''] },
  ]);
  const bind = specWith({ kind: 'bind', bindNewConnection: true, invalidPercent: '5' })
    .operations[0]?.operation;
  assert.deepEqual(bind, {
    kind: 'bind',
    bindDn: '[entry:dn]',
    password: '[entry:userPassword]',
    connection: 'new',
    invalidPercent: 5,
  });
  assert.match(
    localCustomErrors({ ...defaultCustomValues(), sizeLimit: '1.5' }).sizeLimit ?? '',
    /whole number/,
  );
});

test('check errors land on the control that shows the field', () => {
  const at = (kind: Parameters<typeof customFieldForPath>[0], path: string) =>
    customFieldForPath(kind, path);
  assert.equal(at('search', 'operations[0].operation.filter'), 'filter');
  assert.equal(at('search', 'workloadSpec.operations[0].operation.sortKeys[1]'), 'sortKeys');
  assert.equal(at('modify', 'operations[0].operation.changes[0].attribute'), 'modifyAttribute');
  assert.equal(at('modify', 'operations[0].operation.changes[0].values'), 'modifyValue');
  assert.equal(at('add', 'operations[0].operation.template.dn'), 'addDn');
  assert.equal(at('add', 'operations[0].operation.template.attributes[1].name'), 'addAttributes');
  assert.equal(at('delete', 'operations[0].operation'), 'deleteDn');
  assert.equal(at('delete', 'pool.entries'), 'poolEntries');
  assert.equal(at('bind', 'operations[0].operation.password'), 'bindPassword');
  assert.equal(at('search', 'operations[0].label'), null);
  assert.equal(
    checkMessage(
      invalid(
        'operations[0].operation.filter',
        "operations[0].operation.filter 'cn=x' is not an LDAP filter",
      ),
    ),
    "'cn=x' is not an LDAP filter",
  );
  assert.equal(
    checkMessage(
      invalid('operations[0].operation.scope', 'operations[0].operation.scope must be one of base'),
    ),
    'Must be one of base',
  );
  // A message that does not open with its field is shown whole.
  assert.equal(
    checkMessage(invalid('pool', 'the pool needs a template')),
    'The pool needs a template',
  );
});

test('a host check error on a real spec names the path the form maps', () => {
  const spec = specWith({ filter: '(cn=[0-' });
  let error: unknown;
  try {
    validateWorkloadSpec(spec);
  } catch (err) {
    error = err;
  }
  assert.ok(error instanceof ApiError);
  assert.equal(customFieldForPath('search', error.field ?? ''), 'filter');
  assert.match(checkMessage(error), /^Invalid value pattern: unclosed '\['/);
});

test('the editor finds the line of a field path, and of a missing field its object', () => {
  const text =
    '{\n  "title": "x",\n  "operations": [\n    {\n      "label": "a",\n      "operation": {\n        "kind": "search"\n      }\n    }\n  ]\n}\n';
  const doc = parseJsonWithLines(text);
  assert.ok(doc.ok);
  assert.equal(lineOfPath(doc.lines, 'title'), 2);
  assert.equal(lineOfPath(doc.lines, 'operations[0].label'), 5);
  assert.equal(lineOfPath(doc.lines, 'operations[0].operation.kind'), 7);
  assert.equal(lineOfPath(doc.lines, 'operations[0].operation.filter'), 6);
  const bad = parseJsonWithLines('{\n  "a": 1,\n  "b": 2,\n}');
  assert.deepEqual(bad, { ok: false, message: 'Trailing comma before }', line: 4, column: 1 });
  const quote = parseJsonWithLines("{\n  'a': 1\n}");
  assert.equal(quote.ok, false);
  assert.equal(!quote.ok && quote.line, 2);
});

test('the picker groups built-in first and saved last; names and titles read well', () => {
  const titles: Record<string, string> = {
    user: 'Saved',
    builtin: 'Built-in',
    salford: 'Salford comparison',
    mvault: 'Isode M-Vault',
  };
  const item = (id: string, catalog: string, title = id): WorkloadListItem => ({
    id,
    title,
    catalog,
    catalogTitle: titles[catalog] ?? catalog,
    catalogVersion: 1,
    description: '',
    source: '',
    mix: [],
    expects: null,
    concurrency: null,
  });
  const groups = groupWorkloads([
    item('user/mine', 'user'),
    item('salford/S.1', 'salford'),
    item('read-random', 'builtin'),
    item('mvault/modify', 'mvault'),
  ]);
  assert.deepEqual(
    groups.map((g) => g.title),
    ['Built-in', 'Salford comparison', 'Isode M-Vault', 'Saved'],
  );
  assert.equal(
    displayTitle(item('salford/S.3', 'salford', 'S.3 Subtree search')),
    'Subtree search',
  );
  assert.equal(suggestedName('salford/S.3'), 'salford-S.3-copy');
  assert.equal(suggestedName('user/mine'), 'mine');
});

test('live breakdown sums measured seconds per label; cleaning shows until the run ends', () => {
  const latencyUs = { p50: 500, p90: 900, p99: 1500, p999: 3000, max: 9000, mean: 600 };
  const op = (ops: number) => ({ ops, errors: 0, errorsByCode: {}, entries: ops, latencyUs });
  const sample = (second: number, search: number, modify: number): RunSample => ({
    second,
    phase: second === 0 ? 'warmup' : 'measured',
    intervalMs: 1000,
    ops: search + modify,
    errors: 0,
    errorsByCode: {},
    entries: search,
    latencyUs,
    operations: { search: op(search), modify: op(modify) },
  });
  const live = operationBreakdown(
    [sample(0, 999, 999), sample(1, 80, 20), sample(2, 160, 40)],
    null,
    SYNTHETIC_MIX_SPEC,
  );
  assert.equal(live.latencyIsLastSecond, true);
  assert.deepEqual(
    live.rows.map((r) => [r.label, r.ops, r.opsPerSec, r.share, r.plannedShare]),
    [
      ['search', 240, 120, 0.8, 0.8],
      ['modify', 60, 30, 0.2, 0.2],
    ],
  );

  let state = activeRunReducer(initialActiveRunState, {
    type: 'loaded',
    run: {
      runId: 'r1',
      status: 'running',
      startedAt: '',
      samples: [],
      config: {} as never,
    },
  });
  state = activeRunReducer(state, { type: 'cleaning', runId: 'other' });
  assert.equal(state.cleaning, false);
  state = activeRunReducer(state, { type: 'cleaning', runId: 'r1' });
  assert.equal(state.cleaning, true);
  state = activeRunReducer(state, {
    type: 'ended',
    runId: 'r1',
    ending: { status: 'completed', endReason: null },
  });
  assert.equal(state.cleaning, false);
});
