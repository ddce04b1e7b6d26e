// Typed messages between the orchestrator (parent) and a load worker process.
import type { LdapFailure, WorkloadId } from '../../shared/types.ts';
import type { LdapConnectionParams } from '../ldap/connection.ts';
import type { DnSource } from './dnSource.ts';

/** Parent -> worker, first message: this worker's share of the run. */
export interface WorkerStartMessage {
  type: 'start';
  workerIndex: number;
  connection: LdapConnectionParams;
  /** Connections this worker opens. */
  connections: number;
  /** Requests kept outstanding on each connection. */
  depth: number;
  workload: WorkloadId;
  dnSource: DnSource;
  /** Run seed; the worker derives its own stream from (seed, workerIndex). */
  seed: number;
  warmupS: number;
  durationS: number;
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
}

/** Worker -> parent: the worker shipped its last interval and is closing. */
export interface WorkerDoneMessage {
  type: 'done';
  reason: 'completed' | 'stopped';
}

/** Worker -> parent: the worker cannot go on (e.g. could not connect); it exits next. */
export interface WorkerFatalMessage {
  type: 'fatal';
  stage: 'connect' | 'run';
  error: LdapFailure;
}

/** Every message a worker sends. */
export type WorkerToParent =
  WorkerReadyMessage | WorkerIntervalMessage | WorkerDoneMessage | WorkerFatalMessage;

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
  return type === 'ready' || type === 'interval' || type === 'done' || type === 'fatal';
}
