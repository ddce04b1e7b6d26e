// The capacity search's contract: what a step measured, its verdict, and the searches' results.
import type { ThresholdResult } from './thresholds.ts';
import type { RunSummary } from './types.ts';

/** What one step of a search measured: a runner fills it from the step's stored run. */
export interface CapacityStepMeasurement {
  /** The step's measured phase (after its own warm-up); null when it measured nothing. */
  summary: RunSummary | null;
  /** The workload's operation labels, so a labelled SLO (`search.p99<2ms`) finds its figures. */
  labels: readonly string[];
  /**
   * p99 latency of the step's first and last quarter (intended-time latency in the open model),
   * merged from its per-second histograms; null when a quarter had no operation.
   */
  firstQuarterP99Us: number | null;
  lastQuarterP99Us: number | null;
  /** The stored run behind the step, so a result can link every step to its run. */
  runId?: string;
}

/** A step's verdict: passed, or the reasons it failed in words a user reads. */
export interface CapacityStepVerdict {
  passed: boolean;
  /** Empty when passed: "p99 was 23.1 ms (p99<20ms)", "not sustainable: ...". */
  reasons: string[];
  /** Each SLO's figure and whether it held over the whole step. */
  slos: ThresholdResult[];
  /** True when the client, not the server, limited the step: it says nothing about the server. */
  clientBound: boolean;
}

/** Why a step was run: the first rate, a step up or down, a bisection, or the confirmation re-run. */
export type CapacityStepPurpose = 'first' | 'up' | 'down' | 'bisect' | 'confirm';

/** What a search asks its runner for next: a step to run (`Step` says which), or its end with the result. */
export type SearchNext<Step, Result> = ({ done: false } & Step) | { done: true; result: Result };

/** One step of an open-model search as the result lists it. */
export interface OpenCapacityStep {
  rateOpsPerSec: number;
  purpose: CapacityStepPurpose;
  /** Completed operations (successes and errors) per second over the step. */
  achievedOpsPerSec: number;
  /** The p99 the SLOs read (intended-time in the open model), or null when nothing succeeded. */
  p99Us: number | null;
  verdict: CapacityStepVerdict;
  runId?: string;
}

/** Why a search stopped. */
export type CapacityStopReason =
  'converged' | 'max-rate' | 'max-steps' | 'client-bound' | 'nothing-passed';

/** The open-model search's answer. */
export interface OpenCapacityResult {
  model: 'open';
  /** The SLO expressions the search held every step to. */
  slos: string[];
  /** The highest passing (and, unless skipped, confirmed) rate; null when there is no server figure. */
  capacityOpsPerSec: number | null;
  /** Highest passing and lowest failing rate of the search (null where there is none). */
  bracket: { passOpsPerSec: number | null; failOpsPerSec: number | null };
  steps: OpenCapacityStep[];
  stop: { reason: CapacityStopReason; detail: string };
}

/** A Universal Scalability Law fit of throughput against concurrency. */
export interface UslFit {
  sigma: number;
  kappa: number;
  lambdaOpsPerSec: number;
  /** Concurrency of peak throughput, sqrt((1 - sigma) / kappa); null when kappa is 0 (no peak). */
  peakConcurrency: number | null;
  /** Throughput the fit predicts at its peak (at the asymptote lambda / sigma when there is none). */
  predictedPeakOpsPerSec: number | null;
  rSquared: number;
}

/** Little's law on one closed step: concurrency against throughput x mean latency. */
export interface LittleCheck {
  /** X * R, the concurrency the measured throughput and latency imply. */
  impliedConcurrency: number;
  /** (X * R - N) / N: negative when the client spent time outside the server's response. */
  deviation: number;
  withinTolerance: boolean;
}

/** One step of a closed-model sweep. */
export interface ClosedCapacityStep {
  concurrency: number;
  achievedOpsPerSec: number;
  p99Us: number | null;
  meanLatencyUs: number | null;
  verdict: CapacityStepVerdict;
  little: LittleCheck | null;
  runId?: string;
}

/** Why a closed sweep stopped. */
export type ClosedSweepStopReason =
  'throughput-flat' | 'slo-broken' | 'max-concurrency' | 'max-steps' | 'client-bound';

/** The closed-model sweep's answer. */
export interface ClosedSweepResult {
  model: 'closed';
  slos: string[];
  steps: ClosedCapacityStep[];
  /** The passing step with the highest throughput, or null when none passed. */
  best: { concurrency: number; opsPerSec: number } | null;
  /** The USL fit over every step that was not client-bound, or why there is none. */
  usl: UslFit | { refused: string };
  stop: { reason: ClosedSweepStopReason; detail: string };
}
