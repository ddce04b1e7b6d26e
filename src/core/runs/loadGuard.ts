// Load guard rails: heavy load on an address that is not this machine's loopback needs a confirmation; every run has a length cap.
import { ApiError } from '../../shared/errors.ts';
import type { Target } from '../../shared/targetTypes.ts';
import type { RunRequest } from '../../shared/types.ts';
import { isLoopbackUrl } from './loadGuardLoopback.ts';

/** The thresholds, from DIRBENCH_CONFIRM_ABOVE_CONNECTIONS, DIRBENCH_CONFIRM_ABOVE_OPS_PER_SEC, DIRBENCH_MAX_RUN_S. */
export interface LoadGuardLimits {
  /** Runs on a target off loopback with more connections than this need `confirmed`. */
  confirmAboveConnections: number;
  /** Runs on a target off loopback with a target rate above this (ops/s) need `confirmed`. */
  confirmAboveOpsPerSec: number;
  /** Hard cap on warm-up + measured + cool-down seconds of any run. */
  maxRunS: number;
}

/** Defaults when the environment sets nothing. */
export const DEFAULT_LOAD_GUARD: LoadGuardLimits = {
  confirmAboveConnections: 64,
  confirmAboveOpsPerSec: 1_000,
  maxRunS: 86_400,
};

/** Longest cap accepted from the environment (a week: timers stay well inside their range). */
const MAX_CAP_S = 7 * 86_400;

function envInteger(env: NodeJS.ProcessEnv, name: string, fallback: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > max) {
    throw new ApiError(
      'validation',
      `environment variable ${name}="${raw}" must be a whole number from 1 to ${max}; fix or unset it`,
      name,
    );
  }
  return value;
}

/** Reads the guard thresholds from the environment, falling back to DEFAULT_LOAD_GUARD. */
export function loadGuardLimits(env: NodeJS.ProcessEnv = process.env): LoadGuardLimits {
  return {
    confirmAboveConnections: envInteger(
      env,
      'DIRBENCH_CONFIRM_ABOVE_CONNECTIONS',
      DEFAULT_LOAD_GUARD.confirmAboveConnections,
      1_000_000,
    ),
    confirmAboveOpsPerSec: envInteger(
      env,
      'DIRBENCH_CONFIRM_ABOVE_OPS_PER_SEC',
      DEFAULT_LOAD_GUARD.confirmAboveOpsPerSec,
      1_000_000_000,
    ),
    maxRunS: envInteger(env, 'DIRBENCH_MAX_RUN_S', DEFAULT_LOAD_GUARD.maxRunS, MAX_CAP_S),
  };
}

/** The highest rate a request schedules (ops/s); null for the closed model, which has no set rate. */
export function peakOpsPerSec(
  req: Pick<RunRequest, 'targetOpsPerSec' | 'rateProfile'>,
): number | null {
  if (req.targetOpsPerSec !== undefined) return req.targetOpsPerSec;
  if (req.rateProfile === undefined || req.rateProfile.length === 0) return null;
  return Math.max(...req.rateProfile.flatMap((step) => [step.fromOpsPerSec, step.toOpsPerSec]));
}

/** Why this run needs a confirmation, in words naming the target, connections and rate; null when it does not. */
export function confirmationReason(
  req: Pick<RunRequest, 'connections' | 'targetOpsPerSec' | 'rateProfile'>,
  target: Pick<Target, 'name' | 'url'>,
  limits: LoadGuardLimits,
): string | null {
  // Load on this machine's loopback reaches nobody else's server (labs listen there too); the
  // address decides, never what the target is called or whether DirBench started it.
  if (isLoopbackUrl(target.url)) return null;
  const rate = peakOpsPerSec(req);
  const tooManyConnections = req.connections > limits.confirmAboveConnections;
  const tooFast = rate !== null && rate > limits.confirmAboveOpsPerSec;
  if (!tooManyConnections && !tooFast) return null;
  const rateText = rate === null ? 'as many ops/s as it serves' : `${rate} ops/s`;
  return (
    `${target.name} (${target.url}) is not on this machine's loopback address, ` +
    `and this run sends ${req.connections} connections ` +
    `at ${rateText} (confirmation is needed above ${limits.confirmAboveConnections} connections ` +
    `or ${limits.confirmAboveOpsPerSec} ops/s)`
  );
}

