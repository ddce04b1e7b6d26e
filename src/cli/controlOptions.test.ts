// The request-control options of `run --op`: what they add to the ad-hoc operation, what they
// refuse, and errors named by the option a control came from.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { adhocWorkload } from './adhocWorkload.ts';
import { adhocOptionOf } from './workloadFromOptions.ts';

const MODIFY = { op: 'modify', 'entry-dn': 'cn=x,o=t', attribute: 'description' };

test('each option adds its control to the --op operation, -J once per value', () => {
  const spec = adhocWorkload({
    ...MODIFY,
    'proxy-as': 'u:[entry:uid]',
    'assertion-filter': '(objectClass=*)',
    'pre-read': 'cn, sn',
    'post-read': 'cn',
    'permissive-modify': true,
    control: ['1.2.3:true', '1.2.4:false::AAE='],
  });
  const operation = spec?.operations[0]?.operation;
  assert.deepEqual(operation?.kind === 'modify' ? operation.controls : null, [
    { type: 'proxied-auth', authzId: 'u:[entry:uid]' },
    { type: 'assertion', filter: '(objectClass=*)' },
    { type: 'pre-read', attributes: ['cn', 'sn'] },
    { type: 'post-read', attributes: ['cn'] },
    { type: 'permissive-modify' },
    { type: 'raw', oid: '1.2.3', critical: true },
    { type: 'raw', oid: '1.2.4', critical: false, valueBase64: 'AAE=' },
  ]);
  assert.ok(!('controls' in (adhocWorkload(MODIFY)?.operations[0]?.operation ?? {})));
});

test('controls without --op, on a bind, or an empty read list are refused with the fix', () => {
  assert.throws(
    () => adhocWorkload({ 'proxy-as': 'u:x' }),
    /--proxy-as adds a request control to the --op operation: give --op too/,
  );
  assert.throws(
    () =>
      adhocWorkload({
        op: 'bind',
        'bind-dn-pattern': 'x',
        'credentials-pattern': 'y',
        control: '1.2.3',
      }),
    /--control does not go with --op bind/,
  );
  assert.throws(
    () => adhocWorkload({ ...MODIFY, 'pre-read': ' , ' }),
    /--pre-read needs attribute names/,
  );
});

test("a control's validation error is named by the option it came from", () => {
  const spec = adhocWorkload({ ...MODIFY, 'pre-read': 'cn', control: '1.2.3' }) ?? undefined;
  assert.equal(
    adhocOptionOf('workloadSpec.operations[0].operation.controls[0]', spec),
    '--pre-read',
  );
  assert.equal(
    adhocOptionOf('workloadSpec.operations[0].operation.controls[1].oid', spec),
    '--control',
  );
});
