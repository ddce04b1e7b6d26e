// `dirbench calibrate`: this machine's load-generation ceiling, measured against the built-in responder.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { invalid } from '../../shared/errors.ts';
import type { LatencySummary, RunDetail, RunRequest } from '../../shared/types.ts';
import { startResponder } from '../../core/responder/responder.ts';
import type { Responder } from '../../core/responder/responder.ts';
import { openCliCore } from '../coreForCli.ts';
import { locations, ms } from '../options.ts';
import { policyToken } from '../../shared/describe.ts';
import { NEAR_CEILING_SHARE } from '../../core/runner/nearCeiling.ts';
import { openDatabase } from '../../core/store/database.ts';
import { CalibrationsRepo } from '../../core/store/calibrationsRepo.ts';
import { runRequestFromOptions } from '../runRequestFromOptions.ts';
import { inUserTerms, workloadFromOptions } from '../workloadFromOptions.ts';
import type { RawOptions } from '../options.ts';

/** What `dirbench calibrate --json` prints. */
export interface CalibrationResult {
  workload: string;
  ceilingOpsPerSec: number;
  connections: number;
  depth: number;
  workers: number;
  latencyUs: LatencySummary | null;
}

/** Options that name a server: calibration always uses its own responder, so they are refused. */
const TARGET_OPTIONS = [
  'target',
  'lab',
  'base',
  'bind-dn',
  'password-file',
  'password-env',
  'start-tls',
  'ca-file',
  'tls-no-verify',
  'client-cert',
  'client-key',
];

function calibrationRequest(options: RawOptions): Omit<RunRequest, 'targetId'> {
  for (const name of TARGET_OPTIONS) {
    if (options[name] !== undefined) {
      throw invalid(`--${name}`, `calibrate measures against its own responder: drop --${name}`);
    }
  }
  for (const name of ['rate', 'rate-profile', 'repeats']) {
    if (options[name] !== undefined) {
      throw invalid(`--${name}`, `calibrate finds the closed-model ceiling: drop --${name}`);
    }
  }
  const request = runRequestFromOptions(options);
  return request;
}

/** Stores the ceiling in the user's database (not the scratch one) so later runs are compared with it. */
function recordCeiling(options: RawOptions, run: RunDetail): void {
  const db = openDatabase(locations(options).dbFile);
  try {
    new CalibrationsRepo(db).record(
      {
        hostname: os.hostname(),
        workload: run.config.workload,
        connections: run.config.connections,
        depth: run.config.depth,
        workers: run.config.workers,
        policy: policyToken(run.config.connectionPolicy),
      },
      run.summary?.opsPerSec ?? 0,
    );
  } finally {
    db.close();
  }
}

function resultOf(run: RunDetail): CalibrationResult {
  return {
    workload: run.config.workload,
    ceilingOpsPerSec: Math.round((run.summary?.opsPerSec ?? 0) * 10) / 10,
    connections: run.config.connections,
    depth: run.config.depth,
    workers: run.config.workers,
    latencyUs: run.summary?.latencyUs ?? null,
  };
}

/**
 * Runs the workload through the ordinary engine (run service, orchestrator, forked workers) against a
 * responder that answers at once, so the rate reached is the client's limit, not a server's. The run
 * goes to a throwaway database: a calibration is not a benchmark of a server and stays out of history.
 */
export async function calibrateCommand(options: RawOptions): Promise<number> {
  const request = calibrationRequest(options);
  const scratchDir = mkdtempSync(path.join(os.tmpdir(), 'dirbench-calibrate-'));
  const removeScratch = (): void => rmSync(scratchDir, { recursive: true, force: true });
  // A signal ends the process from inside openCliCore's handler: the scratch folder goes too.
  process.once('exit', removeScratch);
  let responder: Responder | null = null;
  try {
    responder = await startResponder();
    const core = await openCliCore({
      ...options,
      'data-dir': scratchDir,
      db: path.join(scratchDir, 'calibration.sqlite'),
    });
    try {
      const target = core.targets.save({
        name: 'DirBench responder (calibration)',
        url: responder.url,
        startTls: false,
        bindDn: '',
        baseDn: responder.baseDn,
      });
      const source = workloadFromOptions(options);
      const { done } = await core.runService
        .start(
          { ...request, targetId: target.id },
          source.baseDir === undefined ? {} : { workloadBaseDir: source.baseDir },
        )
        .catch((err: unknown) => {
          throw inUserTerms(err, source);
        });
      process.stderr.write(
        `Calibrating ${request.workload} against the built-in responder at ${responder.url}: ` +
          `${request.connections} connections x depth ${request.depth}, ${request.warmupS} s warm-up + ${request.durationS} s\n`,
      );
      const run = await done;
      const result = resultOf(run);
      const recorded = run.status === 'completed' && (run.summary?.errors ?? 1) === 0;
      if (recorded) recordCeiling(options, run);
      if (options.json === true) {
        process.stdout.write(`${JSON.stringify(result)}\n`);
      } else {
        const l = result.latencyUs;
        process.stdout.write(
          `Load-generation ceiling for ${result.workload} on this machine: ` +
            `${Math.round(result.ceilingOpsPerSec).toLocaleString('en-US')} ops/s\n` +
            `  ${result.connections} connections x depth ${result.depth}, ${result.workers} worker${result.workers === 1 ? '' : 's'}, ${os.availableParallelism()} CPUs\n` +
            (l
              ? `  latency ms against a server that answers at once: p50 ${ms(l.p50)} p99 ${ms(l.p99)} max ${ms(l.max)}\n`
              : '') +
            (run.status === 'completed'
              ? ''
              : `  calibration ${run.status}${run.endReason ? `: ${run.endReason}` : ''}\n`) +
            (recorded
              ? `  Recorded: runs with these settings that reach ${Math.round(NEAR_CEILING_SHARE * 100)}% of it are flagged client-bound.\n`
              : ''),
        );
      }
      const errors = run.summary?.errors ?? 0;
      if (errors > 0)
        process.stderr.write(`dirbench: ${errors} operations failed against the responder\n`);
      return run.status === 'completed' && errors === 0 ? 0 : 1;
    } finally {
      await core.shutdown('calibration ended');
    }
  } finally {
    await responder?.close();
    removeScratch();
    process.off('exit', removeScratch);
  }
}
