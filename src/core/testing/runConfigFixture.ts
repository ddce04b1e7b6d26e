// A complete stored run configuration for tests, so each test states only the settings it is about.
import type { RunConfig, RunEnvironment } from '../../shared/types.ts';
import type { RunPlan } from '../runner/runContract.ts';
import { READ_RANDOM } from '../workload/builtin.ts';

/** The built-in random read against a server that is never contacted, closed model, with `overrides`. */
export function runConfigFixture(overrides: Partial<RunConfig> = {}): RunConfig {
  return {
    targetId: 't1',
    workload: 'read-random',
    workloadSpec: READ_RANDOM,
    connections: 4,
    depth: 1,
    warmupS: 1,
    durationS: 2,
    workers: 2,
    tcpNoDelay: true,
    seed: 1,
    targetName: 'test',
    url: 'ldap://127.0.0.1:1',
    startTls: false,
    bindDn: '',
    baseDn: 'o=x',
    entries: 10,
    loadModel: 'closed',
    connectionPolicy: { kind: 'persistent' },
    targetOpsPerSec: null,
    rateProfile: null,
    cooldownS: 0,
    ...overrides,
  };
}

/** A client host's environment with no root DSE and no lab, with `overrides`. */
export function runEnvironmentFixture(overrides: Partial<RunEnvironment> = {}): RunEnvironment {
  return {
    dirbenchVersion: '0.1.0',
    dirbenchCommit: null,
    hostname: 'h',
    cpuModel: 'cpu',
    cpuCores: 2,
    totalMemoryMb: 1024,
    os: 'linux',
    node: 'v24',
    rootDse: null,
    lab: null,
    ...overrides,
  };
}

/** A plan running `config` anonymously against its url, over a one-DN list, for orchestrator tests. */
export function runPlanFixture(runId: string, config: RunConfig): RunPlan {
  return {
    runId,
    config,
    connection: { url: config.url, startTls: false, bindDn: '', password: '', tcpNoDelay: true },
    dnSource: { kind: 'list', dns: ['cn=a,o=x'] },
  };
}
