// The operation-kind rows drive the engine: each kind's module is keyed by its row's kind, the
// controls validation accepts are exactly the row's, and which workloads recount a lab's entries
// follows the row's `writes`.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ControlType, RequestControl } from '../../shared/operations/common.ts';
import type { FormInput } from '../../shared/operations/formFields.ts';
import { operationFromForm } from '../../shared/operations/operationForm.ts';
import { OPERATION_KINDS, OPERATION_TRAITS } from '../../shared/operations/registry.ts';
import type { OperationKind } from '../../shared/operations/registry.ts';
import type { WorkloadSpec } from '../../shared/workload.ts';
import { writesEntries } from '../matrix/cellExecution.ts';
import { OPERATION_MODULES } from './ops/operationModules.ts';
import type { OperationModule } from './ops/opTypes.ts';
import { SEARCH_MODULE } from './ops/search.ts';
import { validateWorkloadSpec } from './validateWorkload.ts';

// @ts-expect-error a table of modules missing a kind does not compile
const _missingKinds: { readonly [K in OperationKind]: OperationModule<K> } = {
  search: SEARCH_MODULE,
};

/** One control of each type, valid on its own. */
const CONTROLS: Record<ControlType, RequestControl> = {
  'proxied-auth': { type: 'proxied-auth', authzId: 'dn:cn=someone,o=Salford,c=gb' },
  assertion: { type: 'assertion', filter: '(objectClass=*)' },
  'pre-read': { type: 'pre-read', attributes: ['cn'] },
  'post-read': { type: 'post-read', attributes: ['cn'] },
  'permissive-modify': { type: 'permissive-modify' },
  raw: { type: 'raw', oid: '1.2.3.4' },
};

/** The GUI's form values as they start (a blank DN: ten pool entries instead). */
const initialForm: FormInput = {
  text: (field) => {
    const initial = field.gui === undefined ? undefined : String(field.gui.initial);
    return field.name.endsWith('Entries') && initial === '' ? '10' : initial;
  },
  flag: (field) => field.gui?.initial === true,
  template: (field) => field.guiFixed,
};

/** A workload of `kind`'s default operation, with `controls` added when given. */
function specOf(kind: OperationKind, controls?: RequestControl[]): WorkloadSpec {
  const built = operationFromForm(kind, initialForm);
  const operation = controls === undefined ? built.operation : { ...built.operation, controls };
  return {
    id: `rows-${kind}`,
    title: kind,
    operations: [{ label: kind, weight: 1, operation } as WorkloadSpec['operations'][number]],
    ...(built.pool === undefined ? {} : { pool: built.pool }),
  };
}

test('each kind has a row and a module under its own name', () => {
  assert.deepEqual(Object.keys(OPERATION_MODULES).sort(), [...OPERATION_KINDS].sort());
  for (const kind of OPERATION_KINDS) assert.equal(OPERATION_TRAITS[kind].kind, kind);
  assert.ok(OPERATION_KINDS.includes('whoami') && OPERATION_KINDS.includes('password-modify'));
});

test("validation accepts exactly the controls of a kind's row", () => {
  for (const kind of OPERATION_KINDS) {
    validateWorkloadSpec(specOf(kind));
    for (const [type, control] of Object.entries(CONTROLS) as [ControlType, RequestControl][]) {
      const accepted = OPERATION_TRAITS[kind].controls.includes(type);
      const check = () => validateWorkloadSpec(specOf(kind, [control]));
      if (accepted) assert.doesNotThrow(check, `${kind} takes ${type}`);
      else assert.throws(check, `${kind} refuses ${type}`);
    }
  }
});

test('a lab is recounted after a workload whose row adds, deletes or renames entries', () => {
  const recounted = OPERATION_KINDS.filter((kind) => {
    const { pool: _pool, ...spec } = specOf(kind);
    return writesEntries(spec);
  });
  assert.deepEqual(recounted, ['add', 'delete', 'modrdn']);
  // Password modify writes values of existing entries: the count stays.
  assert.equal(OPERATION_TRAITS['password-modify'].writes, 'values');
});
