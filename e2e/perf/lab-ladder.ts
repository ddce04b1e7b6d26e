// The Salford size ladder: generate and bulk load 10K, 100K, 1M and 10M entries into an OpenLDAP lab
// with cn indexed (eq, sub, pres), timed step by step beside the published Table 3 figures for
// OpenLDAP 2.0.23. Each size is verified (entries counted on the running server) and destroyed.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { LabManager } from '../../src/core/lab/labManager.ts';
import { MemoryLabRegistry } from '../integration/fixtures/memoryLabRegistry.ts';
import { machineLine } from './machine.ts';

/** Salford Table 3, OpenLDAP 2.0.23, LDIF load with cn indexed (hh:mm:ss; null: the load failed). */
const SALFORD_TABLE_3: Readonly<Record<number, string | null>> = {
  10_000: '00:00:37',
  100_000: '00:08:36',
  1_000_000: '13:12:36',
  10_000_000: null,
};

const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '10000,100000,1000000,10000000' },
    'data-dir': { type: 'string' },
    index: { type: 'string', default: 'salford-indexed' },
  },
});
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
  `Salford ladder into OpenLDAP, index profile ${values.index}, data in ${dataDir}\n`,
);
process.stdout.write(`Machine: ${machineLine(dataDir)}\n\n`);
const rows: string[] = [];
try {
  for (const entries of sizes) {
    process.stdout.write(`${entries.toLocaleString('en-US')} entries...\n`);
    const lab = await manager.start({ kind: 'openldap', entries, indexProfile: values.index });
    const generateS = lab.generateS ?? 0;
    const loadS = lab.loadS ?? 0;
    const published = SALFORD_TABLE_3[entries];
    rows.push(
      [
        entries.toLocaleString('en-US').padStart(10),
        `${hms(generateS)} (${generateS.toFixed(1)} s)`.padStart(20),
        `${hms(loadS)} (${loadS.toFixed(1)} s)`.padStart(20),
        `${Math.round(entries / Math.max(loadS, 0.001)).toLocaleString('en-US')}`.padStart(12),
        (lab.verifiedEntries ?? 0).toLocaleString('en-US').padStart(11),
        (published === undefined ? '-' : (published ?? 'failed')).padStart(12),
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
  `\n   entries              generate             bulk load   entries/s    verified  Salford T3  server\n${rows.join('\n')}\n`,
);
