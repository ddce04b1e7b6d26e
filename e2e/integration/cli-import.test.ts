// `dirbench import` and the history options of `dirbench runs` on the real fixtures, through the CLI process.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';
import type { RunListItem } from '../../src/shared/types.ts';
import { runCli } from './cliHarness.ts';

const FIXTURES = fileURLToPath(new URL('../fixtures/imports/', import.meta.url));
const TIMEOUT_MS = 60_000;

test('imports both formats, lists, tags, filters and deletes them; bad input exits 2', async (t) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'dirbench-cli-import-'));
  t.after(() => rmSync(dataDir, { recursive: true, force: true }));
  const cli = (...args: string[]) => runCli(args, dataDir, TIMEOUT_MS);

  const unboundid = await cli(
    'import',
    '--format',
    'searchrate-csv',
    join(FIXTURES, 'searchrate-base-reads.csv'),
    '--target-name',
    'dir1',
  );
  assert.equal(unboundid.code, 0, unboundid.stderr);
  const unboundidId = unboundid.stdout.trim();
  assert.match(unboundidId, /^run-[0-9a-f]{8}$/);
  const opendj = await cli(
    'import',
    '--format',
    'opendj-csv',
    join(FIXTURES, 'opendj-percentiles-errors.csv'),
    '--json',
  );
  assert.equal(opendj.code, 0, opendj.stderr);
  const opendjId = (JSON.parse(opendj.stdout) as { runId: string }).runId;

  const listed = await cli('runs', 'list', '--json');
  assert.equal(listed.code, 0, listed.stderr);
  const runs = JSON.parse(listed.stdout) as RunListItem[];
  const byId = new Map(runs.map((r) => [r.id, r]));
  assert.equal(byId.get(unboundidId)?.source, 'searchrate-csv');
  assert.equal(byId.get(unboundidId)?.targetName, 'dir1');
  assert.equal(byId.get(unboundidId)?.opsPerSec, 14448.422);
  assert.equal(byId.get(opendjId)?.source, 'opendj-csv');
  assert.equal(byId.get(opendjId)?.p99Us, 4420);

  const shown = await cli('runs', 'show', opendjId);
  assert.equal(shown.code, 0, shown.stderr);
  assert.match(shown.stdout, /imported \(OpenDJ searchrate\)/);
  assert.match(shown.stdout, /p99 4\.42 over the measured phase/);

  assert.equal((await cli('runs', 'tag', unboundidId, 'paper', 'baseline')).code, 0);
  const tagged = await cli('runs', 'list', '--tag', 'paper', '--json');
  assert.deepEqual(
    (JSON.parse(tagged.stdout) as RunListItem[]).map((r) => [r.id, r.tags]),
    [[unboundidId, ['baseline', 'paper']]],
  );
  const byTarget = await cli('runs', 'list', '--target', 'dir1', '--status', 'completed', '--json');
  assert.deepEqual(
    (JSON.parse(byTarget.stdout) as RunListItem[]).map((r) => r.id),
    [unboundidId],
  );
  const table = await cli('runs', 'list', '--workload', 'external/opendj-searchrate');
  assert.match(table.stdout, new RegExp(opendjId));
  assert.doesNotMatch(table.stdout, new RegExp(unboundidId));

  const wrongFormat = await cli(
    'import',
    '--format',
    'opendj-csv',
    join(FIXTURES, 'searchrate-errors.csv'),
  );
  assert.equal(wrongFormat.code, 2);
  assert.match(
    wrongFormat.stderr,
    /searchrate-errors\.csv line 1: not the header of OpenDJ searchrate -S output/,
  );
  const noFormat = await cli('import', join(FIXTURES, 'searchrate-errors.csv'));
  assert.equal(noFormat.code, 2);
  assert.match(noFormat.stderr, /--format must be searchrate-csv/);
  const missing = await cli('import', '--format', 'opendj-csv', join(dataDir, 'nope.csv'));
  assert.equal(missing.code, 2);
  assert.match(missing.stderr, /cannot read .*nope\.csv/);
  // A 19 MB binary file: refused as not text, its first bytes in hex, no raw byte on the terminal.
  const binary = join(dataDir, 'a.out');
  const elf = Buffer.alloc(19_000_000, 0);
  Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0x1b, 0x5b, 0x32, 0x4a]).copy(elf);
  for (let i = 64; i < elf.length; i += 4099) elf[i] = i % 256;
  writeFileSync(binary, elf);
  const notText = await cli('import', '--format', 'searchrate-csv', binary);
  assert.equal(notText.code, 2);
  assert.match(
    notText.stderr,
    /^dirbench: file: a\.out is not rate tool output: it is not text \(a control byte 0x7f at offset 0, in bytes 0-15: 7f 45 4c 46 02 01 01 1b 5b 32 4a 00 00 00 00 00 \.\.\.\)/,
  );
  assert.doesNotMatch(notText.stderr, /[^\P{Cc}\n]|\ufffd/u, 'only printable text and line ends');
  const badStatus = await cli('runs', 'list', '--status', 'done');
  assert.equal(badStatus.code, 2);
  assert.match(badStatus.stderr, /--status: "done" is not one of/);
  const unconfirmed = await cli('runs', 'delete', unboundidId);
  assert.equal(unconfirmed.code, 2);
  assert.match(unconfirmed.stderr, /add --yes/);

  const deleted = await cli('runs', 'delete', unboundidId, opendjId, '--yes');
  assert.equal(deleted.code, 0, deleted.stderr);
  assert.match(deleted.stdout, /Deleted 2 runs/);
  const empty = await cli('runs', 'list', '--json');
  assert.deepEqual(JSON.parse(empty.stdout), []);
});
