// Turns a run request's workload (an id or a definition) into what the workers need, checking it
// against the run's settings before any connection is made.
import { readFileSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { ApiError, invalid } from '../../shared/errors.ts';
import type { RunRequest } from '../../shared/types.ts';
import type { WorkloadSpec } from '../../shared/workload.ts';
import { DERIVED_ATTRIBUTES } from '../workload/entryPicker.ts';
import type { WorkloadLibrary } from '../workload/library.ts';
import { validateWorkloadSpec } from '../workload/validateWorkload.ts';

/** A workload ready to hand to the orchestrator. */
export interface ResolvedWorkload {
  spec: WorkloadSpec;
  /**
   * True when some [entry:...] token reads existing entries: the one rule for whether a target's
   * subtree (its base DN) is sampled. Patterns that name their own DNs ([file:], [sequentialfile:],
   * [streamfile:], ranges in a literal DN) sample nothing; a lab's entries are computed from its shape.
   */
  readsEntries: boolean;
  /** The first field holding an [entry:...] token (e.g. `operations[0].operation.base`), null when none. */
  entryField: string | null;
  /** Attributes its [entry:ATTR] tokens read besides the DN, which a sampled target must supply. */
  sampledAttributes: string[];
  /** First line of each password file its binds name, by the path as written. */
  passwordFiles: Record<string, string>;
  baseDir: string | undefined;
}

/** Resolves and checks `req`'s workload; `baseDir` is where relative file paths start (a workload file's folder). */
export function resolveWorkload(
  library: WorkloadLibrary,
  req: RunRequest,
  baseDir?: string,
): ResolvedWorkload {
  const field = req.workloadSpec === undefined ? 'workload' : 'workloadSpec';
  const entryAttributes = new Map<string, string>();
  const raw: unknown = req.workloadSpec ?? library.get(req.workload);
  const spec = withFieldPrefix(field, () =>
    validateWorkloadSpec(raw, '', {
      ...(baseDir === undefined ? {} : { baseDir }),
      entryAttributes,
    }),
  );
  if (req.poolEntries !== undefined) {
    if (spec.pool === undefined) {
      throw invalid(
        'poolEntries',
        `${spec.id} has no pool: only workloads that delete or rename entries they add first take one`,
      );
    }
    spec.pool = { ...spec.pool, entries: req.poolEntries };
  }
  checkBindDepth(spec, req.depth);
  return {
    spec,
    readsEntries: entryAttributes.size > 0,
    entryField: entryAttributes.values().next().value ?? null,
    sampledAttributes: [...entryAttributes.keys()].filter(
      (a) => a !== 'dn' && !(DERIVED_ATTRIBUTES as readonly string[]).includes(a),
    ),
    passwordFiles: readPasswordFiles(spec, field, baseDir),
    baseDir,
  };
}

/** Runs `fn`, prefixing the field of a validation error with where the workload came from. */
function withFieldPrefix<T>(prefix: string, fn: () => T): T {
  try {
    return fn();
  } catch (err) {
    if (err instanceof ApiError && err.kind === 'validation') {
      const inner = err.field;
      // The detail (the message without the inner path) still fits: only the path grew.
      throw invalid(
        inner === undefined || inner === '' ? prefix : `${prefix}.${inner}`,
        err.message,
        {
          ...(err.detail === undefined ? {} : { detail: err.detail }),
          ...(err.code === undefined ? {} : { code: err.code }),
        },
      );
    }
    throw err;
  }
}

/** Binds on the load connection cannot share it with outstanding requests. */
function checkBindDepth(spec: WorkloadSpec, depth: number): void {
  const bind = spec.operations.find(
    (o) => o.operation.kind === 'bind' && o.operation.connection !== 'new',
  );
  if (bind !== undefined && depth > 1) {
    throw invalid(
      'depth',
      `depth must be 1 for ${spec.id}: its ${bind.label} operation binds on the load connection, and a bind must not share a connection with outstanding requests (use more connections instead)`,
    );
  }
}

/** SASL EXTERNAL authenticates with a TLS client certificate: only targets holding one can run it. */
export function checkExternalBinds(
  spec: WorkloadSpec,
  hasClientCert: boolean,
  field: string,
): void {
  if (hasClientCert) return;
  const i = spec.operations.findIndex(
    (o) => o.operation.kind === 'bind' && o.operation.mechanism === 'EXTERNAL',
  );
  if (i < 0) return;
  throw invalid(
    `${field}.operations[${i}].operation.mechanism`,
    'SASL EXTERNAL binds need a TLS client certificate: give the target a client certificate and key file (Targets page), or use simple or PLAIN binds',
  );
}

/** Reads every bind's password file now, so a missing one fails before the run starts. */
function readPasswordFiles(
  spec: WorkloadSpec,
  field: string,
  baseDir: string | undefined,
): Record<string, string> {
  const out: Record<string, string> = {};
  spec.operations.forEach(({ operation }, i) => {
    if (operation.kind !== 'bind' || operation.passwordFile === undefined) return;
    const path = operation.passwordFile;
    const at = `${field}.operations[${i}].operation.passwordFile`;
    const file = isAbsolute(path) || baseDir === undefined ? path : resolve(baseDir, path);
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (err) {
      throw invalid(at, `cannot read the password file ${file}: ${(err as Error).message}`);
    }
    const first = text.split(/\r?\n/)[0] ?? '';
    if (first === '')
      throw invalid(at, `the password file ${file} is empty: its first line is the password`);
    out[path] = first;
  });
  return out;
}
