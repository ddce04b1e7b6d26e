// Each kind's driver code agrees with its row: the same kind, a monitor reader exactly where the
// row says the server has a monitor, a download exactly where the row says DirBench fetches it.
import assert from 'node:assert/strict';
import { tmpdir } from 'node:os';
import { test } from 'node:test';
import { LAB_KIND_LIST, LAB_KINDS } from '../../shared/labKinds.ts';
import { LAB_DRIVERS, MONITOR_READERS } from './drivers.ts';

test('every kind has a driver of its own kind, named by its title', () => {
  for (const kind of LAB_KIND_LIST) {
    const driver = LAB_DRIVERS[kind].createDriver(tmpdir());
    assert.equal(driver.kind, kind);
    assert.ok(driver.title.startsWith(LAB_KINDS[kind].title), `${kind}: ${driver.title}`);
  }
});

test('a kind has a monitor reader exactly when its row says its monitor is read', () => {
  for (const kind of LAB_KIND_LIST) {
    const read = LAB_KINDS[kind].monitor.read;
    assert.equal(LAB_DRIVERS[kind].readMonitor !== undefined, read, kind);
    assert.equal(MONITOR_READERS[kind] !== undefined, read, kind);
  }
  assert.deepEqual(Object.keys(MONITOR_READERS), ['openldap', '389ds', 'opendj']);
});

test('a kind fetches its software exactly when its row says it is downloaded', () => {
  for (const kind of LAB_KIND_LIST) {
    const driver = LAB_DRIVERS[kind].createDriver(tmpdir());
    const download = LAB_KINDS[kind].install.from === 'download';
    assert.equal(driver.fetchSoftware !== undefined, download, kind);
  }
});
