import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { EXIT_CODES, signalExitCode } from './commandSpec.ts';
import { exitCodeTable, TABLE_END, TABLE_START, withExitCodeTable } from './exitCodeDocs.ts';

const README = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

test("the README's exit-code table is the code's own (run npm run docs:exit-codes when this fails)", () => {
  assert.equal(withExitCodeTable(README), README);
});

test('every exit code has one row, in order, Ctrl-C and SIGTERM as the shell reports them', () => {
  const rows = exitCodeTable().split('\n').slice(2);
  assert.deepEqual(
    rows.map((row) => Number(row.split('|')[1])),
    EXIT_CODES.map((e) => e.code),
  );
  assert.deepEqual([signalExitCode('SIGINT'), signalExitCode('SIGTERM')], [130, 143]);
  assert.ok(EXIT_CODES.some((e) => e.code === 130 && /Ctrl-C/.test(e.detail)));
});

test('the table is written between the markers, whatever stood there, and nowhere else', () => {
  const stale = `intro\n${TABLE_START}\n\n| exit | meaning |\n| 1 | Ctrl-C |\n\n${TABLE_END}\n\nrest\n`;
  const written = withExitCodeTable(stale);
  assert.equal(written, `intro\n${TABLE_START}\n\n${exitCodeTable()}\n\n${TABLE_END}\n\nrest\n`);
  assert.equal(withExitCodeTable(written), written);
  assert.throws(() => withExitCodeTable('no markers'), /markers/);
});
