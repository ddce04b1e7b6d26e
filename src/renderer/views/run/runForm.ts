// The new-run form's values and checks, on top of the shared run validation.
import { ApiError } from '../../../shared/errors.ts';
import type { RunRequest } from '../../../shared/types.ts';
import { checkInteger, LIMITS, validateRunRequest } from '../../../shared/validation.ts';

/** Text of each number field as typed, so a blank field can say "required". */
export interface RunFormValues {
  targetId: string;
  connections: string;
  depth: string;
  warmupS: string;
  durationS: string;
  /** Blank means the host's default (CPU cores - 1). */
  workers: string;
  tcpNoDelay: boolean;
}

/** Validation messages keyed by RunRequest field. */
export type RunFieldErrors = Partial<Record<keyof RunFormValues | 'workload', string>>;

/** Defaults from the brief: 8 connections x 2 outstanding, 2 s warm-up, 10 s measured. */
export function defaultRunValues(targetId: string): RunFormValues {
  return {
    targetId,
    connections: '8',
    depth: '2',
    warmupS: '2',
    durationS: '10',
    workers: '',
    tcpNoDelay: true,
  };
}

const LABELS: Record<string, string> = {
  connections: 'Connections',
  depth: 'Depth',
  warmupS: 'Warm-up',
  durationS: 'Duration',
  workers: 'Workers',
};

function toNumber(text: string): number {
  return text.trim() === '' ? NaN : Number(text);
}

/** The request the form describes (numbers may be NaN until valid). */
export function toRunRequest(values: RunFormValues): RunRequest {
  const req: RunRequest = {
    targetId: values.targetId,
    workload: 'read-random',
    connections: toNumber(values.connections),
    depth: toNumber(values.depth),
    warmupS: toNumber(values.warmupS),
    durationS: toNumber(values.durationS),
    tcpNoDelay: values.tcpNoDelay,
  };
  if (values.workers.trim() !== '') req.workers = toNumber(values.workers);
  return req;
}

/** Turns "warmupS must be ..." into "Warm-up must be ..." and says "required" for blanks. */
export function runMessage(field: string, message: string): string {
  if (/got null$/.test(message))
    return `${LABELS[field] ?? field} is required: enter a whole number`;
  const label = LABELS[field];
  return label && message.startsWith(field)
    ? label + message.slice(field.length)
    : message.charAt(0).toUpperCase() + message.slice(1);
}

const BOUNDS: [keyof RunRequest & keyof RunFormValues, number, number][] = [
  ['connections', 1, LIMITS.connections],
  ['depth', 1, LIMITS.depth],
  ['warmupS', 0, LIMITS.warmupS],
  ['durationS', 1, LIMITS.durationS],
];

/** Every field's first problem (the shared validator stops at the first one). */
export function runFieldErrors(values: RunFormValues): RunFieldErrors {
  const req = toRunRequest(values);
  const errors: RunFieldErrors = {};
  const collect = (check: () => void) => {
    try {
      check();
    } catch (err) {
      if (err instanceof ApiError && err.field && !(err.field in errors)) {
        errors[err.field as keyof RunFieldErrors] = runMessage(err.field, err.message);
      }
    }
  };
  for (const [field, min, max] of BOUNDS) collect(() => checkInteger(req[field], field, min, max));
  if (req.workers !== undefined)
    collect(() => checkInteger(req.workers, 'workers', 1, LIMITS.workers));
  collect(() => validateRunRequest(req));
  return errors;
}
