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

test('a binary file is refused as not text, and JSON errors quote the file printably', () => {
  const elf = join(dir, 'a.out');
  writeFileSync(elf, Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2]));
  assertRefused(
    () => readJsonFile(elf, '--workload-file', `--workload-file ${elf}`),
    '--workload-file',
    `--workload-file ${elf} is not a text file: a control byte 0x7f at offset 0, in bytes 0-15: 7f 45 4c 46 02 01 01 00 00 00 00 00 00 00 00 00 ...`,
  );
  const latin1 = join(dir, 'latin1.json');
  writeFileSync(latin1, Buffer.from('{"name": caf\xe9}', 'latin1'));
  assertRefused(
    () => readJsonFile(latin1, 'file', latin1, 'is not JSON'),
    'file',
    `${latin1} is not JSON: unexpected character 'c' near position 9: bytes 9-15: 63 61 66 ef bf bd 7d`,
  );
});
