// Regressions for what template.fuzz.test.ts found: each once crashed or hung instead of a TemplateError.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { EntryState } from './compiledTypes.ts';
import { loadTemplateText } from './engine.ts';
import { TemplateError } from './errors.ts';

const HEAD = 'branch: dc=example,dc=com\nobjectClass: domain\nsubordinateTemplate: person:2\n\n';

function entryState(): EntryState {
  return {
    parentDn: 'dc=example,dc=com',
    parentSafe: true,
    first: 'A',
    last: 'B',
    dn: '',
    password: null,
  };
}

test('a random length in the hundreds of millions is refused instead of generating for ever', () => {
  for (const tag of [
    '<random:hex:0:270695855>',
    '<random:alpha:2000000>',
    '<random:chars:ab:1:5000000>',
  ]) {
    assert.throws(
      () =>
        loadTemplateText(`${HEAD}template: person\nrdnAttr: cn\ncn: x${tag}\n`, 't.template', {
          seed: 1,
        }),
      (err: unknown) =>
        err instanceof TemplateError && err.line === 7 && /is above 1000000/.test(err.message),
    );
  }
});

test('a template listing itself with count 0 loads and counts its entries', () => {
  const loaded = loadTemplateText(
    `${HEAD}template: person\nsubordinateTemplate: person:0\nrdnAttr: cn\ncn: p<sequential:1>\n`,
    't.template',
    { seed: 1 },
  );
  assert.equal(loaded.total, 3);
});

test('a URL value with a lone surrogate (text from the API) is written, not thrown', () => {
  const loaded = loadTemplateText(
    `${HEAD}template: person\nrdnAttr: cn\ncn: p<sequential:1>\nlabeledURI:< http://x/\uD800\n`,
    't.template',
    { seed: 1 },
  );
  const person = loaded.compiled.branches[0]?.subordinates[0]?.template.program;
  assert.ok(person !== undefined);
  assert.match(person.gen(entryState()), /labeledURI:< http:\/\/x\/%EF%BF%BD\n/);
});
