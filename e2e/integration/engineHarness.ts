// Engine test harness: start a recorded run, track worker PIDs, check that none outlived its run.
import assert from 'node:assert/strict';
import type { Core } from '../../src/core/app/core.ts';
import { forkLauncher } from '../../src/core/runner/launcher.ts';
import type { WorkerLauncher } from '../../src/core/runner/launcher.ts';
import { processAlive } from '../../src/core/lab/processes.ts';
import type { DnSource } from '../../src/core/workload/dnSource.ts';
import { startRun } from '../../src/core/runner/orchestrator.ts';
import type { RunHandle } from '../../src/core/runner/runContract.ts';
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
  /**
   * Resolves with second `n`'s sample as the run emits it, just after that second ended (every
   * worker has reported it): a test places a fault in second n + 1 by acting when this resolves.
   * Rejects when the run ends without emitting it.
   */
  second(n: number): Promise<RunSample>;
}

/**
 * Starts an anonymous run against `config.url` and records every second it reports; `opTimeoutMs`
 * overrides how long an operation may wait for its answer.
 */
export function startRecordedRun(
  config: RunConfig,
  launcher: WorkerLauncher,
  dnSource: DnSource,
  runId = 'run-test',
  opTimeoutMs?: number,
): RecordedRun {
  const samples: RunSample[] = [];
  const histograms: string[] = [];
  const intended: (string | undefined)[] = [];
  let markRunning!: () => void;
  const running = new Promise<void>((resolve) => (markRunning = resolve));
  const waiting = new Map<number, ((sample: RunSample) => void)[]>();
  const connection = {
    url: config.url,
    startTls: false,
    bindDn: '',
    password: '',
    tcpNoDelay: config.tcpNoDelay,
  };
  const plan = {
    runId,
    config,
    connection,
    dnSource,
    ...(opTimeoutMs === undefined ? {} : { opTimeoutMs }),
  };
  const handle = startRun(plan, launcher, {
    onSample: (sample, histogram, intendedHistogram) => {
      samples.push(sample);
      histograms.push(histogram);
      intended.push(intendedHistogram);
      for (const resolve of waiting.get(sample.second) ?? []) resolve(sample);
      waiting.delete(sample.second);
    },
    onPhase: (phase) => {
      if (phase === 'running') markRunning();
    },
  });
  const second = (n: number): Promise<RunSample> => {
    const emitted = samples.find((s) => s.second === n);
    if (emitted !== undefined) return Promise.resolve(emitted);
    return new Promise((resolve, reject) => {
      waiting.set(n, [...(waiting.get(n) ?? []), resolve]);
      // Samples come before the outcome: settling here means second n never came.
      void handle.done.then((outcome) =>
        reject(
          new Error(
            `the run ended (${outcome.status}: ${outcome.endReason ?? 'no reason'}) without second ${n}`,
          ),
        ),
      );
    });
  };
  return { handle, samples, histograms, intended, running, second };
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

/**
 * Resolves with second `n`'s sample when `core` has stored and announced it (`run/sample`) for
 * the run it starts next or has in progress; rejects when that run ends without it. Call it before
 * starting the run, so no event is missed.
 */
export function storedSecond(core: Pick<Core, 'subscribe'>, n: number): Promise<RunSample> {
  return new Promise((resolve, reject) => {
    const unsubscribe = core.subscribe((message) => {
      if (message.event === 'run/sample' && message.payload.sample.second === n) {
        unsubscribe();
        resolve(message.payload.sample);
      } else if (message.event === 'run/ended') {
        unsubscribe();
        const { runId, status, endReason } = message.payload;
        reject(
          new Error(
            `run ${runId} ended (${status}: ${endReason ?? 'no reason'}) without second ${n}`,
          ),
        );
      }
    });
  });
}
