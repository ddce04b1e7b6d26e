// A campaign as the user ran it, for chart tests (test support, not shipped logic): salford/S.1
// and S.3 on OpenLDAP, 389 DS and OpenDJ at 2,000 and 10,000 entries, two repeats each, the servers
// named by the vendor strings these labs really report (the longest seen).
import type { CompareRun } from '../compare.ts';
import { compareRunFixture } from '../compareFixtures.ts';
import type { ReferenceTable } from '../reference.ts';

/** Root DSE vendor and version of the three lab servers, as stored with their runs. */
export const LAB_SERVERS = [
  { labKind: 'openldap', serverVendor: 'OpenLDAP', serverVersion: 'OpenLDAP 2.5.13+dfsg-5' },
  {
    labKind: '389ds',
    serverVendor: '389 Project',
    serverVersion: '389-Directory/2.3.1 B2025.016.1616',
  },
  {
    labKind: 'opendj',
    serverVendor: 'Open Identity Platform Community',
    serverVersion: 'OpenDJ Server 4.9.4',
  },
] as const satisfies readonly Partial<CompareRun>[];

/** 3 servers x 2 tests x 2 sizes x 2 repeats: 24 runs, twelve cells. */
export function threeServerCampaign(): CompareRun[] {
  const runs: CompareRun[] = [];
  LAB_SERVERS.forEach((server, s) => {
    for (const workload of ['salford/S.1', 'salford/S.3']) {
      for (const entries of [2_000, 10_000]) {
        for (const repeat of [1, 2]) {
          const opsPerSec = 1000 * (s + 1) + (entries === 2_000 ? 500 : 0) + repeat * 40;
          runs.push(
            compareRunFixture({
              ...server,
              id: `${server.labKind}-${workload}-${entries}-${repeat}`,
              targetName: `lab ${server.labKind}`,
              workload,
              entries,
              repeat,
              campaignId: 'campaign-1',
              opsPerSec,
            }),
          );
        }
      }
    }
  });
  return runs;
}

/** Salford's Table 5 in short: one OpenLDAP series by entries, its 100K figure a failure (null). */
export function salfordTable5(): ReferenceTable {
  return {
    id: 'salford/table-5',
    study: 'Salford',
    table: 'Table 5',
    title: 'Search rate',
    source: 'seed 000',
    hardware: 'a 2004 PC',
    metric: 'searches per second',
    unit: 'ops/s',
    xLabel: 'entries',
    workload: 'salford/S.3',
    series: [
      {
        name: 'OpenLDAP',
        points: [
          { x: 10_000, value: 400 },
          { x: 100_000, value: null },
        ],
      },
    ],
    notes: '',
  };
}
