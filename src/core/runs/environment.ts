// Captures the client environment recorded with every run (version, commit, host, CPU, OS, Node).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import type { LabInfo } from '../../shared/labTypes.ts';
import type { RootDseInfo } from '../../shared/targetTypes.ts';
import type { RunEnvironment } from '../../shared/types.ts';
import { resourcePath, resourceRoot } from '../base/resources.ts';

/** DirBench's version from package.json. */
export function dirbenchVersion(): string {
  const pkg = JSON.parse(readFileSync(resourcePath('package.json'), 'utf8')) as {
    version: string;
  };
  return pkg.version;
}

let cachedCommit: string | null | undefined;

/** The git commit DirBench runs from, when it runs from a checkout. */
export function dirbenchCommit(): string | null {
  if (cachedCommit !== undefined) return cachedCommit;
  try {
    cachedCommit = execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], {
      cwd: resourceRoot(),
      stdio: ['ignore', 'pipe', 'ignore'],
      timeout: 2000,
    })
      .toString()
      .trim();
  } catch {
    cachedCommit = null;
  }
  return cachedCommit;
}

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
