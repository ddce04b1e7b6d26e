import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Prng } from '../../datagen/prng.ts';
import { OpContext } from '../opContext.ts';
import type { EntryPicker } from '../entryPicker.ts';
import { parseValuePattern } from '../../pattern/index.ts';
import type { OpTools } from './opTypes.ts';
import { templateExpander } from './template.ts';

const tools = { pattern: (t: string) => parseValuePattern(t) } as unknown as OpTools;

// Found by validateWorkload.fuzz.test.ts: an attribute named like an Object property crashed every add.
test('template attributes named constructor or toString expand like any other', () => {
  const expand = templateExpander(
    {
      dn: 'cn=x[unique],o=t',
      attributes: [
        { name: 'objectClass', values: ['top'] },
        { name: 'constructor', values: ['a'] },
        { name: 'toString', values: ['b', 'c'] },
      ],
    },
    tools,
  );
  const entry = expand(new OpContext(new Prng(1), null, 'u'));
  assert.deepEqual(entry.attributes['constructor'], ['a']);
  assert.deepEqual(entry.attributes['toString'], ['b', 'c']);
  assert.deepEqual(entry.attributes['cn'], ['xu1']);
});

test('[entry:constructor] on entries without it is an error, not Object.constructor', () => {
  const picker: EntryPicker = {
    size: 1,
    attributes: ['dn', 'cn'],
    dn: () => 'cn=a,o=t',
    entry: () => ({ dn: 'cn=a,o=t', cn: 'a' }),
  };
  const ctx = new OpContext(new Prng(1), picker, 'u');
  assert.equal(ctx.entry('cn'), 'a');
  assert.throws(() => ctx.entry('constructor'), /has no constructor attribute/);
});
