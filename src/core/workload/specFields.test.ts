import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { ApiError } from '../../shared/errors.ts';
import {
  booleanField,
  child,
  choiceField,
  fieldsOf,
  integerField,
  listField,
  numberField,
  optional,
  show,
  stringField,
} from './specFields.ts';
import { thrownBy } from '../testing/thrownBy.ts';

/** Runs `read` and returns the validation error it throws. */
function rejection(read: () => unknown): ApiError {
  return thrownBy(read, ApiError, 'expected a validation error');
}

/** Levenshtein distance, for checking suggestions. */
function distance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) (d[0] as number[])[j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const row = d[i] as number[];
      const prev = d[i - 1] as number[];
      row[j] = Math.min(
        (prev[j] as number) + 1,
        (row[j - 1] as number) + 1,
        (prev[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    }
  }
  return (d[a.length] as number[])[b.length] as number;
}

describe('paths and values in messages', () => {
  test('child paths', () => {
    assert.equal(child('', 'operations'), 'operations');
    assert.equal(child('operations', 1), 'operations[1]');
    assert.equal(child('operations[1]', 'operation'), 'operations[1].operation');
    assert.equal(child('', 0), '[0]');
  });

  test('show quotes strings and writes the rest as JSON', () => {
    assert.equal(show('x'), "'x'");
    assert.equal(show(undefined), 'nothing');
    assert.equal(show(null), 'null');
    assert.equal(show([1, 'a']), '[1,"a"]');
  });
});

describe('fieldsOf', () => {
  const allowed = ['base', 'scope', 'filter', 'attributes', 'sizeLimit'];

  test('accepts an object with allowed keys and the required ones', () => {
    const value = { base: 'x', filter: '(a=b)' };
    assert.equal(fieldsOf(value, 'op', allowed, ['base']), value);
  });

  test('rejects what is not a plain object', () => {
    for (const [value, got] of [
      [null, 'null'],
      [[1], 'a list'],
      ['s', "'s'"],
      [3, '3'],
    ] as const) {
      const err = rejection(() => fieldsOf(value, 'op', allowed, []));
      assert.equal(err.field, 'op');
      assert.equal(err.message, `op must be an object; got ${got}`);
    }
    assert.equal(
      rejection(() => fieldsOf(1, '', allowed, [])).message,
      'the workload must be an object; got 1',
    );
  });

  test('names a missing required field', () => {
    const err = rejection(() => fieldsOf({ base: 'x' }, 'op', allowed, ['base', 'filter']));
    assert.equal(err.kind, 'validation');
    assert.equal(err.field, 'op.filter');
    assert.equal(err.message, 'op.filter is required');
  });

  test('an unknown key is reported before missing ones, with the allowed list', () => {
    const err = rejection(() => fieldsOf({ colour: 1 }, 'op', allowed, ['base']));
    assert.equal(err.field, 'op.colour');
    assert.equal(err.message, `op has an unknown field 'colour'; allowed: ${allowed.join(', ')}`);
  });

  test('a typo within two edits gets the nearest allowed key as a suggestion', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...allowed),
        fc.nat(),
        fc.constantFrom('drop', 'swap', 'case', 'add'),
        fc.constantFrom('x', 'q', '_'),
        (key, at, edit, ch) => {
          const i = at % key.length;
          const typo =
            edit === 'drop'
              ? key.slice(0, i) + key.slice(i + 1)
              : edit === 'swap'
                ? key.slice(0, i) + ch + key.slice(i + 1)
                : edit === 'case'
                  ? key.toUpperCase()
                  : key.slice(0, i) + ch + key.slice(i);
          fc.pre(!allowed.includes(typo));
          const err = rejection(() => fieldsOf({ [typo]: 1 }, 'op', allowed, []));
          assert.equal(err.field, `op.${typo}`);
          const match = /did you mean '([^']+)'\?/.exec(err.message);
          assert.ok(match !== null, err.message);
          const suggested = match[1] as string;
          const best = Math.min(
            ...allowed.map((a) => distance(typo.toLowerCase(), a.toLowerCase())),
          );
          assert.equal(distance(typo.toLowerCase(), suggested.toLowerCase()), best);
          assert.ok(best <= 2);
        },
      ),
    );
  });
});

describe('typed fields', () => {
  test('stringField', () => {
    assert.equal(stringField('', 'f', false), '');
    assert.equal(rejection(() => stringField('  ', 'f', true)).message, 'f must not be empty');
    assert.equal(rejection(() => stringField(5, 'f', false)).message, 'f must be text; got 5');
    assert.equal(
      rejection(() => stringField({}, 'f', false)).message,
      'f must be text; got an object',
    );
  });

  test('integerField and numberField check type and bounds', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -100, max: 100 }),
        fc.integer({ min: -100, max: 100 }),
        (value, min) => {
          const max = min + 50;
          if (value >= min && value <= max) {
            assert.equal(integerField(value, 'n', min, max), value);
            assert.equal(numberField(value + 0.5, 'n', min, max + 1), value + 0.5);
          } else {
            const err = rejection(() => integerField(value, 'n', min, max));
            assert.equal(err.message, `n must be between ${min} and ${max}; got ${value}`);
          }
        },
      ),
    );
    assert.equal(
      rejection(() => integerField(1.5, 'n', 0, 9)).message,
      'n must be a whole number; got 1.5',
    );
    assert.equal(
      rejection(() => integerField('3', 'n', 0, 9)).message,
      "n must be a whole number; got '3'",
    );
    assert.equal(
      rejection(() => numberField(Infinity, 'n', 0, 9)).message,
      'n must be a finite number; got null',
    );
    assert.equal(rejection(() => numberField(Number.NaN, 'n', 0, 9)).field, 'n');
  });

  test('booleanField, choiceField, listField', () => {
    assert.equal(booleanField(false, 'b'), false);
    assert.equal(
      rejection(() => booleanField('true', 'b')).message,
      "b must be true or false; got 'true'",
    );
    assert.equal(choiceField('one', 's', ['base', 'one']), 'one');
    assert.equal(
      rejection(() => choiceField('ONE', 's', ['base', 'one'])).message,
      "s must be one of base, one; got 'ONE'",
    );
    assert.deepEqual(listField([], 'l', 0), []);
    assert.equal(rejection(() => listField([], 'l', 1)).message, 'l needs at least 1 item');
    assert.equal(rejection(() => listField([1], 'l', 2)).message, 'l needs at least 2 items');
    assert.equal(rejection(() => listField('x', 'l', 0)).message, "l must be a list; got 'x'");
  });

  test('optional reads a present field under its path and skips an absent one', () => {
    const fields = { a: 3 };
    assert.equal(
      optional(fields, 'a', 'p', (v, f) => `${f}=${String(v)}`),
      'p.a=3',
    );
    assert.equal(
      optional(fields, 'b', 'p', () => 'read'),
      undefined,
    );
  });
});
