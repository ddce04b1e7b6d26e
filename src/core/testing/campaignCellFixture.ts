// A campaign cell as the runner holds it, so each test states only what it is about.
import type { CampaignCell, MatrixServer } from '../../shared/matrix.ts';

/** A pending read-random cell on 8 connections of `server` (a lab: `entries` salford-indexed). */
export function campaignCellFixture(
  index: number,
  server: MatrixServer,
  entries = 10_000,
): CampaignCell {
  const lab = 'lab' in server;
  return {
    index,
    server,
    entries: lab ? entries : null,
    indexProfile: lab ? 'salford-indexed' : null,
    workload: 'read-random',
    connections: 8,
    policy: { kind: 'persistent' },
    repeat: 1,
    status: 'pending',
    runId: null,
    error: null,
    opsPerSec: null,
    latencyUs: null,
  };
}
