import assert from 'node:assert/strict';
import { test } from 'node:test';
import { joinNegativeValues, optionForField } from './argvFixes.ts';

const OPTIONS = { connections: { type: 'string' }, yes: { type: 'boolean' } } as const;

test('a negative number after a string option is joined to it, so its range check names it', () => {
  assert.deepEqual(joinNegativeValues(['run', '--connections', '-1'], OPTIONS), [
    'run',
    '--connections=-1',
  ]);
  assert.deepEqual(joinNegativeValues(['--connections', '-.5'], OPTIONS), ['--connections=-.5']);
  // Flags, boolean options and other options' values are left alone.
  assert.deepEqual(joinNegativeValues(['--yes', '-1'], OPTIONS), ['--yes', '-1']);
  assert.deepEqual(joinNegativeValues(['--connections', '-x'], OPTIONS), ['--connections', '-x']);
  assert.deepEqual(joinNegativeValues(['--connections'], OPTIONS), ['--connections']);
});

test('API fields are shown as the options that fill them', () => {
  assert.equal(optionForField('baseDn'), '--base');
  assert.equal(optionForField('url'), '--target');
  assert.equal(optionForField('sizes[0]'), 'sizes[0]');
});
