// Checks a workload definition or a catalog file field by field before any connection is made.
import { ApiError, invalid } from '../../shared/errors.ts';
import { checkThresholdLabels } from '../../shared/thresholdCheck.ts';
import { parseThresholds } from '../../shared/thresholds.ts';
import { LIMITS } from '../../shared/validation.ts';
import type {
  EntryTemplate,
  WeightedOperation,
  WorkloadCatalog,
  WorkloadConcurrency,
  WorkloadExpectations,
  WorkloadSpec,
} from '../../shared/workload.ts';
import { workloadLabels } from '../../shared/workload.ts';
import { isShapeName } from '../../shared/labTypes.ts';
import { shapeEntryAttributes } from './entryPicker.ts';
import { templateField } from './patternFields.ts';
import type { PatternOptions } from './patternFields.ts';
import {
  child,
  fieldsOf,
  integerField,
  listOf,
  numberField,
  objectListField,
  optional,
  optionalFields,
  stringField,
} from './specFields.ts';
import { validateOperation } from './validateOperation.ts';

const SPEC_KEYS = [
  'id',
  'title',
  'description',
  'source',
  'operations',
  'pool',
  'expects',
  'concurrency',
  'thresholds',
];
const CATALOG_KEYS = ['catalog', 'version', 'title', 'source', 'description', 'workloads'];
// Labels name result columns, CLI output and thresholds (LABEL.p99<2ms), so they stay short words:
// letters, digits and emoji of any script, '.', '_', '-'; no spaces, which would hide look-alikes.
// A zero-width joiner only inside an emoji sequence (👩🏽‍💻), never hiding between letters.
const LABEL =
  /^(?=[\p{L}\p{N}\p{Extended_Pictographic}])(?:[\p{L}\p{M}\p{N}\p{Extended_Pictographic}\p{Emoji_Modifier}_.-]|\u200D(?=\p{Extended_Pictographic})){1,64}$/u;

/** Validates a parsed JSON workload; `where` prefixes every field path (e.g. `workloads[2]`). */
export function validateWorkloadSpec(
  value: unknown,
  where = '',
  options: PatternOptions = {},
): WorkloadSpec {
  const f = fieldsOf(value, where, SPEC_KEYS, ['id', 'title', 'operations']);
  // The caller may pass its own map to learn which [entry:ATTR] attributes the workload reads.
  const patterns: PatternOptions = {
    ...options,
    entryAttributes: options.entryAttributes ?? new Map(),
  };
  const idField = child(where, 'id');
  const id = stringField(f.id, idField, true);
  if (/\s/.test(id)) throw invalid(idField, `${idField} must not contain spaces; got '${id}'`);
  const title = stringField(f.title, child(where, 'title'), true);
  const texts = optionalFields(f, where, {
    description: (v, p) => stringField(v, p, false),
    source: (v, p) => stringField(v, p, false),
  });
  const spec: WorkloadSpec = {
    id,
    title,
    operations: operationsField(f.operations, child(where, 'operations'), patterns),
    ...texts,
    ...optionalFields(f, where, {
      pool: (v, p) => poolField(v, p, patterns),
      expects: expectsField,
      concurrency: concurrencyField,
    }),
  };
  const thresholds = optional(f, 'thresholds', where, (v, p) => thresholdsField(v, p, spec));
  if (thresholds !== undefined) spec.thresholds = thresholds;
  checkOwnEntries(spec, where);
  checkBindDepth(spec, where);
  checkEntryAttributes(spec, patterns.entryAttributes ?? new Map());
  return spec;
}

function operationsField(
  value: unknown,
  field: string,
  options: PatternOptions,
): WeightedOperation[] {
  // NFC form of each label and derived label -> where it was given, as written.
  const labels = new Map<string, { field: string; name: string }>();
  return objectListField(value, field, 1, ['label', 'weight', 'operation'], (f, path) => {
    const labelField = child(path, 'label');
    const label = stringField(f.label, labelField, true);
    if (!LABEL.test(label)) {
      throw invalid(
        labelField,
        `${labelField} must be a short word: 1-64 letters, digits or emoji (any script), '.', '_' or '-', ` +
          `starting with a letter, digit or emoji, no spaces; got ${JSON.stringify(label)}`,
      );
    }
    const weightField = child(path, 'weight');
    const weight = numberField(f.weight, weightField, 0, Number.MAX_VALUE);
    if (weight <= 0)
      throw invalid(weightField, `${weightField} must be greater than 0; got ${weight}`);
    const operation = validateOperation(f.operation, child(path, 'operation'), options);
    // Binds with wrong passwords are counted under `<label>-invalid`, which must not clash either.
    const names =
      operation.kind === 'bind' && (operation.invalidPercent ?? 0) > 0
        ? [label, `${label}-invalid`]
        : [label];
    for (const name of names) {
      // Compared in one Unicode form: "modifié" typed with a combining accent is the same label.
      const key = name.normalize('NFC');
      const earlier = labels.get(key);
      if (earlier !== undefined) {
        const form =
          earlier.name === name
            ? ''
            : ` (as '${earlier.name}', the same text in another Unicode form)`;
        throw invalid(
          labelField,
          `${labelField} '${name}' is already used by ${earlier.field}${form}: labels must be unique`,
        );
      }
      labels.set(key, { field: labelField, name });
    }
    return { label, weight, operation };
  });
}

/** Pass/fail thresholds of the workload, checked against its own operation labels; kept as written. */
function thresholdsField(value: unknown, field: string, spec: WorkloadSpec): string[] {
  const thresholds = parseThresholds(value, field);
  checkThresholdLabels(thresholds, workloadLabels(spec), field);
  return thresholds.map((t) => t.expression);
}

