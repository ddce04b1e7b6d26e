// What every operation kind declares in its row: how it changes the directory, its DN fields, the
// controls it takes, the server counters it shows in, and its form (CLI options and GUI fields).
import type { ControlType, DnFieldMap, WorkloadPool } from './common.ts';
import type { FormField, FormReader } from './formFields.ts';

/** What a kind changes: nothing, values of existing entries, or which entries exist (adds, deletes, renames). */
type WriteEffect = 'none' | 'values' | 'entries';

/** Operation names servers count completed operations under (OpenLDAP's cn=Operations,cn=Monitor), in display order. */
export const SERVER_COUNTERS = [
  'search',
  'compare',
  'add',
  'delete',
  'modify',
  'modrdn',
  'bind',
  'unbind',
  'abandon',
  'extended',
] as const;

/** One of the server's operation counters. */
type ServerCounter = (typeof SERVER_COUNTERS)[number];

/** What a form makes: the operation, and the pool of entries it takes when it takes the run's own. */
export interface BuiltOperation<Op> {
  operation: Op;
  pool?: WorkloadPool;
}

/** A row of the GUI's custom form: its fields side by side (`className` sets their widths). */
export interface FormRow {
  /** Layout class after `form-row`, e.g. `custom-row-2-1`; null: the fields stand alone. */
  className: string | null;
  fields: readonly FormField[];
}

/** How users build an operation of a kind: the CLI's `--op KIND` and the GUI's custom form. */
interface OperationForm<Op> {
  /** Every field, in the order the CLI's help lists their options. */
  fields: readonly FormField[];
  /** The lines after `KIND` in `dirbench run --help`'s list of kinds. */
  usage: readonly string[];
  /** The GUI's rows; null: the custom form does not offer the kind (the JSON editor does). */
  layout: readonly FormRow[] | null;
  /** The operation the fields describe; problems go to the reader. */
  build(form: FormReader): BuiltOperation<Op>;
}

/** One operation kind's row: everything the checks, the CLI, the GUI, the runner and the reports need. */
export interface OperationTraits<Op extends { kind: string }> {
  kind: Op['kind'];
  /** Its name in the GUI's select. */
  title: string;
  /** What it does, one sentence (the GUI's hint). */
  summary: string;
  writes: WriteEffect;
  /** Request controls it can carry, in the order messages list them. */
  controls: readonly ControlType[];
  /** The server counters its operations show in (search-and-modify: a search and modifies). */
  serverCounters: readonly ServerCounter[];
  /** `operation` with each DN pattern replaced by `map`'s answer (other fields as they were). */
  mapDns(operation: Op, map: DnFieldMap): Op;
  form: OperationForm<Op>;
}
