// The fields of the operation form that the CLI's `--op` options and the GUI's custom form both
// fill: each declared once with its option, its control and the operation paths its errors belong
// to, so the hosts only say where a value comes from.
import type { ControlType, EntryTemplate } from './common.ts';

/** A field's value as the GUI keeps it. */
export type FormValue = string | boolean;

/** The GUI's values by field name (each field keeps its value when the kind changes). */
export type FormValues = Readonly<Record<string, FormValue>>;

/** A hint: text where `code` written in backticks shows as code, or a warning. */
export type FormHint = string | { warning: string };

/** Text that may depend on the form's other values. */
export type ByValues<T> = T | ((values: FormValues) => T);

/** One choice of a select field: the value sent and the GUI's words for it. */
interface FormChoice {
  value: string;
  label: string;
}

/** How `dirbench run --op KIND` gives a field: its option. */
interface FieldOption {
  /** Option name without the dashes, e.g. `entry-dn`; several kinds' fields may share one. */
  option: string;
  /** Placeholder of its value in help: PATTERN, N, FILE. */
  value?: string;
  /** Its help line, on the one field that declares the option (absent: declared by the command). */
  description?: string;
  default?: string | number;
  /** An example value, for "--op KIND needs --OPTION, e.g. ..." when it is missing. */
  example?: string;
  /** What that message says after the option instead of an example. */
  needs?: string;
  /** A flag that clears the field when given (`--keep-old-rdn` clears deleteOldRdn). */
  inverted?: true;
}

/** How the GUI's custom form shows a field. */
interface FieldControl {
  label: ByValues<string>;
  /** Muted words after a checkbox's label. */
  note?: string;
  hint?: ByValues<FormHint>;
  placeholder?: string;
  /** Its value in a new form. */
  initial: FormValue;
  /** Shown only when this holds (default: always). */
  shown?: (values: FormValues) => boolean;
  disabled?: (values: FormValues) => boolean;
  /** Other fields a change of this one sets too (a default that follows it). */
  alsoSet?: (value: FormValue, values: FormValues) => Record<string, FormValue>;
  /** Text area height. */
  rows?: number;
}

/** What a field holds: text (a value pattern or not), a whole number, lines, a flag, a choice, an entry template. */
type FieldType = 'pattern' | 'text' | 'number' | 'lines' | 'check' | 'select' | 'template';

/** One field of the operation form. */
export interface FormField {
  /** Key in the GUI's values, unique across kinds unless the same field (DOM id `op-<name>`). */
  name: string;
  type: FieldType;
  /** Paths under the operation (`changes[0].attribute`) whose check errors this field shows; '' is the operation itself. */
  at?: readonly string[];
  /** Paths under the workload (`pool`) whose check errors this field shows. */
  specAt?: readonly string[];
  choices?: readonly FormChoice[];
  /** Absent: the CLI does not give it. */
  cli?: FieldOption;
  /** Absent: the GUI does not show it. */
  gui?: FieldControl;
  /** A template the GUI does not show but always gives (the pool's entries). */
  guiFixed?: EntryTemplate;
}

/** Where a host's values come from: undefined for a field it does not give. */
export interface FormInput {
  text(field: FormField): string | undefined;
  flag(field: FormField): boolean;
  template(field: FormField): EntryTemplate | undefined;
}

/** Something wrong with what a form gives, for each host to word in its own terms. */
export type FormProblem =
  | { field: FormField; problem: 'missing' }
  | { field: FormField; problem: 'not-both'; other: FormField }
  | { field: FormField; problem: 'choice'; got: string }
  | { field: FormField; problem: 'whole' | 'number'; got: string; min: number; max: number }
  | { field: FormField; problem: 'no-attributes' }
  | { field: FormField; problem: 'control'; line: string }
  | { field: FormField; problem: 'not-accepted'; kind: string; control: ControlType };

/** A form that does not make an operation: every problem found. */
export class OperationFormError extends Error {
  readonly problems: readonly FormProblem[];

  constructor(problems: readonly FormProblem[]) {
    super(`the operation form has ${problems.length} problem(s), first: ${problems[0]?.problem}`);
    this.name = 'OperationFormError';
    this.problems = problems;
  }
}

/** The items of a comma list (`a, b`), blanks dropped. */
export function commaList(text: string): string[] {
  return text
    .split(',')
    .map((a) => a.trim())
    .filter((a) => a !== '');
}

/** Reads a host's values for an operation's build, collecting problems instead of stopping at the first. */
export class FormReader {
  readonly problems: FormProblem[] = [];
  private readonly input: FormInput;

  constructor(input: FormInput) {
    this.input = input;
  }

  /** The text as given (blank included); undefined when not given. */
  text(field: FormField): string | undefined {
    return this.input.text(field);
  }

  /** The text when it is not blank. */
  given(field: FormField): string | undefined {
    const text = this.text(field);
    return text === undefined || text.trim() === '' ? undefined : text;
  }

  /** The text, which must be given (blank is the checks' to judge). */
  need(field: FormField): string {
    const text = this.text(field);
    if (text === undefined) this.missing(field);
    return text ?? '';
  }

  flag(field: FormField): boolean {
    return this.input.flag(field);
  }

  /** One of the field's choices; `fallback` when not given. */
  choice<T extends string>(field: FormField, fallback: T): T {
    const text = this.given(field)?.trim();
    if (text === undefined) return fallback;
    if (field.choices?.some((c) => c.value === text)) return text as T;
    this.problems.push({ field, problem: 'choice', got: text });
    return fallback;
  }

  /** A whole number from `min` to `max`; undefined when not given. */
  whole(field: FormField, min: number, max: number): number | undefined {
    return this.numberOf(field, min, max, 'whole');
  }

  /** A number (decimals allowed) from `min` to `max`; undefined when not given. */
  number(field: FormField, min: number, max: number): number | undefined {
    return this.numberOf(field, min, max, 'number');
  }

  /** A comma list (`cn, mail`). */
  list(field: FormField): string[] {
    return commaList(this.text(field) ?? '');
  }

  /** An entry template the host read (a file) or always gives; undefined when not given. */
  template(field: FormField): EntryTemplate | undefined {
    return this.input.template(field);
  }

  missing(field: FormField): void {
    this.problems.push({ field, problem: 'missing' });
  }

  /** Notes a problem a build or the controls found. */
  add(problem: FormProblem): void {
    this.problems.push(problem);
  }

  private numberOf(
    field: FormField,
    min: number,
    max: number,
    problem: 'whole' | 'number',
  ): number | undefined {
    const text = this.given(field)?.trim();
    if (text === undefined) return undefined;
    const shape = problem === 'whole' ? /^-?\d+$/ : /^-?\d+(\.\d+)?$/;
    const value = Number(text);
    if (shape.test(text) && value >= min && value <= max) return value;
    this.problems.push({ field, problem, got: text, min, max });
    return undefined;
  }
}
