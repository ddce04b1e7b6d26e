import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { EXIT_CODES, signalExitCode } from '../commandSpec.ts';
import { exitCodeTable } from './exitCodeTable.ts';
import { sectionMarkers, withSection } from './generatedSection.ts';

const CI_GATES = readFileSync(new URL('../../../docs/ci-gates.md', import.meta.url), 'utf8');

test("docs/ci-gates.md's exit-code table is the code's own (run npm run docs when this fails)", () => {
  assert.equal(withSection(CI_GATES, 'exit-codes', exitCodeTable(), 'ci-gates.md'), CI_GATES);
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

test('a section is written between its markers, whatever stood there, and nowhere else', () => {
  const { start, end } = sectionMarkers('exit-codes');
  const stale = `intro\n${start}\n\n| exit | meaning |\n| 1 | Ctrl-C |\n\n${end}\n\nrest\n`;
  const written = withSection(stale, 'exit-codes', exitCodeTable(), 'page.md');
  assert.equal(written, `intro\n${start}\n\n${exitCodeTable()}\n\n${end}\n\nrest\n`);
  assert.equal(withSection(written, 'exit-codes', exitCodeTable(), 'page.md'), written);
  assert.throws(
    () => withSection('no markers', 'exit-codes', 'x', 'page.md'),
    /page\.md has no .* exit-codes section/,
  );
  assert.throws(() => withSection(written, 'other', 'x', 'page.md'), /other section/);
});
