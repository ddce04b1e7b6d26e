import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import type { TestContext } from 'node:test';
import { tempDir } from '../testing/tempDirFixture.ts';
import { logTail } from './logTail.ts';

/** Writes `text` to `name` in a temporary folder removed after test `t`; returns the file's path. */
async function logFile(t: TestContext, name: string, text: string): Promise<string> {
  const path = join(await tempDir(t, 'dirbench-log-'), name);
  await writeFile(path, text);
  return path;
}

test('returns the last lines without slapd timestamps', async (t) => {
  const path = await logFile(
    t,
    'slapd.log',
    [
      '6b026ecf.1010cb42 0x7fb66fff1200 first',
      '6b026ecf.1010cb42 0x7fb66fff1200 s.conf: line 24: unknown directive <bogus>',
      '',
      '6b026ecf.1016afa3 0x7fb66fff1200 slapd stopped.',
      '6b026ecf.1016afa3 0x7fb66fff1200 last words',
      '',
    ].join('\n'),
  );
  assert.equal(logTail(path, 2), 's.conf: line 24: unknown directive <bogus> | last words');
  assert.equal(logTail(join(dirname(path), 'missing.log')), '');
});

test('drops the banner and shutdown lines slapd always prints', async (t) => {
  const path = await logFile(
    t,
    'slapd.log',
    [
      '6b026ed2.30ac5bf0 0x7f1f21d60200 @(#) $OpenLDAP: slapd 2.5.13+dfsg-5 (Feb  8 2023 01:56:12) $',
      '\tDebian OpenLDAP Maintainers <pkg-openldap-devel@lists.alioth.debian.org>',
      '6b026ed2.30ac5bf1 0x7f1f21d60200 daemon: bind(6) failed errno=98 (Address already in use)',
      '6b026ed2.30ac5bf2 0x7f1f21d60200 slapd stopped.',
      '6b026ed2.30ac5bf3 0x7f1f21d60200 connections_destroy: nothing to destroy.',
    ].join('\n'),
  );
  assert.equal(logTail(path), 'daemon: bind(6) failed errno=98 (Address already in use)');
});

test('reads only the end of a long log', async (t) => {
  const path = await logFile(t, 'big.log', `${'x'.repeat(100_000)}\nthe end\n`);
  assert.equal(logTail(path, 1), 'the end');
});
