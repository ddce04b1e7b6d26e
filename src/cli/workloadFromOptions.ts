// Which workload `dirbench run` runs: --workload ID, --workload-file FILE or an ad-hoc --op, checked
// before anything connects, with errors naming the option the user typed.
import { dirname, resolve } from 'node:path';
import { ApiError, invalid } from '../shared/errors.ts';
import type { RunRequest } from '../shared/types.ts';
import type { WorkloadSpec } from '../shared/workload.ts';
import type { Core } from '../core/app/core.ts';
import { resolveWorkload } from '../core/runs/resolveWorkload.ts';
import type { ResolvedWorkload } from '../core/runs/resolveWorkload.ts';
import { READ_RANDOM_ID } from '../core/workload/builtin.ts';
import { adhocFieldOption, adhocWorkload } from './adhocWorkload.ts';
import { optionOfControl } from './controlOptions.ts';
import { readJsonFile } from './fileInput.ts';
import type { RawOptions } from './options.ts';

/** The run request's workload part, and where relative paths in it start. */
export interface CliWorkload {
  workload: string;
  workloadSpec?: WorkloadSpec;
  baseDir?: string;
  /** Built from --op options: errors are reported against those options. */
  adhoc: boolean;
}

/** Reads a workload JSON file; `what` names the option or command in errors. */
export function readWorkloadFile(path: string, what = '--workload-file'): unknown {
  return readJsonFile(path, what, `${what} ${path}`);
}

/** Reads the workload options; at most one of --workload, --workload-file and --op. */
export function workloadFromOptions(options: RawOptions): CliWorkload {
  const given = ['workload', 'workload-file', 'op'].filter((name) => options[name] !== undefined);
  if (given.length > 1) {
    throw invalid(
      `--${given[1] ?? ''}`,
      `give one of --workload, --workload-file and --op, not ${given.map((g) => `--${g}`).join(' and ')}`,
    );
  }
  const adhoc = adhocWorkload(options);
  if (adhoc !== null) return { workload: adhoc.id, workloadSpec: adhoc, adhoc: true };
  const file = options['workload-file'];
  if (typeof file === 'string') {
    const spec = readWorkloadFile(file) as WorkloadSpec;
    const id =
      typeof spec === 'object' && spec !== null && typeof spec.id === 'string' ? spec.id : 'file';
    return { workload: id, workloadSpec: spec, baseDir: dirname(resolve(file)), adhoc: false };
  }
  const id = typeof options.workload === 'string' ? options.workload : READ_RANDOM_ID;
  return { workload: id, adhoc: false };
}

/** Resolves the workload now (no connection yet), so a mistake is reported before a lab starts or a server is touched. */
export function checkWorkloadEarly(
  core: Core,
  request: RunRequest,
  source: CliWorkload,
): ResolvedWorkload {
  try {
    return resolveWorkload(core.workloads, request, source.baseDir);
  } catch (err) {
    throw inUserTerms(err, source);
  }
}

/** The --op option a field of the ad-hoc workload `spec` came from (`changes[0].attribute` came from --attribute). */
export function adhocOptionOf(field: string, spec: WorkloadSpec | undefined): string | undefined {
  const inControls = /operations\[(\d+)\]\.operation\.controls\[(\d+)\]/.exec(field);
  if (inControls !== null) {
    const operation = spec?.operations[Number(inControls[1])]?.operation;
    const controls = operation !== undefined && 'controls' in operation ? operation.controls : [];
    const control = controls?.[Number(inControls[2])];
    return control === undefined ? '--control' : optionOfControl(control);
  }
  return adhocFieldOption(field, spec);
}

/** Renames a field path like `workloadSpec.operations[0].operation.filter` to the option or file it came from. */
export function inUserTerms(err: unknown, source: CliWorkload): unknown {
  if (!(err instanceof ApiError) || err.field === undefined) return err;
  // On the command line an unknown workload id is bad input, like any other typo.
  if (err.kind === 'not-found' && err.field === 'workload') {
    return new ApiError('validation', err.message, '--workload', { subject: 'workload' });
  }
  const field = err.field;
  if (source.adhoc) {
    const option = adhocOptionOf(field, source.workloadSpec);
    if (option === undefined) return err;
    const message = err.message.split(field.replace(/^workloadSpec\./, '')).join(option);
    return new ApiError(err.kind, message, option);
  }
  if (source.workloadSpec !== undefined && field.startsWith('workloadSpec')) {
    return new ApiError(
      err.kind,
      err.message,
      `--workload-file ${field.replace(/^workloadSpec\.?/, '') || '(top level)'}`,
    );
  }
  return err;
}
