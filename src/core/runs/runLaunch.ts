// The steps of launching a stored run: the orchestrator's plan, storing each second, the end figures.
import type { LabInfo } from '../../shared/labTypes.ts';
import { checkThresholds } from '../../shared/thresholdCheck.ts';
import { parseThresholds } from '../../shared/thresholds.ts';
import type { ThresholdResult } from '../../shared/thresholds.ts';
import type { RunConfig, RunSample, RunSummary } from '../../shared/types.ts';
import { workloadLabels } from '../../shared/workload.ts';
import type { LdapConnectionParams } from '../ldap/connection.ts';
import type { DnSource } from '../workload/dnSource.ts';
import type { RunLagWatch } from '../replication/runLag.ts';
import { OP_TIMEOUT_MS } from '../runner/runContract.ts';
import type { RunOutcome, RunPlan } from '../runner/runContract.ts';
import { databaseFailure, isDatabaseFailure } from '../store/databaseErrors.ts';
import type { CalibrationsRepo } from '../store/calibrationsRepo.ts';
import type { RunsRepo } from '../store/runsRepo.ts';
import { withCalibratedCeiling } from './calibratedCeiling.ts';
import type { ResolvedWorkload } from './resolveWorkload.ts';
import type { AgentSession } from './runOnAgents.ts';
import type { RunServerSide } from './serverSet.ts';
import type { ServerWatch } from './serverWatch.ts';

/** What a recorded run is launched with: everything resolved before load starts. */
export interface LaunchParts {
  runId: string;
  config: RunConfig;
  connection: LdapConnectionParams;
  dnSource: DnSource;
  workload: ResolvedWorkload;
  lab: LabInfo | null;
  session: AgentSession | null;
  side: RunServerSide;
}

/** The orchestrator's plan for the run (a run on agents changes its stall limit and go lead). */
export function launchPlan(parts: LaunchParts): RunPlan {
  const { runId, config, connection, dnSource, workload, session, side } = parts;
  return {
    runId,
    config,
    connection,
    dnSource,
    ...(side.servers === undefined ? {} : { servers: side.servers }),
    passwordFiles: workload.passwordFiles,
    ...(workload.baseDir === undefined ? {} : { workloadBaseDir: workload.baseDir }),
    opTimeoutMs: (config.opTimeoutS ?? OP_TIMEOUT_MS / 1000) * 1000,
    ...session?.plan,
  };
}

/** Stores one second of the run; a database failure is worded with the second it was storing. */
export function storeSample(
  runs: RunsRepo,
  runId: string,
  sample: RunSample,
  histograms: {
    histogramBase64: string;
    intendedHistogramBase64: string | undefined;
    operationHistograms: ReadonlyMap<string, string> | undefined;
  },
): void {
  try {
    runs.appendSample(
      runId,
      sample,
      histograms.histogramBase64,
      histograms.intendedHistogramBase64 ?? null,
      histograms.operationHistograms ?? null,
    );
  } catch (err) {
    // The run ends at this second; the database's trouble is worded here, where it is known.
    throw isDatabaseFailure(err) ? databaseFailure(err, `storing second ${sample.second}`) : err;
  }
}

/** What the run's end stores: its summary (with server counts and lag) and the thresholds' verdicts. */
export async function endFigures(
  outcome: RunOutcome,
  config: RunConfig,
  calibrations: CalibrationsRepo,
  watched: { watch: ServerWatch; lag: RunLagWatch | null; samples: readonly RunSample[] },
): Promise<{ summary: RunSummary | null; thresholdResults: ThresholdResult[] | null }> {
  let summary = outcome.summary && withCalibratedCeiling(outcome.summary, config, calibrations);
  // The server's own counts beside the client's, over every phase.
  if (summary !== null) summary = await watched.watch.summarize(summary, watched.samples);
  if (watched.lag !== null) summary = await watched.lag.end(summary);
  // Only a completed run is judged: a failed or stopped one has already said what went wrong.
  const thresholdResults =
    outcome.status === 'completed' && config.thresholds !== undefined
      ? checkThresholds(
          parseThresholds(config.thresholds, 'thresholds'),
          summary,
          workloadLabels(config.workloadSpec),
        )
      : null;
  return { summary, thresholdResults };
}
