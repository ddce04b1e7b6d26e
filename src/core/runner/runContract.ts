// What a run is started with and what it reports: the plan, the observer of its seconds and phases,
// its outcome and the handle that stops it.
import type { RunConfig, RunSample, RunSummary } from '../../shared/types.ts';
import type { LdapConnectionParams } from '../ldap/connection.ts';
import type { DnSource } from '../workload/dnSource.ts';
import type { WorkerServers } from '../loadgen/serverChoice.ts';

/** Everything a run needs: its stored config, how to connect, and which DNs to read. */
export interface RunPlan {
  runId: string;
  config: RunConfig;
  connection: LdapConnectionParams;
  dnSource: DnSource;
  /** Runs on several servers: each one's connection (the first is `connection`) and how they are used. */
  servers?: Omit<WorkerServers, 'firstConnection'>;
  /** Contents of the password files the workload names (path -> password), read by the host; never stored. */
  passwordFiles?: Record<string, string>;
  /** Folder relative `[file:...]` paths of the workload are resolved against (its file's folder). */
  workloadBaseDir?: string;
  /** An operation unanswered this long counts as a `timeout` error (default OP_TIMEOUT_MS). */
  opTimeoutMs?: number;
  /**
   * A second not reported by every worker this long after it ended fails the run (default 5 s).
   * Runs on agents wait longer than an agent takes to be lost, so the failure names the agent.
   */
  stallMs?: number;
  /** Time from "all ready" to t0 (default 100 ms); runs on agents start 2 s ahead, in step. */
  goLeadMs?: number;
}

/** Default wait for an answer before an operation counts as a `timeout` error (above slapd's 10 s time limit). */
export const OP_TIMEOUT_MS = 60_000;

/** Receives the run's progress: one merged sample per second, in order, and phase changes. */
export interface RunObserver {
  /** `intendedHistogramBase64`: open model only, latencies from the intended start. */
  onSample(
    sample: RunSample,
    histogramBase64: string,
    intendedHistogramBase64?: string,
    /** Mixes: each operation label's histogram, keyed by label (in the workload's label order). */
    operationHistogramsBase64?: ReadonlyMap<string, string>,
  ): void;
  /** `cleaning`: load is over and workers are removing the entries the run added. */
  onPhase?(phase: RunPhaseName): void;
}

/** The stages of a run the observer hears about. */
export type RunPhaseName = 'connecting' | 'running' | 'cleaning';

/**
 * How a run ended. `summary` covers the measured seconds: null when none were measured and for runs
 * that failed before their end; a run failed by the lost-server rule keeps it.
 */
export interface RunOutcome {
  status: 'completed' | 'stopped' | 'failed';
  endReason: string | null;
  summary: RunSummary | null;
  histogramBase64: string | null;
}

/** Control of a run in progress. */
export interface RunHandle {
  /** Ends the run within a second with status 'stopped', keeping every sample so far. */
  stop(reason?: string): void;
  /** Ends the run within a second as 'failed' with `reason` (its host hit an error), keeping every sample so far. */
  fail(reason: string): void;
  readonly done: Promise<RunOutcome>;
}
