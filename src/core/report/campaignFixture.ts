// Issue 19's campaign as stored runs, for tests of filtered exports and readable charts: salford/S.1
// and S.3 on OpenLDAP, 389 DS and OpenDJ at 2,000 and 10,000 entries, two repeats, with the vendor
// strings those servers' root DSEs really gave (the longest seen).
import type { Db } from '../store/database.ts';
import { seedRun } from './reportFixtures.ts';

/** One server of the campaign as a lab run records it. */
interface FixtureServer {
  labKind: string;
  serverVendor: string;
  serverVersion: string;
  labServerVersion: string;
  /** Measured ops per second before the per-cell spread. */
  baseOps: number;
}

/** The three servers, as stored by a real campaign on this machine. */
export const CAMPAIGN_SERVERS: readonly FixtureServer[] = [
  {
    labKind: 'openldap',
    serverVendor: 'OpenLDAP',
    serverVersion: 'OpenLDAP 2.5.13+dfsg-5',
    labServerVersion: 'OpenLDAP 2.5.13+dfsg-5',
    baseOps: 300,
  },
  {
    labKind: '389ds',
    serverVendor: '389 Project',
    serverVersion: '389-Directory/2.3.1 B2025.016.1616',
    labServerVersion: '389 Directory Server 2.3.1',
    baseOps: 200,
  },
  {
    labKind: 'opendj',
    serverVendor: 'Open Identity Platform Community',
    serverVersion: 'OpenDJ Server 4.9.4',
    labServerVersion: 'OpenDJ 4.9.4',
    baseOps: 250,
  },
];

/** The campaign's tests and sizes. */
export const CAMPAIGN_TESTS = ['salford/S.1', 'salford/S.3'] as const;
export const CAMPAIGN_SIZES = [2_000, 10_000] as const;
export const CAMPAIGN_REPEATS = 2;

/** The matrix the campaign ran, as `dirbench matrix run` stores it (the campaign screen reads it). */
const CAMPAIGN_SPEC = {
  name: 'Issue 19: S.1 and S.3 across three servers',
  servers: CAMPAIGN_SERVERS.map((s) => ({ lab: s.labKind })),
  sizes: [...CAMPAIGN_SIZES],
  indexProfiles: ['salford-indexed'],
  shape: 'salford',
  load: 'offline',
  workloads: [...CAMPAIGN_TESTS],
  connections: [4],
  depth: 1,
  policies: [{ kind: 'persistent' }],
  repeats: CAMPAIGN_REPEATS,
  warmupS: 1,
  durationS: 3,
  seed: 1,
};

/** Stores the campaign (24 runs: 3 servers x 2 tests x 2 sizes x 2 repeats) under `campaignId`. */
export function seedIssueCampaign(db: Db, campaignId: string): string[] {
  db.prepare(
    `INSERT INTO campaigns (id, name, spec_json, status, created_at) VALUES (?, ?, ?, 'completed', ?)`,
  ).run(campaignId, CAMPAIGN_SPEC.name, JSON.stringify(CAMPAIGN_SPEC), '2025-03-01T10:00:00.000Z');
  const ids: string[] = [];
  let cellIndex = 0;
  for (const server of CAMPAIGN_SERVERS)
    for (const [t, workload] of CAMPAIGN_TESTS.entries())
      for (const entries of CAMPAIGN_SIZES)
        for (let repeat = 1; repeat <= CAMPAIGN_REPEATS; repeat++) {
          const id = `${campaignId}-${server.labKind}-${t + 1}-${entries}-${repeat}`;
          // Distinct figures per cell and repeat, so bars differ and repeats give whiskers.
          const ops = server.baseOps - (entries / 1000) * 5 - t * 40 + repeat * 7;
          seedRun(db, {
            id,
            entries,
            opsBySecond: [ops / 2, ops, ops + 4, ops - 4],
            serverVendor: server.serverVendor,
            serverVersion: server.serverVersion,
            labKind: server.labKind,
            labServerVersion: server.labServerVersion,
            workload,
            targetName: `${server.labServerVersion} lab (${entries.toLocaleString('en-US')} entries)`,
            campaignId,
            repeat,
            cellIndex,
            cell: {
              index: cellIndex++,
              server: { lab: server.labKind },
              entries,
              indexProfile: 'salford-indexed',
              workload,
              connections: 4,
              depth: 1,
              policy: { kind: 'persistent' },
            },
          });
          ids.push(id);
        }
  return ids;
}
