import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkSaveRequest, errorBoxText, MAX_SAVE_BYTES } from './dialogs.ts';

const BYTES = new Uint8Array([1, 2, 3]);

test('a save keeps only a bare, safe file name: the dialog decides the folder', () => {
  const names: [unknown, string][] = [
    ['campaign-report.html', 'campaign-report.html'],
    ['../../.bashrc', 'bashrc'],
    ['/etc/passwd', 'passwd'],
    ['C:\\Windows\\win.ini', 'win.ini'],
    ['a:b*c?.csv', 'a_b_c_.csv'],
    ['line\nbreak.csv', 'line_break.csv'],
    ['..', 'dirbench-export'],
    ['', 'dirbench-export'],
  ];
  for (const [name, expected] of names) {
    const checked = checkSaveRequest(name, BYTES);
    assert.ok(checked.ok, String(name));
    assert.equal(checked.request.fileName, expected, String(name));
    assert.equal(checked.request.bytes, BYTES);
  }
});

test('a save without a name or bytes, or too large, is refused with the reason', () => {
  assert.deepEqual(checkSaveRequest(42, BYTES), { ok: false, error: 'the file name must be text' });
  assert.deepEqual(checkSaveRequest('a.csv', 'text'), {
    ok: false,
    error: 'the file content must be bytes',
  });
  const huge = { byteLength: MAX_SAVE_BYTES + 1 };
  Object.setPrototypeOf(huge, Uint8Array.prototype);
  const refused = checkSaveRequest('a.csv', huge);
  assert.equal(refused.ok, false);
  assert.match(refused.ok ? '' : refused.error, /larger than 256 MiB/);
});

test('error boxes get text, never empty or endless', () => {
  assert.deepEqual(errorBoxText('Export failed', 'no runs'), {
    title: 'Export failed',
    message: 'no runs',
  });
  assert.deepEqual(errorBoxText(null, ' '), {
    title: 'DirBench',
    message: 'Something went wrong.',
  });
  assert.equal(errorBoxText('t', 'x'.repeat(5000)).message.length, 2000);
});
