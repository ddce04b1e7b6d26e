// Engine test harness: start a recorded run, track worker PIDs, check that none outlived its run.
import assert from 'node:assert/strict';
import { forkLauncher } from '../../src/core/runner/launcher.ts';
import type { WorkerLauncher } from '../../src/core/runner/launcher.ts';
import { processAlive } from '../../src/core/lab/processes.ts';
import type { DnSource } from '../../src/core/loadgen/dnSource.ts';
import { startRun } from '../../src/core/runner/orchestrator.ts';
import type { RunHandle } from '../../src/core/runner/orchestrator.ts';
import type { RunConfig, RunSample } from '../../src/shared/types.ts';
import { READ_RANDOM } from '../../src/core/workload/builtin.ts';

/** forkLauncher that remembers worker PIDs, to check that none outlives its run. */
export function trackedLauncher(): { launcher: WorkerLauncher; pids: number[] } {
  const base = forkLauncher();
  const pids: number[] = [];
  return {
    pids,
    launcher: (index) => {
      const handle = base(index);
      if (handle.pid !== undefined) pids.push(handle.pid);
      return handle;
    },
  };
}

/** Fails unless every PID has exited within 2 s (a killed worker is reaped a moment after its run resolved). */
export async function assertAllExited(pids: number[]): Promise<void> {
  const deadline = Date.now() + 2000;
  while (pids.some(processAlive) && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 20));
  assert.deepEqual(pids.filter(processAlive), [], 'no worker process left running');
}

/** A run started by a test, with everything the observer saw. */
export interface RecordedRun {
  handle: RunHandle;
  samples: RunSample[];
  histograms: string[];
  /** Intended-start histograms per second (open model), undefined for closed-model seconds. */
  intended: (string | undefined)[];
  /** Resolves when the workers are connected and load has started. */
  running: Promise<void>;
}

/** Starts an anonymous run against `config.url` and records every second it reports. */
export function startRecordedRun(
  config: RunConfig,
  launcher: WorkerLauncher,
  dnSource: DnSource,
  runId = 'run-test',
): RecordedRun {
  const samples: RunSample[] = [];
  const histograms: string[] = [];
  const intended: (string | undefined)[] = [];
  let markRunning!: () => void;
  const running = new Promise<void>((resolve) => (markRunning = resolve));
  const connection = {
    url: config.url,
    startTls: false,
    bindDn: '',
    password: '',
    tcpNoDelay: config.tcpNoDelay,
  };
  const handle = startRun({ runId, config, connection, dnSource }, launcher, {
    onSample: (sample, histogram, intendedHistogram) => {
      samples.push(sample);
      histograms.push(histogram);
      intended.push(intendedHistogram);
    },
    onPhase: (phase) => {
      if (phase === 'running') markRunning();
    },
  });
  return { handle, samples, histograms, intended, running };
}

/** A closed-model read run against the test slapd's Salford tree; tests override what they vary. */
export function testRunConfig(
  url: string,
  entries: number,
  overrides: Partial<RunConfig> = {},
): RunConfig {
  return {
    targetId: 'target-1',
    workload: 'read-random',
    workloadSpec: READ_RANDOM,
    connections: 4,
    depth: 1,
    warmupS: 1,
    durationS: 3,
    workers: 2,
    tcpNoDelay: true,
    seed: 11,
    targetName: 'test slapd',
    url,
    startTls: false,
    bindDn: '',
    baseDn: 'o=Salford,c=gb',
    entries,
    loadModel: 'closed',
    connectionPolicy: { kind: 'persistent' },
    targetOpsPerSec: null,
    rateProfile: null,
    cooldownS: 0,
    ...overrides,
  };
}
