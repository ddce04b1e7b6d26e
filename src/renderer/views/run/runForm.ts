// The new-run form's values and checks, on top of the shared run validation.
import { ApiError } from '../../../shared/errors.ts';
import { parseRateProfile } from '../../../shared/rateProfile.ts';
import { splitThresholds } from '../../../shared/thresholds.ts';
import type { ConnectionPolicy, RunRequest } from '../../../shared/types.ts';
import type { RunAgentsRequest } from '../../../shared/agentTypes.ts';
import type { ServerSetMode } from '../../../shared/serverSetTypes.ts';
import type { WorkloadSpec } from '../../../shared/workload.ts';
import { isReplicationField, replicaConsumerMessage, replicationOf } from './replicaConsumers.ts';
import {
  checkInteger,
  LIMITS,
  validatePolicy,
  validateRateProfile,
  validateRunRequest,
} from '../../../shared/validation.ts';

/** The connection policy kinds offered in the form's select. */
export type PolicyKind = ConnectionPolicy['kind'];

/** Text of each number field as typed, so a blank field can say "required". */
export interface RunFormValues {
  targetId: string;
  connections: string;
  depth: string;
  warmupS: string;
  durationS: string;
  cooldownS: string;
  /** Blank means the host's default (CPU cores - 1). */
  workers: string;
  tcpNoDelay: boolean;
  policy: PolicyKind;
  /** N of "reconnect every N operations". */
  reconnectEveryOps: string;
  loadModel: 'closed' | 'open';
  targetOpsPerSec: string;
  /** Open model: lines "SECONDS RATE" or "SECONDS FROM TO"; blank means the constant rate. */
  rateProfile: string;
  /** Pass/fail thresholds, one per line or comma-separated (`p99<5ms, errorRate<0.1%`); blank: none. */
  thresholds: string;
  /** Load from agents through a broker; absent: from this machine. */
  agents?: RunAgentsRequest;
  /** Other saved targets sharing the run's connections (none: the target alone), and how. */
  moreTargetIds: string[];
  serverSetMode: ServerSetMode;
  /** LDAP URLs of servers replicating the target, one per line (blank: none); the run measures their lag. */
  replicaConsumers: string;
}

/** Validation messages keyed by form field. */
export type RunFieldErrors = Partial<Record<keyof RunFormValues | 'workload', string>>;

/** What each group of the run form's fields is drawn from: the values, their errors and the setter. */
export interface RunFieldProps {
  values: RunFormValues;
  errors: RunFieldErrors;
  onChange: (patch: Partial<RunFormValues>) => void;
}

/** Defaults: 8 connections x 2 outstanding, 2 s warm-up, 10 s measured, closed model, persistent. */
export function defaultRunValues(targetId: string): RunFormValues {
  return {
    targetId,
    connections: '8',
    depth: '2',
    warmupS: '2',
    durationS: '10',
    cooldownS: '0',
    workers: '',
    tcpNoDelay: true,
    policy: 'persistent',
    reconnectEveryOps: '100',
    loadModel: 'closed',
    targetOpsPerSec: '1000',
    rateProfile: '',
    thresholds: '',
    moreTargetIds: [],
    serverSetMode: 'round-robin',
    replicaConsumers: '',
  };
}

const LABELS: Record<string, string> = {
  connections: 'Connections',
  depth: 'Depth',
  warmupS: 'Warm-up',
  durationS: 'Duration',
  cooldownS: 'Cool-down',
  workers: 'Workers',
  reconnectEveryOps: 'Reconnect interval',
  targetOpsPerSec: 'Target rate',
  rateProfile: 'Rate profile',
};

/** Error fields of the shared validators mapped to the form control that shows them. */
function formField(field: string): keyof RunFieldErrors {
  if (field === 'policy') return 'reconnectEveryOps';
  if (field.startsWith('rateProfile')) return 'rateProfile';
  if (field.startsWith('thresholds')) return 'thresholds';
  if (field.startsWith('agents')) return 'agents';
  if (field === 'serverSetMode') return 'moreTargetIds';
  if (isReplicationField(field)) return 'replicaConsumers';
  return field as keyof RunFieldErrors;
}

function toNumber(text: string): number {
  return text.trim() === '' ? NaN : Number(text);
}

/** The connection policy the form describes (N may be NaN until valid). */
export function formPolicy(values: RunFormValues): ConnectionPolicy {
  return values.policy === 'reconnect'
    ? { kind: 'reconnect', everyOps: toNumber(values.reconnectEveryOps) }
    : { kind: values.policy };
}

