import assert from 'node:assert/strict';
import { test } from 'node:test';
import { loadNames } from './names.ts';

test('name lists are large, letters only and without duplicates', () => {
  const { first, last } = loadNames();
  assert.ok(first.length >= 400, `${first.length} first names`);
  assert.ok(last.length >= 400, `${last.length} last names`);
  for (const name of [...first, ...last]) assert.match(name, /^[A-Z][A-Za-z]*$/);
  assert.equal(new Set(first).size, first.length);
  assert.equal(new Set(last).size, last.length);
});

test('lists are loaded once', () => {
  assert.equal(loadNames(), loadNames());
});
