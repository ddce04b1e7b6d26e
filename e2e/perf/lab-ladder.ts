// The Salford size ladder: generate and bulk load 10K, 100K, 1M and 10M entries into a lab of any
// kind (`--kind`, OpenLDAP by default, with cn indexed eq, sub, pres), timed step by step beside the
// study's published load times (Tables 3 and 4). Each size is verified (entries counted on the
// running server) and destroyed.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { LAB_KIND_LIST } from '../../src/shared/labKinds.ts';
import { LabManager } from '../../src/core/lab/labManager.ts';
import { MemoryLabRegistry } from '../integration/fixtures/memoryLabRegistry.ts';
import { machineLine } from './machine.ts';

/** The Salford study's load times (hh:mm:ss; null: the load failed), by table and server. */
const SALFORD: Readonly<
  Record<string, { server: string; times: Readonly<Record<number, string | null>> }>
> = {
  // Table 3, indexed (cn eq, sub, pres) and Table 4, un-indexed.
  'openldap indexed': {
    server: 'OpenLDAP 2.0.23, Table 3',
    times: { 10_000: '00:00:37', 100_000: '00:08:36', 1_000_000: '13:12:36', 10_000_000: null },
  },
  'openldap unindexed': {
    server: 'OpenLDAP 2.0.23, Table 4',
    times: { 10_000: '00:00:14', 100_000: '00:01:15', 1_000_000: '02:01:11', 10_000_000: null },
  },
  // iPlanet/SunONE Directory Server 5.1, the ancestor of 389 DS.
  '389ds indexed': {
    server: 'SunONE DS 5.1, Table 3',
    times: {
      10_000: '00:00:10',
      100_000: '00:01:22',
      1_000_000: '00:12:13',
      10_000_000: '29:54:13',
    },
  },
  '389ds unindexed': {
    server: 'SunONE DS 5.1, Table 4',
    times: {
      10_000: '00:00:08',
      100_000: '00:01:02',
      1_000_000: '00:09:10',
      10_000_000: '02:08:12',
    },
  },
  // Microsoft Active Directory (Windows 2000), for the Samba AD lab; the paper prints 100K indexed
  // as 00:61:54.
  'samba-ad indexed': {
    server: 'Active Directory (Windows 2000), Table 3',
    times: { 10_000: '00:05:03', 100_000: '01:01:54', 1_000_000: '22:36:06', 10_000_000: null },
  },
  'samba-ad unindexed': {
    server: 'Active Directory (Windows 2000), Table 4',
    times: { 10_000: '00:04:55', 100_000: '00:54:44', 1_000_000: '21:01:33', 10_000_000: null },
  },
};

const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '10000,100000,1000000,10000000' },
    'data-dir': { type: 'string' },
    index: { type: 'string', default: 'salford-indexed' },
    kind: { type: 'string', default: 'openldap' },
  },
});
const kind = LAB_KIND_LIST.find((k) => k === values.kind);
if (kind === undefined)
  throw new Error(`--kind is one of ${LAB_KIND_LIST.join(', ')}; got ${String(values.kind)}`);
const published =
  SALFORD[`${kind} ${values.index === 'salford-unindexed' ? 'unindexed' : 'indexed'}`];
const sizes = (values.sizes ?? '').split(',').map(Number);
for (const size of sizes) {
  if (!Number.isInteger(size) || size < 1 || size > 10_000_000) {
    throw new Error(`--sizes takes entry counts from 1 to 10,000,000; got ${size}`);
  }
}

/** Seconds as hh:mm:ss, the way the paper prints them. */
function hms(seconds: number): string {
  const s = Math.round(seconds);
  const pad = (n: number): string => String(n).padStart(2, '0');
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
}

const dataDir = values['data-dir'] ?? mkdtempSync(path.join(os.tmpdir(), 'dirbench-ladder-'));
const manager = new LabManager({ dataDir, registry: new MemoryLabRegistry() });
process.stdout.write(
  `Salford ladder into ${kind}, index profile ${values.index}, data in ${dataDir}; published: ${published?.server ?? 'none'}\n`,
);
process.stdout.write(`Machine: ${machineLine(dataDir)}\n\n`);
const rows: string[] = [];
try {
  for (const entries of sizes) {
    process.stdout.write(`${entries.toLocaleString('en-US')} entries...\n`);
    const lab = await manager.start({ kind, entries, indexProfile: values.index });
    const generateS = lab.generateS ?? 0;
    const loadS = lab.loadS ?? 0;
    const paper = published?.times[entries];
    rows.push(
      [
        entries.toLocaleString('en-US').padStart(10),
        `${hms(generateS)} (${generateS.toFixed(1)} s)`.padStart(20),
        `${hms(loadS)} (${loadS.toFixed(1)} s)`.padStart(20),
        `${Math.round(entries / Math.max(loadS, 0.001)).toLocaleString('en-US')}`.padStart(12),
        (lab.verifiedEntries ?? 0).toLocaleString('en-US').padStart(11),
        (paper === undefined ? '-' : (paper ?? 'failed')).padStart(12),
        lab.serverVersion ?? '',
      ].join('  '),
    );
    process.stdout.write(`${rows[rows.length - 1] as string}\n`);
    await manager.destroy(lab.id);
  }
} finally {
  await manager.stopOwned();
  if (values['data-dir'] === undefined) rmSync(dataDir, { recursive: true, force: true });
}
process.stdout.write(
  `\n   entries              generate             bulk load   entries/s    verified    Salford  server\n${rows.join('\n')}\n`,
);
