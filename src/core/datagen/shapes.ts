// The built-in directory shapes, one entry each: naming, persons computed from (seed, index), and how
// the whole directory is written. Everything that depends on the shape reads it from here.
import { LAB_SHAPES } from '../../shared/labTypes.ts';
import type { LabShape } from '../../shared/labTypes.ts';
import type { DatasetSpec } from './dataset.ts';
import {
  FLAT_BASE_DN,
  FLAT_PERSON_ATTRIBUTES,
  FLAT_SUFFIX,
  FLAT_WRITER,
  flatPersonAttributes,
  flatPersonDn,
  flatPersonPassword,
} from './flat.ts';
import {
  SALFORD_PERSON_ATTRIBUTES,
  SALFORD_WRITER,
  salfordPersonAttributes,
  salfordPersonDn,
  salfordPersonPassword,
} from './salford.ts';
import { SALFORD_BASE_DN, SALFORD_SUFFIX, UNITS } from './salfordWords.ts';
import type { ShapeWriter } from './shapeStream.ts';

/** One generated directory shape. */
export interface DirectoryShape {
  name: LabShape;
  /** The naming context the server holds, and where searches and binds start. */
  suffix: string;
  baseDn: string;
  /** Entries above the persons (the suffix, the organization, its units). */
  headerEntries: number;
  /** Attributes every person has (one value each), in LDIF order after objectClass. */
  personAttributes: readonly string[];
  /** Person `index`'s DN, plain-text password and attribute values (with `dn`): O(1), pure. */
  personDn(spec: DatasetSpec, index: number): string;
  personPassword(spec: DatasetSpec, index: number): string;
  person(spec: DatasetSpec, index: number): Record<string, string>;
  writer: ShapeWriter;
}

/** Every shape by name; a name in LAB_SHAPES without an entry here (or the reverse) does not compile. */
export const DIRECTORY_SHAPES: Readonly<Record<LabShape, DirectoryShape>> = {
  salford: {
    name: 'salford',
    suffix: SALFORD_SUFFIX,
    baseDn: SALFORD_BASE_DN,
    headerEntries: 2 + UNITS.length,
    personAttributes: SALFORD_PERSON_ATTRIBUTES,
    personDn: salfordPersonDn,
    personPassword: salfordPersonPassword,
    person: salfordPersonAttributes,
    writer: SALFORD_WRITER,
  },
  flat: {
    name: 'flat',
    suffix: FLAT_SUFFIX,
    baseDn: FLAT_BASE_DN,
    headerEntries: 2,
    personAttributes: FLAT_PERSON_ATTRIBUTES,
    personDn: flatPersonDn,
    personPassword: flatPersonPassword,
    person: flatPersonAttributes,
    writer: FLAT_WRITER,
  },
};

/** The error text for a name that is no shape. */
export function unknownShapeMessage(name: unknown): string {
  return `unknown shape "${String(name)}": use ${LAB_SHAPES.join(' or ')}`;
}
