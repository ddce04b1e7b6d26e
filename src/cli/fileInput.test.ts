import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { ApiError } from '../shared/errors.ts';
import { readJsonFile, readTextFile } from './fileInput.ts';

const dir = mkdtempSync(join(tmpdir(), 'dirbench-file-input-'));

/** Writes `text` to a file in the test folder and returns its path. */
function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

/** Asserts `fn` throws a validation error on `field` with exactly `message`. */
function assertRefused(fn: () => unknown, field: string, message: string): void {
  assert.throws(fn, (err: unknown) => {
    assert.ok(err instanceof ApiError);
    assert.equal(err.field, field);
    assert.equal(err.message, message);
    return true;
  });
}

test('a file is read as text, or refused with its error code under the field', () => {
  assert.equal(readTextFile(file('p.txt', 'a b\n'), '--x', 'x'), 'a b\n');
  const missing = join(dir, 'missing.json');
  assertRefused(
    () => readTextFile(missing, '--rate-profile', `--rate-profile ${missing}`),
    '--rate-profile',
    `cannot read --rate-profile ${missing}: ENOENT`,
  );
});

test('a JSON file is parsed; a syntax error names the file with the wording asked for', () => {
  assert.deepEqual(readJsonFile(file('ok.json', '{"a": [1]}'), 'file', 'ok'), { a: [1] });
  const broken = file('broken.json', '{"a": ');
  assertRefused(
    () => readJsonFile(broken, 'file', broken, 'is not JSON'),
    'file',
    `${broken} is not JSON: ${jsonError('{"a": ')}`,
  );
  assertRefused(
    () => readJsonFile(broken, '--workload-file', `--workload-file ${broken}`),
    '--workload-file',
    `--workload-file ${broken} is not valid JSON: ${jsonError('{"a": ')}`,
  );
});

/** What JSON.parse says about `text`. */
function jsonError(text: string): string {
  try {
    JSON.parse(text);
  } catch (err) {
    return (err as Error).message;
  }
  return '';
}
