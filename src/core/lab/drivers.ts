// The driver code of each lab kind, under the key of its row in src/shared/labKinds.ts: a kind
// without an entry here does not compile. All of a kind's code lives in its folder, whose index.ts
// exports what is listed here.
import type { LabKind } from '../../shared/labKinds.ts';
import type { MonitorReaders } from '../monitor/serverMonitor.ts';
import { apacheDsCode } from './apacheds/index.ts';
import type { LabKindCode } from './driver.ts';
import { ds389Code } from './ds389/index.ts';
import { openDjCode } from './opendj/index.ts';
import { openLdapCode } from './openldap/index.ts';
import { sambaAdCode } from './sambaAd/index.ts';

/** Each kind's driver factory and monitor reader. */
export const LAB_DRIVERS: Readonly<Record<LabKind, LabKindCode>> = {
  openldap: openLdapCode,
  '389ds': ds389Code,
  opendj: openDjCode,
  apacheds: apacheDsCode,
  'samba-ad': sambaAdCode,
};

/** The monitor readers of the kinds that have one, for runs against any target. */
export const MONITOR_READERS: MonitorReaders = Object.fromEntries(
  Object.entries(LAB_DRIVERS).flatMap(([kind, code]) =>
    code.readMonitor === undefined ? [] : [[kind, code.readMonitor]],
  ),
);
