// Published figures of the studies DirBench reproduces (data/reference): always other hardware.
import type { LabKind } from './labTypes.ts';

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
  unit: 'ops/s' | 'ms' | 's' | 'entries/s' | 'hh:mm:ss' | 'percent' | 'MB';
  /** Name of the x dimension, e.g. "entries" or "threads". */
  xLabel: string;
  /** Workload id in data/workloads this table measures, when one matches. */
  workload: string | null;
  series: ReferenceSeries[];
  notes: string;
  /**
   * Column headings when the columns are categories, not quantities (UnboundID's "highest
   * throughput over 1-128 threads", M-Vault's "modify only" vs "search - modify"): x is then the
   * 0-based column index and must not be plotted on a numeric axis. Absent when x is a quantity.
   */
  columns?: string[];
}

/** One line of a reference table: a server (or client) and its values per x. */
export interface ReferenceSeries {
  name: string;
  /** x (entries, threads, ...) and the published value; null where the study reports a failure or no figure. */
  points: ReferencePoint[];
  /** Workload id of this line when the table mixes tests (one test per row, as M-Vault's results). */
  workload?: string;
  /** The DirBench lab kind that is this server or its descendant (OpenLDAP, Netscape/SunONE -> 389ds), for overlays. */
  labKind?: LabKind;
}

/** One published figure: `text` is the cell as the study printed it ("00:00:37", "2,000.0", "-"). */
export interface ReferencePoint {
  x: number;
  value: number | null;
  text?: string;
  /** Why a cell is empty, odd or derived, from the study's own words. */
  note?: string;
}