/** True when the open model uses the rate profile rather than the constant rate. */
export function usesProfile(values: RunFormValues): boolean {
  return values.loadModel === 'open' && values.rateProfile.trim() !== '';
}

/** The workload part of a request: a list id, or an explicit definition (then `workload` is its id). */
export interface RunWorkload {
  workload: string;
  workloadSpec?: WorkloadSpec;
}

/** The request the form describes (numbers may be NaN until valid; a bad profile is left out). */
export function toRunRequest(
  values: RunFormValues,
  workload: RunWorkload = { workload: 'read-random' },
): RunRequest {
  const req: RunRequest = {
    targetId: values.targetId,
    workload: workload.workload,
    ...(workload.workloadSpec ? { workloadSpec: workload.workloadSpec } : {}),
    connections: toNumber(values.connections),
    depth: toNumber(values.depth),
    warmupS: toNumber(values.warmupS),
    durationS: toNumber(values.durationS),
    tcpNoDelay: values.tcpNoDelay,
    policy: formPolicy(values),
    cooldownS: toNumber(values.cooldownS),
  };
  if (values.workers.trim() !== '') req.workers = toNumber(values.workers);
  if (values.agents !== undefined) req.agents = values.agents;
  const more = values.moreTargetIds.filter((id) => id !== values.targetId);
  if (more.length > 0)
    Object.assign(req, { moreTargetIds: more, serverSetMode: values.serverSetMode });
  const replication = replicationOf(values.replicaConsumers);
  if (replication !== undefined) req.replication = replication;
  const thresholds = splitThresholds(values.thresholds);
  if (thresholds.length > 0) req.thresholds = thresholds;
  if (usesProfile(values)) {
    try {
      req.rateProfile = parseRateProfile(values.rateProfile);
    } catch {
      // runFieldErrors reports the parse error next to the field.
    }
  } else if (values.loadModel === 'open') {
    req.targetOpsPerSec = toNumber(values.targetOpsPerSec);
  }
  return req;
}

/** A shared check's error in the form's words: its label before the rule, "required" for blanks. */
export function runMessage(error: Pick<ApiError, 'field' | 'message' | 'detail' | 'code'>): string {
  const field = error.field ?? '';
  if (isReplicationField(field)) return replicaConsumerMessage(error);
  const label = LABELS[formField(field)];
  if (error.code === 'required') return `${label ?? field} is required: enter a whole number`;
  if (label !== undefined && error.detail !== undefined) return `${label} ${error.detail}`;
  return error.message.charAt(0).toUpperCase() + error.message.slice(1);
}

const BOUNDS: [keyof RunRequest & keyof RunFormValues, number, number][] = [
  ['connections', 1, LIMITS.connections],
  ['depth', 1, LIMITS.depth],
  ['warmupS', 0, LIMITS.warmupS],
  ['durationS', 1, LIMITS.durationS],
  ['cooldownS', 0, LIMITS.warmupS],
];

/** Every field's first problem (the shared validator stops at the first one). */
export function runFieldErrors(values: RunFormValues): RunFieldErrors {
  const req = toRunRequest(values);
  const errors: RunFieldErrors = {};
  const collect = (check: () => void) => {
    try {
      check();
    } catch (err) {
      const field = err instanceof ApiError && err.field ? formField(err.field) : null;
      if (err instanceof ApiError && field && err.field && !(field in errors)) {
        errors[field] = runMessage(err);
      }
    }
  };
  for (const [field, min, max] of BOUNDS) collect(() => checkInteger(req[field], field, min, max));
  if (req.workers !== undefined)
    collect(() => checkInteger(req.workers, 'workers', 1, LIMITS.workers));
  if (req.policy) collect(() => validatePolicy(req.policy as ConnectionPolicy));
  if (values.loadModel === 'open' && !usesProfile(values)) {
    collect(() => checkInteger(req.targetOpsPerSec, 'targetOpsPerSec', 1, LIMITS.targetOpsPerSec));
  }
  if (usesProfile(values)) {
    collect(() => {
      const steps = parseRateProfile(values.rateProfile);
      const runS = req.warmupS + req.durationS + (req.cooldownS ?? 0);
      validateRateProfile(steps, Number.isInteger(runS) ? runS : 0);
    });
  }
  collect(() => validateRunRequest(req));
  return errors;
}
