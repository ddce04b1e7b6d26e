import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { isSafeValue } from '../../ldif/safeValue.ts';
import { ldifValue } from '../../testing/ldifValues.ts';
import { partsAreSafe, propsOf } from './textProps.ts';

test('static safety: edges matter only where a part can be first or last', () => {
  const text = propsOf;
  assert.ok(partsAreSafe([text('This is '), text('x'), text('.')]));
  assert.ok(!partsAreSafe([text(' lead'), text('x')]));
  assert.ok(!partsAreSafe([text('x'), text('trail ')]));
  // An empty-able part hands the edge to its neighbour.
  assert.ok(!partsAreSafe([text(''), text(' x')]));
  assert.ok(!partsAreSafe([text('ë')]));
});

test('static safety agrees with the LDIF safe-value rule on every known string', () => {
  const agree = (value: string): void =>
    assert.equal(partsAreSafe([propsOf(value)]), isSafeValue(value), value);
  fc.assert(fc.property(ldifValue, agree), { seed: 2849 });
});
