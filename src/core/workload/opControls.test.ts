// An operation's compiled controls: fixed ones are encoded once and shared, patterns expand per op
// with the op's own entry (escaped in filters), and ldapts gets fresh objects with the same bytes.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { BerWriter, FilterParser } from 'ldapts';
import { Prng } from '../datagen/prng.ts';
import {
  controlsElement,
  encodeControl,
  ReadEntryControl,
} from '../ldap/controls/encodeControls.ts';
import type { EntryPicker } from './entryPicker.ts';
import { compileControls } from './opControls.ts';
import { OpContext } from './opContext.ts';
import type { OpTools } from './ops/opTypes.ts';
import { parseValuePattern } from '../pattern/index.ts';

const tools = { pattern: (t: string) => parseValuePattern(t) } as unknown as OpTools;

/** Two entries, one whose cn needs escaping in a filter. */
const picker: EntryPicker = {
  size: 2,
  attributes: ['dn', 'cn'],
  dn: (i) => `cn=e${i},o=t`,
  entry: (i) => ({ dn: `cn=e${i},o=t`, cn: i === 0 ? 'a*b' : 'plain' }),
};

test('no controls compile to nothing: the op sends none and does no work for them', () => {
  assert.equal(compileControls(undefined, tools), null);
  assert.equal(compileControls([], tools), null);
});

test('fixed controls are encoded once; every op shares the same bytes', () => {
  const factory = compileControls(
    [{ type: 'permissive-modify' }, { type: 'raw', oid: '1.2.3', critical: true, value: 'v' }],
    tools,
  );
  const ctx = new OpContext(new Prng(1), null, 'u');
  const first = factory?.(ctx);
  assert.equal(factory?.(ctx), first);
  assert.deepEqual(
    first?.element,
    controlsElement([
      encodeControl({ oid: '1.2.840.113556.1.4.1413', critical: false, value: null }),
      encodeControl({ oid: '1.2.3', critical: true, value: Buffer.from('v') }),
    ]),
  );
});

test("patterns expand per op with the op's entry; filter values are escaped; read controls are fresh objects", () => {
  const factory = compileControls(
    [
      { type: 'proxied-auth', authzId: 'dn:[entry:dn]' },
      { type: 'assertion', filter: '(cn=[entry:cn])' },
      { type: 'pre-read', attributes: ['cn'] },
    ],
    tools,
  );
  const ctx = new OpContext(new Prng(3), picker, 'u');
  const seen = new Set<string>();
  for (let i = 0; i < 20; i++) {
    ctx.begin();
    const dn = ctx.entry('dn');
    const controls = factory?.(ctx);
    const filter = new BerWriter();
    FilterParser.parseString(dn === 'cn=e0,o=t' ? '(cn=a\\2ab)' : '(cn=plain)').write(filter);
    const proxied = encodeControl({
      oid: '2.16.840.1.113730.3.4.18',
      critical: true,
      value: Buffer.from(`dn:${dn}`),
    });
    const asserted = encodeControl({ oid: '1.3.6.1.1.12', critical: true, value: filter.buffer });
    assert.ok(controls?.element.includes(proxied), `proxied as ${dn}`);
    assert.ok(controls?.element.includes(asserted), `asserted for ${dn}`);
    const [a, b] = [controls?.ldapts(), controls?.ldapts()];
    assert.ok(a?.[2] instanceof ReadEntryControl && a[2] !== b?.[2]);
    seen.add(dn);
  }
  assert.equal(seen.size, 2, 'both entries were picked');
});
