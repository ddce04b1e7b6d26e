// Workload request controls: what validation keeps, what it refuses and why, and the -J syntax.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ApiError } from '../../shared/errors.ts';
import { thrownBy } from '../testing/thrownBy.ts';
import { parseControlArgument } from '../../shared/controlArgument.ts';
import { validateWorkloadSpec } from './validateWorkload.ts';

const MODIFY = {
  kind: 'modify',
  entryDn: 'uid=user.[1-9],ou=People,dc=example,dc=com',
  changes: [{ operation: 'replace', attribute: 'description', values: ['[random:8]'] }],
};
const SEARCH = {
  kind: 'search',
  base: 'dc=example,dc=com',
  scope: 'sub',
  filter: '(uid=x)',
  attributes: [],
};

/** The operation a one-operation workload of `operation` validates to. */
function validated(operation: object): unknown {
  const spec = validateWorkloadSpec({
    id: 't/c',
    title: 'T',
    operations: [{ label: 'op', weight: 1, operation }],
  });
  return spec.operations[0]?.operation;
}

/** The field and message of the error validating `operation` throws. */
function refusal(operation: object): { field: string; message: string } {
  const err = thrownBy(() => validated(operation), ApiError, 'validation passed');
  return { field: err.field ?? '', message: err.message };
}

describe('workload request controls', () => {
  test('each control type is kept as given on an operation that can carry it', () => {
    const controls = [
      { type: 'proxied-auth', authzId: 'dn:[entry:dn]' },
      { type: 'assertion', filter: '(objectClass=person)' },
      { type: 'pre-read', attributes: ['description'] },
      { type: 'post-read', attributes: ['description', 'modifyTimestamp'] },
      { type: 'permissive-modify' },
      { type: 'raw', oid: '2.16.840.1.113730.3.4.2', critical: true },
      { type: 'raw', oid: '1.2.3.4', valueBase64: 'AAE=' },
    ];
    assert.deepEqual(validated({ ...MODIFY, controls }), { ...MODIFY, controls });
  });

  test('-J text in a file reads as a raw control', () => {
    assert.deepEqual(validated({ ...SEARCH, controls: ['1.3.6.1.4.1.4203.1.10.1:false:x:y'] }), {
      ...SEARCH,
      controls: [{ type: 'raw', oid: '1.3.6.1.4.1.4203.1.10.1', critical: false, value: 'x:y' }],
    });
  });

  test('a control on an operation that cannot carry it, a bad identity, a control twice: refused with the fix', () => {
    assert.match(
      refusal({ ...SEARCH, controls: [{ type: 'pre-read', attributes: ['cn'] }] }).message,
      /a pre-read control cannot go on a search operation; it goes on delete, modify, modrdn/,
    );
    assert.match(
      refusal({ ...SEARCH, controls: [{ type: 'permissive-modify' }] }).message,
      /goes on modify, search-and-modify/,
    );
    const identity = refusal({ ...MODIFY, controls: [{ type: 'proxied-auth', authzId: 'uid=x' }] });
    assert.equal(identity.field, 'operations[0].operation.controls[0].authzId');
    assert.match(identity.message, /must start with dn: or u: \(RFC 4370\)/);
    assert.match(
      refusal({
        ...MODIFY,
        controls: [{ type: 'permissive-modify' }, { type: 'permissive-modify' }],
      }).message,
      /lists permissive-modify twice/,
    );
    assert.match(
      refusal({ ...MODIFY, controls: [{ type: 'assertion', filter: 'objectClass=*' }] }).field,
      /controls\[0\]\.filter$/,
    );
    assert.match(
      refusal({ ...MODIFY, controls: [{ type: 'raw', oid: 'manageDsaIT' }] }).message,
      /numeric OID/,
    );
    assert.match(
      refusal({
        ...MODIFY,
        controls: [{ type: 'raw', oid: '1.2.3', value: 'a', valueBase64: 'AA==' }],
      }).message,
      /both value and valueBase64/,
    );
  });
});

describe("UnboundID's -J syntax", () => {
  test('OID, criticality, value and ::base64 value', () => {
    assert.deepEqual(parseControlArgument('1.2.840.113556.1.4.1413', '--control'), {
      type: 'raw',
      oid: '1.2.840.113556.1.4.1413',
    });
    assert.deepEqual(parseControlArgument('1.2.3:TRUE', '--control'), {
      type: 'raw',
      oid: '1.2.3',
      critical: true,
    });
    assert.deepEqual(parseControlArgument('1.2.3:no:dn:x', '--control'), {
      type: 'raw',
      oid: '1.2.3',
      critical: false,
      value: 'dn:x',
    });
    assert.deepEqual(parseControlArgument('1.2.3:y::AAE=', '--control'), {
      type: 'raw',
      oid: '1.2.3',
      critical: true,
      valueBase64: 'AAE=',
    });
  });

  test('what cannot be read says what was expected', () => {
    assert.throws(
      () => parseControlArgument('relax:true', '--control'),
      /must start with a numeric OID/,
    );
    assert.throws(() => parseControlArgument('1.2.3:maybe', '--control'), /must be true or false/);
    assert.throws(
      () => parseControlArgument('1.2.3:true::not base64', '--control'),
      /must be base64/,
    );
  });
});
