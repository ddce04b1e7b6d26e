// The one-object JSON summary `dirbench run --json` prints for a stored run.
import { policyToken } from '../shared/describe.ts';
import type { RunDetail } from '../shared/types.ts';
import { replicationLagJson } from './replicationLagOutput.ts';
import { serversJson } from './serverSetOptions.ts';
import { serverMonitorJson } from './serverMonitorOutput.ts';

/** Flattens a stored run into the documented `--json` shape. */
export function runSummaryJson(run: RunDetail, dbFile: string | undefined) {
  const s = run.summary;
  const open = run.config.loadModel === 'open';
  return {
    runId: run.id,
    status: run.status,
    endReason: run.endReason,
    workload: run.config.workload,
    model: run.config.loadModel,
    policy: policyToken(run.config.connectionPolicy),
    opsPerSec: s ? Math.round(s.opsPerSec * 10) / 10 : 0,
    ...(open
      ? {
          targetOpsPerSec: s?.targetOpsPerSec ?? run.config.targetOpsPerSec,
          behindSchedule: s?.behindSchedule ?? 0,
          intendedLatencyUs: s?.intendedLatencyUs ?? null,
        }
      : {}),
    ops: s?.ops ?? 0,
    errors: s?.errors ?? 0,
    errorsByCode: s?.errorsByCode ?? {},
    entriesPerOp: s?.entriesPerOp ?? 0,
    ...(s?.operations === undefined ? {} : { operations: s.operations }),
    ...(s?.ownEntries === undefined ? {} : { ownEntries: s.ownEntries }),
    ...(s?.serverOperations === undefined
      ? {}
      : {
          serverOperations: s.serverOperations,
          clientOperationsAllPhases: s.clientOperationsAllPhases ?? 0,
        }),
    ...replicationLagJson(s),
    // Targets: the server's own monitor readings, or why it was not read.
    ...serverMonitorJson(run),
    latencyUs: s?.latencyUs ?? null,
    clientBound: s?.clientBound ?? false,
    clientBoundEvidence: s?.clientBoundEvidence ?? null,
    timeToFullSpeedS: s?.timeToFullSpeedS ?? null,
    connectionsOpened: s?.connectionsOpened ?? null,
    reconnects: s?.reconnects ?? 0,
    durationS: s?.measuredS ?? 0,
    warmupS: run.config.warmupS,
    cooldownS: run.config.cooldownS,
    entries: run.config.entries,
    // External targets: the entry sample a server limit cut short (`entries` is then null).
    ...(run.config.sampleLimit === undefined ? {} : { sampleLimit: run.config.sampleLimit }),
    connections: run.config.connections,
    depth: run.config.depth,
    workers: run.config.workers,
    // Where the workers ran when not on this machine: each agent's workers, clock offset and share.
    ...(run.config.agents === undefined
      ? {}
      : {
          broker: run.config.broker ?? null,
          onAgentLoss: run.config.onAgentLoss ?? 'fail',
          partial: s?.partial === true,
          agents: run.config.agents.map((placed) => ({
            ...placed,
            ...s?.agents?.find((a) => a.name === placed.name),
          })),
        }),
    // Runs on several servers: each server's share.
    ...serversJson(run),
    tcpNoDelay: run.config.tcpNoDelay,
    target: {
      name: run.config.targetName,
      url: run.config.url,
      // False when the run trusted an unverified server certificate.
      tlsVerify: run.config.tlsVerify !== false,
      vendorName: run.environment.rootDse?.vendorName ?? null,
      vendorVersion: run.environment.rootDse?.vendorVersion ?? null,
    },
    // Each threshold's verdict; null when the run had none or was not judged (it did not complete).
    thresholds: run.thresholdResults ?? null,
    samples: run.samples.filter((x) => x.phase === 'measured').length,
    db: dbFile,
  };
}
