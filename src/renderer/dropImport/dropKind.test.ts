// Dropped files told apart by content: the real peer-tool fixtures, matrix and workload JSON, and
// files that are none of them.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import test from 'node:test';
import { detectDrop, savedName } from './dropKind.ts';

function fixture(name: string): string {
  return readFileSync(new URL(`../../../e2e/fixtures/imports/${name}`, import.meta.url), 'utf8');
}

test('the peer tools CSV fixtures are told apart by their header', () => {
  for (const [file, format] of [
    ['searchrate-base-reads.csv', 'searchrate-csv'],
    ['searchrate-errors.csv', 'searchrate-csv'],
    ['opendj-base-reads.csv', 'opendj-csv'],
    ['opendj-percentiles-errors.csv', 'opendj-csv'],
  ] as const) {
    assert.deepEqual(detectDrop(file, fixture(file)), { kind: 'run', format }, file);
  }
});

test('modrate and a BOM still read as searchrate output', () => {
  const modrate =
    '\uFEFFRecent Mods/Sec,Recent Avg Dur ms,Recent Errors/Sec,Overall Mods/Sec,Overall Avg Dur ms\n1,2,0,1,2\n';
  assert.deepEqual(detectDrop('m.csv', modrate), { kind: 'run', format: 'searchrate-csv' });
});

test('matrix and workload JSON are recognised with the name they are saved under', () => {
  const matrix = detectDrop(
    'm.json',
    JSON.stringify({ name: 'nightly run', servers: [], sizes: [] }),
  );
  assert.equal(matrix.kind, 'matrix');
  assert.equal(matrix.kind === 'matrix' && matrix.name, 'nightly-run');
  const workload = detectDrop(
    'w.json',
    JSON.stringify({ id: 'salford/S.3', title: 'Search', operations: [] }),
  );
  assert.equal(workload.kind === 'workload' && workload.name, 'S.3');
});

test('JSON that is both a matrix and a workload asks which', () => {
  const both = detectDrop(
    'x.json',
    JSON.stringify({ name: 'x', servers: [], sizes: [], operations: [] }),
  );
  assert.equal(both.kind, 'either');
});

test('anything else is refused naming the file and the kinds accepted', () => {
  for (const [name, text, why] of [
    ['notes.txt', 'hello world\n', /first line \("hello world"\)/],
    ['empty.csv', '   \n', /it is empty/],
    ['bad.json', '{"name": ', /not valid JSON/],
    ['list.json', '[1, 2]', /not an object/],
    ['catalog.json', '{"catalog": "x", "workloads": []}', /workload catalog/],
    ['other.json', '{"a": 1}', /neither a matrix/],
    // A binary file as File.text() decodes it: its bytes in hex, never raw control characters.
    [
      'a.out',
      '\u007fELF\u0002\u0001\u0001\u0000\u0000\ufffd',
      /first line \(bytes 0-11: 7f 45 4c 46 02 01 01 00 00 ef bf bd\)/,
    ],
    ['bin.json', '{"a": "\u0001\u001b[2J"}', /not valid JSON \(Bad control character .* bytes 7-/],
  ] as const) {
    const result = detectDrop(name, text);
    assert.equal(result.kind, 'refused', name);
    const message = result.kind === 'refused' ? result.message : '';
    assert.match(message, new RegExp(`^"${name.replace('.', '\\.')}" cannot be imported`));
    assert.match(message, why);
    assert.doesNotMatch(message, /\p{Cc}/u, 'no control character');
    assert.match(message, /searchrate --csv.*OpenDJ.*matrix JSON or a workload JSON/);
  }
});

test('saved names keep the allowed characters', () => {
  assert.equal(savedName('user/my-search'), 'my-search');
  assert.equal(savedName(undefined, 'Read & write mix!'), 'Read-write-mix');
  assert.equal(savedName('', '***'), 'imported');
});
