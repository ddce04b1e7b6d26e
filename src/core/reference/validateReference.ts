// Checks one data/reference file: a list of published tables, every field typed and every cell explained.
import { invalid } from '../../shared/errors.ts';
import type { ReferencePoint, ReferenceSeries, ReferenceTable } from '../../shared/reference.ts';
import { LAB_KIND_LIST } from '../../shared/labKinds.ts';
import {
  child,
  choiceField,
  fieldsOf,
  listOf,
  numberField,
  optional,
  optionalFields,
  stringField,
} from '../workload/specFields.ts';

const UNITS: readonly ReferenceTable['unit'][] = [
  'ops/s',
  'ms',
  's',
  'entries/s',
  'hh:mm:ss',
  'percent',
  'MB',
];
const TABLE_KEYS = [
  'id',
  'study',
  'table',
  'title',
  'source',
  'hardware',
  'metric',
  'unit',
  'xLabel',
  'workload',
  'series',
  'notes',
  'columns',
];
const TABLE_REQUIRED = TABLE_KEYS.filter((key) => key !== 'columns');
const ID = /^[a-z0-9-]+\/[a-z0-9.-]+$/;

/** What a file's tables may refer to: its id prefix and the workload ids the catalogs define. */
export interface ReferenceContext {
  /** Every table id in the file must start with `${prefix}/` (the file's base name). */
  prefix: string;
  /** Known workload ids; a table or series naming another one is rejected. */
  workloads: ReadonlySet<string>;
}

function workloadField(value: unknown, field: string, context: ReferenceContext): string {
  const id = stringField(value, field, true);
  if (!context.workloads.has(id)) {
    throw invalid(field, `${field} '${id}' is not a workload in data/workloads`);
  }
  return id;
}

function readPoint(value: unknown, field: string, columns: number | null): ReferencePoint {
  const f = fieldsOf(value, field, ['x', 'value', 'text', 'note'], ['x', 'value']);
  const x =
    columns === null
      ? numberField(f.x, child(field, 'x'), 0, Number.MAX_SAFE_INTEGER)
      : numberField(f.x, child(field, 'x'), 0, columns - 1);
  if (columns !== null && !Number.isInteger(x)) {
    throw invalid(child(field, 'x'), `${child(field, 'x')} must be a column index`);
  }
  const cell = f.value === null ? null : numberField(f.value, child(field, 'value'), 0, 1e12);
  const nonEmpty = (v: unknown, at: string): string => stringField(v, at, true);
  const texts = optionalFields(f, field, { text: nonEmpty, note: nonEmpty });
  // An empty cell must say what the study printed there, or the reader cannot tell a failure from a gap.
  if (cell === null && texts.text === undefined) {
    throw invalid(child(field, 'text'), `${field} has no value, so it needs the printed text`);
  }
  return { x, value: cell, ...texts };
}

function readSeries(
  value: unknown,
  field: string,
  columns: number | null,
  context: ReferenceContext,
): ReferenceSeries {
  const f = fieldsOf(value, field, ['name', 'points', 'workload', 'labKind'], ['name', 'points']);
  const pointsPath = child(field, 'points');
  const points = listOf(f.points, pointsPath, 1, (p, at) => readPoint(p, at, columns));
  points.forEach((p, i) => {
    const previous = points[i - 1];
    if (previous !== undefined && p.x <= previous.x) {
      throw invalid(child(pointsPath, i), `${pointsPath} must be in increasing x order`);
    }
  });
  return {
    name: stringField(f.name, child(field, 'name'), true),
    points,
    ...optionalFields(f, field, {
      workload: (v, at) => workloadField(v, at, context),
      labKind: (v, at) => choiceField(v, at, LAB_KIND_LIST),
    }),
  };
}

function readTable(value: unknown, field: string, context: ReferenceContext): ReferenceTable {
  const f = fieldsOf(value, field, TABLE_KEYS, TABLE_REQUIRED);
  const text = (key: string, nonEmpty = true) => stringField(f[key], child(field, key), nonEmpty);
  const id = text('id');
  if (!ID.test(id) || !id.startsWith(`${context.prefix}/`)) {
    throw invalid(child(field, 'id'), `${field}.id '${id}' must look like ${context.prefix}/name`);
  }
  const columns = optional(f, 'columns', field, (v, at) =>
    listOf(v, at, 1, (c, cellAt) => stringField(c, cellAt, true)),
  );
  const seriesPath = child(field, 'series');
  const series = listOf(f.series, seriesPath, 1, (s, at) =>
    readSeries(s, at, columns?.length ?? null, context),
  );
  const names = new Set<string>();
  series.forEach((s, i) => {
    if (names.has(s.name)) throw invalid(child(seriesPath, i), `series '${s.name}' appears twice`);
    names.add(s.name);
  });
  const table: ReferenceTable = {
    id,
    study: text('study'),
    table: text('table'),
    title: text('title'),
    source: text('source'),
    hardware: text('hardware'),
    metric: text('metric'),
    unit: choiceField(f.unit, child(field, 'unit'), UNITS),
    xLabel: text('xLabel'),
    workload:
      f.workload === null ? null : workloadField(f.workload, child(field, 'workload'), context),
    series,
    notes: text('notes', false),
  };
  if (columns !== undefined) table.columns = columns;
  return table;
}

/** Validates a parsed reference file (a list of tables); throws a validation error naming the field. */
export function validateReferenceFile(value: unknown, context: ReferenceContext): ReferenceTable[] {
  return listOf(value, 'tables', 1, (t, at) => readTable(t, at, context));
}
