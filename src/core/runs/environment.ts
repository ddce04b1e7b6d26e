// Captures the client environment recorded with every run (version, commit, host, CPU, OS, Node).
import os from 'node:os';
import type { LabInfo } from '../../shared/labTypes.ts';
import type { RootDseInfo } from '../../shared/targetTypes.ts';
import type { RunEnvironment } from '../../shared/types.ts';
import { dirbenchCommit, dirbenchVersion } from '../base/version.ts';

/** Everything about this client and the target that a reader of the results needs. */
export function captureEnvironment(
  rootDse: RootDseInfo | null,
  lab: LabInfo | null,
): RunEnvironment {
  const cpus = os.cpus();
  return {
    dirbenchVersion: dirbenchVersion(),
    dirbenchCommit: dirbenchCommit(),
    hostname: os.hostname(),
    cpuModel: cpus[0]?.model.trim() ?? 'unknown',
    cpuCores: os.availableParallelism(),
    totalMemoryMb: Math.round(os.totalmem() / 1024 / 1024),
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    node: process.version,
    rootDse,
    lab: lab
      ? {
          kind: lab.kind,
          entries: lab.entries,
          seed: lab.seed,
          indexProfile: `${lab.indexProfile} (${lab.indexes.join('; ')})`,
          indexProfileName: lab.indexProfile,
          shape: lab.shape,
          loadMethod: lab.loadMethod,
          serverVersion: lab.serverVersion,
        }
      : null,
  };
}
