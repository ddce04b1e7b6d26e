// A published table laid out as the paper prints it: column headings, cell text and numbered notes.
import { formatEntries } from '../../../shared/charts/format.ts';
import type { ReferencePoint, ReferenceTable } from '../../../shared/reference.ts';

/** One column of the table: its x and the heading shown. */
export interface GridColumn {
  x: number;
  heading: string;
}

/** A note under the table, numbered in reading order, with the cells (row, column) it explains. */
export interface CellNote {
  mark: number;
  note: string;
  cells: { series: string; heading: string }[];
}

/** The tables of one study, in file order. */
export interface StudyGroup {
  study: string;
  tables: ReferenceTable[];
}

/** Heading of an x value: the printed column when categorical, sizes as 10K/1M, else the number. */
export function xHeading(table: ReferenceTable, x: number): string {
  if (table.columns !== undefined) return table.columns[x] ?? String(x);
  if (table.xLabel === 'entries') return formatEntries(x);
  return String(x);
}

/** Every x any series has, in increasing order. */
export function gridColumns(table: ReferenceTable): GridColumn[] {
  const xs = [...new Set(table.series.flatMap((s) => s.points.map((p) => p.x)))];
  return xs.sort((a, b) => a - b).map((x) => ({ x, heading: xHeading(table, x) }));
}

/** Seconds in words for load times and warm-up: 37 s, 8.6 min, 13.2 h. */
export function formatSeconds(seconds: number): string {
  if (seconds >= 3600) return `${Number((seconds / 3600).toFixed(1))} h`;
  if (seconds >= 60) return `${Number((seconds / 60).toFixed(1))} min`;
  return `${seconds} s`;
}

/** A value in its table's unit, for axes and cells the study did not print as text. */
export function formatValue(table: ReferenceTable, value: number): string {
  switch (table.unit) {
    case 's':
      return formatSeconds(value);
    case 'percent':
      return `${value}%`;
    case 'ms':
      return `${value} ms`;
    case 'MB':
      return value >= 1000 ? `${Number((value / 1000).toFixed(1))} GB` : `${value} MB`;
    default:
      return value.toLocaleString('en-US', { maximumFractionDigits: 3 });
  }
}

/** What a cell shows: the printed form when kept, else the value; empty when the study has no cell. */
export function cellText(table: ReferenceTable, point: ReferencePoint | undefined): string {
  if (point === undefined) return '';
  if (point.text !== undefined) return point.text;
  return point.value === null ? '' : formatValue(table, point.value);
}

/** The notes of a table's cells, numbered row by row; cells with the same note share its number. */
export function cellNotes(table: ReferenceTable): CellNote[] {
  const notes = new Map<string, CellNote>();
  for (const s of table.series) {
    for (const p of s.points) {
      if (p.note === undefined) continue;
      const entry = notes.get(p.note) ?? { mark: notes.size + 1, note: p.note, cells: [] };
      entry.cells.push({ series: s.name, heading: xHeading(table, p.x) });
      notes.set(p.note, entry);
    }
  }
  return [...notes.values()];
}

/** Tables grouped by study, studies in the order they first appear. */
export function groupByStudy(tables: readonly ReferenceTable[]): StudyGroup[] {
  const groups = new Map<string, ReferenceTable[]>();
  for (const t of tables) {
    const list = groups.get(t.study) ?? [];
    list.push(t);
    groups.set(t.study, list);
  }
  return [...groups].map(([study, list]) => ({ study, tables: list }));
}
