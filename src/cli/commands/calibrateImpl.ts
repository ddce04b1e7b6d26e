// What `dirbench calibrate` does: measures this machine's load-generation ceiling against the
// built-in responder (its spec is in calibrate.ts).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { invalid } from '../../shared/errors.ts';
import type { LatencySummary, RunDetail, RunRequest } from '../../shared/types.ts';
import { startResponder } from '../../core/responder/responder.ts';
import type { Responder } from '../../core/responder/responder.ts';
import { localWorkerCount, withCliCore } from '../coreForCli.ts';
import type { Core } from '../../core/app/core.ts';
import { locations, ms, printJsonLine } from '../options.ts';
import { policyToken } from '../../shared/describe.ts';
import { NEAR_CEILING_SHARE } from '../../core/runner/nearCeiling.ts';
import { openDatabase } from '../../core/store/database.ts';
import { CalibrationsRepo } from '../../core/store/calibrationsRepo.ts';
import { runRequestFromOptions } from '../runRequestFromOptions.ts';
import { inUserTerms, workloadFromOptions } from '../workloadFromOptions.ts';
import type { RawOptions } from '../options.ts';
import { writeFailureLines } from '../gates.ts';

/** What `dirbench calibrate --json` prints. */
export interface CalibrationResult {
  workload: string;
  ceilingOpsPerSec: number;
  connections: number;
  depth: number;
  workers: number;
  latencyUs: LatencySummary | null;
}

function calibrationRequest(options: RawOptions): Omit<RunRequest, 'targetId'> {
  // --base is also a --target's base DN in `run`; here it can only be --op search's base.
  if (options.base !== undefined && options.op === undefined) {
    throw invalid(
      '--base',
      'calibrate measures against its own responder: --base goes with --op search',
    );
  }
  return runRequestFromOptions(options);
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

/** Runs the calibration on `core` against `responder`, prints its ceiling and records it; the exit code. */
async function calibrate(
  core: Core,
  responder: Responder,
  request: Omit<RunRequest, 'targetId'>,
  options: RawOptions,
): Promise<number> {
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
    printJsonLine(result);
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
  writeFailureLines([run]);
  const errors = run.summary?.errors ?? 0;
  if (errors > 0)
    process.stderr.write(`dirbench: ${errors} operations failed against the responder\n`);
  return run.status === 'completed' && errors === 0 ? 0 : 1;
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
  // A signal ends the process from inside withCliCore's handler: the scratch folder goes too.
  process.once('exit', removeScratch);
  let responder: Responder | null = null;
  try {
    const started = await startResponder();
    responder = started;
    const scratch = {
      ...options,
      'data-dir': scratchDir,
      db: path.join(scratchDir, 'calibration.sqlite'),
    };
    return await withCliCore(
      scratch,
      (core) => calibrate(core, started, request, options),
      'calibration ended',
      localWorkerCount(request),
    );
  } finally {
    await responder?.close();
    removeScratch();
    process.off('exit', removeScratch);
  }
}