/** Throws a validation error on `field` unless the run is below the thresholds, on loopback, or confirmed. */
export function checkLoadConfirmed(
  req: Pick<RunRequest, 'connections' | 'targetOpsPerSec' | 'rateProfile' | 'confirmed'>,
  target: Pick<Target, 'name' | 'url'>,
  limits: LoadGuardLimits,
  howToConfirm = 'send confirmed: true to go ahead',
  field = 'confirmed',
): void {
  if (req.confirmed === true) return;
  const reason = confirmationReason(req, target, limits);
  // The reason travels apart from the how: each host asks for the yes its own way (dialog, --yes).
  if (reason !== null) {
    throw new ApiError('validation', `${reason}: ${howToConfirm}`, field, {
      code: 'needs-confirmation',
      detail: reason,
    });
  }
}

/** Throws a 'durationS' validation error when warm-up + measured + cool-down exceed the cap. */
export function checkRunLength(
  req: Pick<RunRequest, 'warmupS' | 'durationS' | 'cooldownS'>,
  limits: LoadGuardLimits,
): void {
  const totalS = req.warmupS + req.durationS + (req.cooldownS ?? 0);
  if (totalS > limits.maxRunS) {
    throw new ApiError(
      'validation',
      `durationS plus warm-up and cool-down is ${totalS} s, above the ${limits.maxRunS} s a run may last; ` +
        'shorten it, or raise DIRBENCH_MAX_RUN_S',
      'durationS',
    );
  }
}

/** Seconds a run may overrun the cap before it is stopped (its last second still being merged). */
export const CAP_GRACE_S = 10;

/** A timer that stops a run once its load has lasted the cap; armed when load starts. */
export interface HardCap {
  arm(): void;
  disarm(): void;
}

/** Calls `stop(reason)` `maxRunS + CAP_GRACE_S` seconds after `arm()`, unless disarmed first. */
export function hardCap(maxRunS: number, stop: (reason: string) => void): HardCap {
  let timer: NodeJS.Timeout | null = null;
  const disarm = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };
  return {
    arm() {
      disarm();
      timer = setTimeout(
        () => stop(`stopped at the hard maximum run length of ${maxRunS} s (DIRBENCH_MAX_RUN_S)`),
        (maxRunS + CAP_GRACE_S) * 1000,
      );
      // The cap never keeps a host alive on its own.
      timer.unref();
    },
    disarm,
  };
}

/** One cell's load for the campaign check: the saved target it hits (null for a lab the campaign builds) and its connections. */
export interface CellLoad {
  targetId: string | null;
  connections: number;
}

/**
 * For campaigns/start: throws on `field` unless confirmed, when any cell sends more than the
 * threshold's connections to a saved target off loopback; names the target and its largest cell.
 */
export function checkCellsConfirmed(
  cells: readonly CellLoad[],
  targetOf: (targetId: string) => Pick<Target, 'name' | 'url'>,
  confirmed: boolean | undefined,
  limits: LoadGuardLimits,
  howToConfirm = 'send confirmed: true to go ahead',
  field = 'confirmed',
): void {
  if (confirmed === true) return;
  const largest = new Map<string, number>();
  for (const cell of cells) {
    if (cell.targetId === null) continue;
    largest.set(cell.targetId, Math.max(largest.get(cell.targetId) ?? 0, cell.connections));
  }
  for (const [targetId, connections] of largest) {
    checkLoadConfirmed({ connections }, targetOf(targetId), limits, howToConfirm, field);
  }
}
