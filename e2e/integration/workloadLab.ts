// Workload integration harness: a whole core (store, run service, workers) with one real OpenLDAP
// lab, runs started the way the hosts start them, and an admin LDAP client to check their effects.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'ldapts';
import type { RunDetail, RunRequest } from '../../src/shared/types.ts';
import type { WorkloadSpec } from '../../src/shared/workload.ts';
import { startLabAndWait } from '../../src/core/lab/labStart.ts';
import { openCore } from '../../src/core/app/core.ts';
import type { Core } from '../../src/core/app/core.ts';
import type { LabInfo, LabShape } from '../../src/shared/labTypes.ts';
import { trackedLauncher } from './engineHarness.ts';

/** A core with a running lab; `close()` stops everything and removes the data folder. */
export interface WorkloadLab {
  core: Core;
  lab: LabInfo;
  targetId: string;
  /** Worker PIDs started so far, to check none outlives its run. */
  workerPids: number[];
  /** Runs `workload` (an id or a definition) with small, fast defaults; resolves with the stored run. */
  run(workload: string | WorkloadSpec, overrides?: Partial<RunRequest>): Promise<RunDetail>;
  /** A client bound as the lab's root user; closed by the caller. */
  admin(): Promise<Client>;
  /** Entries under the lab's base DN (o=Salford,c=gb or o=Test,c=BA), the base included. */
  countEntries(filter?: string): Promise<number>;
  close(): Promise<void>;
}

/** Starts a core in a fresh data folder and a lab of `entries` entries of `shape` in it. */
export async function startWorkloadLab(
  entries: number,
  shape: LabShape = 'salford',
): Promise<WorkloadLab> {
  const dataDir = await mkdtemp(join(tmpdir(), 'dirbench-workload-it-'));
  const { launcher, pids } = trackedLauncher();
  const core = await openCore({ dbFile: join(dataDir, 'db.sqlite'), dataDir, launcher });
  let lab: LabInfo;
  try {
    lab = await startLabAndWait(core, {
      kind: 'openldap',
      entries,
      shape,
      persistent: false,
    });
  } catch (err) {
    await core.shutdown('test setup failed');
    await rm(dataDir, { recursive: true, force: true });
    throw err;
  }
  const password = core.labs.get(lab.id)?.rootPassword ?? '';
  const admin = async (): Promise<Client> => {
    const client = new Client({ url: lab.url, timeout: 30_000 });
    await client.bind(lab.bindDn, password);
    return client;
  };
  return {
    core,
    lab,
    targetId: lab.targetId as string,
    workerPids: pids,
    async run(workload, overrides = {}) {
      const spec = typeof workload === 'string' ? undefined : workload;
      const request: RunRequest = {
        targetId: lab.targetId as string,
        workload: typeof workload === 'string' ? workload : workload.id,
        ...(spec === undefined ? {} : { workloadSpec: spec }),
        connections: 2,
        depth: 1,
        warmupS: 0,
        durationS: 2,
        workers: 1,
        ...overrides,
      };
      const { done } = await core.runService.start(request);
      return done;
    },
    admin,
    async countEntries(filter = '(objectClass=*)') {
      const client = await admin();
      try {
        const { searchEntries } = await client.search(lab.baseDn, {
          scope: 'sub',
          filter,
          attributes: ['1.1'],
          timeLimit: 0,
        });
        return searchEntries.length;
      } finally {
        await client.unbind();
      }
    },
    async close() {
      await core.shutdown('test ended');
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
