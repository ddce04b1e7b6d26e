import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ApiError } from '../shared/errors.ts';
import { neededArg, plainCommand } from './plainCommand.ts';

const run = (): Promise<number> => Promise.resolve(0);
const examples = [{ what: 'tag a run', line: 'dirbench runs tag RUN-ID paper' }];

test('the synopsis gives the name, the arguments and the usage line; --json only when it prints one', () => {
  const tag = plainCommand('runs tag ID TAG...', { summary: 'adds tags', examples, run });
  assert.equal(tag.name, 'runs tag');
  assert.deepEqual(tag.args, ['ID', 'TAG...']);
  assert.deepEqual(tag.usage, ['dirbench runs tag ID TAG...']);
  assert.equal(tag.groups.length, 1);
  assert.equal('json' in (tag.groups[0]?.options ?? {}), false);
  const list = plainCommand('lab list', { summary: 'labs', json: 'the labs', examples, run });
  assert.equal(list.name, 'lab list');
  assert.deepEqual(list.args, []);
  assert.deepEqual(list.usage, ['dirbench lab list [--json]']);
  assert.equal(list.groups[0]?.options.json?.description, 'machine-readable output: the labs');
  assert.equal(list.run, run);
});

test('a missing argument is refused as bad input naming the command', () => {
  assert.equal(neededArg('matrix show', 'builtin/x', 'an id'), 'builtin/x');
  assert.throws(
    () => neededArg('matrix show', undefined, 'a matrix or campaign id'),
    (err: unknown) =>
      err instanceof ApiError &&
      err.field === 'command' &&
      err.message === 'matrix show needs a matrix or campaign id',
  );
});
