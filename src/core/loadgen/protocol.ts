// Typed messages between the orchestrator (parent) and a load worker process.
import type { LdapFailure } from '../../shared/targetTypes.ts';
import type { ConnectionPolicy, RateStep, WorkerTelemetry } from '../../shared/types.ts';
import type { WorkloadSpec } from '../../shared/workload.ts';
import type { LdapConnectionParams } from '../ldap/connection.ts';
import type { DnSource } from '../workload/dnSource.ts';
import type { PhaseHistograms } from './phaseRecorder.ts';
import type { WorkerServers } from './serverChoice.ts';

/** Parent -> worker, first message: this worker's share of the run. */
export interface WorkerStartMessage {
  type: 'start';
  workerIndex: number;
  connection: LdapConnectionParams;
  /** Connections this worker opens. */
  connections: number;
  /** Requests kept outstanding on each connection. */
  depth: number;
  /** How connections are used; absent means persistent. */
  policy?: ConnectionPolicy;
  workload: WorkloadSpec;
  /** Folder relative pattern file paths are resolved against. */
  workloadBaseDir?: string;
  /** Password files the workload names, read by the host: path -> first line. */
  passwordFiles?: Record<string, string>;
  /** Unique per run: the start of every [unique] value, so names never collide with an earlier run's. */
  runTag: string;
  /** Workers in the run (sequential patterns and the pool are shared among them). */
  workers: number;
  dnSource: DnSource;
  /** Run seed; the worker derives its own stream from (seed, workerIndex). */
  seed: number;
  warmupS: number;
  durationS: number;
  /** Seconds of load after the measured phase (absent means none). */
  cooldownS?: number;
  /** Open model: the merged rate profile and this worker's share of it; absent for the closed model. */
  openModel?: WorkerOpenModel;
  /** An operation unanswered this long counts as a `timeout` error; absent: no limit. */
  opTimeoutMs?: number;
  /** Runs on several servers: the set its connections are spread over (else all go to `connection`). */
  servers?: WorkerServers;
}

/** This worker's part of an open-model run: global op i goes to share i mod shares. */
export interface WorkerOpenModel {
  /** The run's whole target rate (every worker gets the same profile). */
  steps: RateStep[];
  share: number;
  shares: number;
}

/** One operation label's counts in an interval (mixes only), named by its label. */
export interface OperationInterval {
  /** The workload label these counts belong to; the parent matches by this, never by position. */
  label: string;
  ops: number;
  errors: number;
  errorsByCode: Record<string, number>;
  entries: number;
  /** Latencies (us), HDR compressed base64. */
  histogram: string;
}

/** Parent -> worker: start load at the common wall-clock time `t0Ms` (epoch ms). */
export interface WorkerGoMessage {
  type: 'go';
  t0Ms: number;
}

/** Parent -> worker: stop issuing now, ship the partial second, close and exit. */
export interface WorkerStopMessage {
  type: 'stop';
}

/** Every message a worker accepts. */
export type ParentToWorker = WorkerStartMessage | WorkerGoMessage | WorkerStopMessage;

/** Worker -> parent: all connections are open and bound. */
export interface WorkerReadyMessage {
  type: 'ready';
  /** Pool entries this worker added before load (unmeasured). */
  poolAdded?: number;
  connections: number;
  /** Time taken to open and bind them. */
  connectMs: number;
}

/** Worker -> parent: one finished second (aligned to t0) of this worker's load. */
export interface WorkerIntervalMessage {
  type: 'interval';
  /** Seconds since t0, 0-based. */
  second: number;
  /** 1000, or less for the partial last second of a stopped run. */
  intervalMs: number;
  ops: number;
  errors: number;
  errorsByCode: Record<string, number>;
  entries: number;
  /** Latencies of successful ops completed in this second (us), HDR compressed base64. */
  histogram: string;
  /** Open model: latencies of the same ops from their intended start (us), HDR compressed base64. */
  intendedHistogram?: string;
  /** Open model: ops this worker's schedule called for in this second. */
  scheduledOps?: number;
  /** Open model: ops that started late, or (at the end) never started. */
  behindSchedule?: number;
  /** Connection counters of this second (absent from workers that do not count them). */
  connectionsOpened?: number;
  connectionsClosed?: number;
  /** Connections that dropped and were reopened outside the policy. */
  reconnects?: number;
  /** Wire bytes (socket bytesWritten/bytesRead deltas). */
  bytesSent?: number;
  bytesReceived?: number;
  /** Per-op and rebind policies: phase latencies (us) of this second, HDR compressed base64. */
  phaseHistograms?: PhaseHistograms;
  /** Per-operation counts when the workload has more than one label: one entry per label, each naming it. */
  operations?: OperationInterval[];
  /** Runs on several servers: each server's counts (labelled by URL), and its open connections. */
  servers?: OperationInterval[];
  serverConnections?: number[];
  /** How busy the worker process was over this second (absent from workers that do not measure it). */
  telemetry?: WorkerTelemetry;
}

/** Worker -> parent: the worker shipped its last interval and is closing. */
export interface WorkerDoneMessage {
  type: 'done';
  reason: 'completed' | 'stopped';
  /** Entries the run added that this worker still holds; it removes them before exiting and reports `cleaned`. */
  ownEntries?: number;
}

/** Worker -> parent, after `done`: what removing the run's own entries achieved. */
export interface WorkerCleanedMessage {
  type: 'cleaned';
  removed: number;
  /** Entries the worker could not remove (they stay in the directory). */
  left: number;
}

/** Worker -> parent: the worker cannot go on (e.g. could not connect); it exits next. */
export interface WorkerFatalMessage {
  type: 'fatal';
  /** `prepare`: adding the workload's pool entries before load failed. */
  stage: 'connect' | 'prepare' | 'run';
  error: LdapFailure;
  /** Entries of the run's own it still holds and removes before exiting (it reports `cleaned`). */
  ownEntries?: number;
}

/** Every message a worker sends. */
export type WorkerToParent =
  | WorkerReadyMessage
  | WorkerIntervalMessage
  | WorkerDoneMessage
  | WorkerCleanedMessage
  | WorkerFatalMessage;

/** True when `value` looks like a parent message (checked at the process boundary). */
export function isParentToWorker(value: unknown): value is ParentToWorker {
  if (typeof value !== 'object' || value === null || !('type' in value)) return false;
  const type = (value as { type: unknown }).type;
  return type === 'start' || type === 'go' || type === 'stop';
}

/** True when `value` looks like a worker message (checked at the process boundary). */
export function isWorkerToParent(value: unknown): value is WorkerToParent {
  if (typeof value !== 'object' || value === null || !('type' in value)) return false;
  const type = (value as { type: unknown }).type;
  return (
    type === 'ready' ||
    type === 'interval' ||
    type === 'done' ||
    type === 'cleaned' ||
    type === 'fatal'
  );
}
