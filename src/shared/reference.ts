// Published figures of the studies DirBench reproduces (data/reference): always other hardware.

/** A table of published figures from one study, as data. */
export interface ReferenceTable {
  /** Stable id, e.g. `salford/table-5`. */
  id: string;
  /** Study name, e.g. "Salford: a comparison of seven LDAP directories (2004)". */
  study: string;
  /** Table or figure as the study numbers it, e.g. "Table 5". */
  table: string;
  title: string;
  /** Where the figures come from (seed file, section) and the hardware they were measured on. */
  source: string;
  hardware: string;
  /** What the values measure, with unit, e.g. "ops/s" or "hh:mm:ss load time". */
  metric: string;
  unit: 'ops/s' | 'ms' | 's' | 'entries/s' | 'hh:mm:ss' | 'percent';
  /** Name of the x dimension, e.g. "entries" or "threads". */
  xLabel: string;
  /** Workload id in data/workloads this table measures, when one matches. */
  workload: string | null;
  series: ReferenceSeries[];
  notes: string;
}

/** One line of a reference table: a server (or client) and its values per x. */
export interface ReferenceSeries {
  name: string;
  /** x (entries, threads, ...) and the published value; null where the study reports a failure or no figure. */
  points: { x: number; value: number | null; text?: string }[];
}
