import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, sep } from 'node:path';
import { after, before, test } from 'node:test';
import { RequestRefused } from './requestChecks.ts';
import { staticFileFor } from './static.ts';

let root = '';

before(() => {
  root = mkdtempSync(join(tmpdir(), 'dirbench-static-')) + sep;
  mkdirSync(join(root, 'assets'));
  writeFileSync(join(root, 'index.html'), '<!doctype html>');
  writeFileSync(join(root, 'assets', 'app.js'), '');
  writeFileSync(join(root, 'assets', 'a b.css'), '');
});

after(() => rmSync(root, { recursive: true, force: true }));

function refusedKind(pathname: string): string {
  try {
    staticFileFor(pathname, root);
  } catch (err) {
    assert.ok(err instanceof RequestRefused, String(err));
    assert.equal(err.status, 400);
    return err.kind;
  }
  return assert.fail(`${pathname} was not refused`);
}

test('a path naming a file serves it, escapes decoded', () => {
  assert.equal(staticFileFor('/assets/app.js', root), join(root, 'assets', 'app.js'));
  assert.equal(staticFileFor('/assets/a%20b.css', root), join(root, 'assets', 'a b.css'));
});

test('any other path is the UI page, which routes itself', () => {
  for (const path of ['/', '/history', '/assets', '/assets/', '/nope.js', `/${'x'.repeat(5000)}`]) {
    assert.equal(staticFileFor(path, root), join(root, 'index.html'), path.slice(0, 40));
  }
});

test('a missing file under assets/ is a 404, not the UI page served as a script', () => {
  for (const path of ['/assets/RunView-0ld8uild.js', '/assets/gone.css', '/assets/x/y.js']) {
    try {
      staticFileFor(path, root);
      assert.fail(`${path} was not refused`);
    } catch (err) {
      assert.ok(err instanceof RequestRefused, String(err));
      assert.equal(err.status, 404);
      assert.equal(err.kind, 'missing-asset');
    }
  }
  // Not built yet: no 404, the host answers every path with its "build the UI" message instead.
  const unbuilt = mkdtempSync(join(tmpdir(), 'dirbench-static-unbuilt-')) + sep;
  try {
    assert.equal(staticFileFor('/assets/app.js', unbuilt), join(unbuilt, 'index.html'));
  } finally {
    rmSync(unbuilt, { recursive: true, force: true });
  }
});

test('malformed escapes and NUL bytes are a 400, never a crash', () => {
  assert.equal(refusedKind('/%E0%A4%A'), 'bad-escape');
  assert.equal(refusedKind('/assets/%'), 'bad-escape');
  assert.equal(refusedKind('/a%00.js'), 'bad-path');
});

test('no path leaves the folder, however its dots and slashes are spelled', () => {
  for (const path of ['/%2e%2e/%2e%2e/etc/passwd', '/..%2f..%2fetc/passwd', '/..%5c..%5cetc']) {
    const file = (() => {
      try {
        return staticFileFor(path, root);
      } catch (err) {
        assert.ok(err instanceof RequestRefused);
        return null;
      }
    })();
    assert.ok(file === null || file.startsWith(root), `${path} -> ${file}`);
  }
});