function poolField(
  value: unknown,
  field: string,
  options: PatternOptions,
): { entries: number; template: EntryTemplate } {
  const f = fieldsOf(value, field, ['entries', 'template'], ['entries', 'template']);
  return {
    entries: integerField(f.entries, child(field, 'entries'), 1, LIMITS.labEntries),
    template: templateField(f.template, child(field, 'template'), options),
  };
}

function expectsField(value: unknown, field: string): WorkloadExpectations {
  const f = fieldsOf(
    value,
    field,
    ['shape', 'indexProfile', 'minEntries'],
    ['shape', 'indexProfile'],
  );
  return {
    shape: stringField(f.shape, child(field, 'shape'), true),
    indexProfile: stringField(f.indexProfile, child(field, 'indexProfile'), true),
    ...optionalFields(f, field, {
      minEntries: (v, p) => integerField(v, p, 1, LIMITS.labEntries),
    }),
  };
}

function concurrencyField(value: unknown, field: string): WorkloadConcurrency {
  const f = fieldsOf(value, field, ['connections', 'depth'], ['connections', 'depth']);
  return {
    connections: integerField(f.connections, child(field, 'connections'), 1, LIMITS.connections),
    depth: integerField(f.depth, child(field, 'depth'), 1, LIMITS.depth),
  };
}

/** Deletes and renames without a DN take the run's own entries: something must supply them, something must use a pool. */
function checkOwnEntries(spec: WorkloadSpec, where: string): void {
  const adds = spec.operations.some((o) => o.operation.kind === 'add');
  const takers = spec.operations
    .map((o, i) => ({ o, i }))
    .filter(
      ({ o }) =>
        (o.operation.kind === 'delete' || o.operation.kind === 'modrdn') &&
        o.operation.entryDn === undefined,
    );
  const first = takers[0];
  if (first !== undefined && !adds && spec.pool === undefined) {
    const kind = first.o.operation.kind;
    throw invalid(
      child(child(child(where, 'operations'), first.i), 'operation'),
      `nothing for this ${kind} to ${kind === 'delete' ? 'remove' : 'rename'}: give it an entryDn pattern, add a pool (pool.entries and pool.template) or an add operation to the mix`,
    );
  }
  if (first === undefined && spec.pool !== undefined) {
    throw invalid(
      child(where, 'pool'),
      `${child(where, 'pool')} is unused: only delete and modrdn operations without entryDn take pool entries; remove the pool`,
    );
  }
}

/** A bind on the load connection must be alone on it (RFC 4511 4.2.1), so depth must be 1. */
function checkBindDepth(spec: WorkloadSpec, where: string): void {
  const depth = spec.concurrency?.depth ?? 1;
  const bind = spec.operations.findIndex(
    (o) => o.operation.kind === 'bind' && o.operation.connection !== 'new',
  );
  if (depth > 1 && bind >= 0) {
    throw invalid(
      child(child(where, 'concurrency'), 'depth'),
      `${child(child(where, 'concurrency'), 'depth')} must be 1: operations[${bind}] binds on the load connection, and a bind must not share it with outstanding requests; use depth 1 or connection "new"`,
    );
  }
}

/** [entry:ATTR] on a generated shape must name an attribute every generated person has (case-sensitive). */
function checkEntryAttributes(spec: WorkloadSpec, used: Map<string, string>): void {
  const shape = spec.expects?.shape;
  if (!isShapeName(shape)) return;
  const available = shapeEntryAttributes(shape);
  for (const [attribute, field] of used) {
    if (available.includes(attribute)) continue;
    throw invalid(
      field,
      `${field} uses [entry:${attribute}], which ${shape} entries do not have; available (case-sensitive): ${available.join(', ')}`,
    );
  }
}

/** Validates a catalog file's JSON; errors name the file and the field. */
export function validateWorkloadCatalog(value: unknown, file: string): WorkloadCatalog {
  try {
    return catalogFields(value);
  } catch (err) {
    if (err instanceof ApiError) throw new ApiError(err.kind, `${file}: ${err.message}`, err.field);
    throw err;
  }
}

function catalogFields(value: unknown): WorkloadCatalog {
  const f = fieldsOf(value, 'catalog file', CATALOG_KEYS, CATALOG_KEYS);
  const catalog = stringField(f.catalog, 'catalog', true);
  if (!/^[a-z0-9][a-z0-9-]*$/.test(catalog))
    throw invalid(
      'catalog',
      `catalog must be lower-case letters, digits and '-'; got '${catalog}'`,
    );
  const ids = new Set<string>();
  const workloads = listOf(f.workloads, 'workloads', 1, (item, path) => {
    const spec = validateWorkloadSpec(item, path);
    const idField = child(path, 'id');
    if (!spec.id.startsWith(`${catalog}/`) || spec.id.length === catalog.length + 1) {
      throw invalid(
        idField,
        `${idField} must start with '${catalog}/' (the catalog name); got '${spec.id}'`,
      );
    }
    if (ids.has(spec.id))
      throw invalid(idField, `${idField} '${spec.id}' appears twice in this catalog`);
    ids.add(spec.id);
    return spec;
  });
  return {
    catalog,
    version: integerField(f.version, 'version', 1, Number.MAX_SAFE_INTEGER),
    title: stringField(f.title, 'title', true),
    source: stringField(f.source, 'source', true),
    description: stringField(f.description, 'description', true),
    workloads,
  };
}
