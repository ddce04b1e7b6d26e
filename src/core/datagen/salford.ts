// The Salford-shaped directory (seed study 000, DirectoryMark data): country, organization,
// ten organizational units and N inetOrgPerson entries, each computable on its own from (seed, index).
import { checkIndex } from './dataset.ts';
import type { DatasetSpec } from './dataset.ts';
import { loadNames } from './names.ts';
import { streamFor } from './prng.ts';
import type { Prng } from './prng.ts';
import { fillSalford } from './salfordFill.ts';
import {
  lowerCaseNames,
  POSTCODE_LETTERS,
  SALFORD_BASE_DN,
  salfordHeaderLdif,
  STREETS,
  TITLES,
  TOWNS,
  UNITS,
} from './salfordWords.ts';
import { shapeFileWriter } from './shapeStream.ts';
import type { ShapeWriter } from './shapeStream.ts';

/** The fields of one person that both the DN and the LDIF need. */
interface PersonCore {
  first: number;
  last: number;
  cn: string;
  dn: string;
}

function personCore(index: number, rng: Prng): PersonCore {
  const names = loadNames();
  const first = rng.int(names.first.length);
  const last = rng.int(names.last.length);
  // The index makes cn (hence the DN) unique; names are letters only, so nothing needs escaping.
  const cn = `${names.first[first] as string} ${names.last[last] as string} ${index}`;
  const dn = `cn=${cn},ou=${UNITS[index % UNITS.length] as string},${SALFORD_BASE_DN}`;
  return { first, last, cn, dn };
}

/** DN of person `index` (0-based, < entries); O(1), pure, used by load workers to pick random existing entries. */
export function salfordPersonDn(spec: DatasetSpec, index: number): string {
  checkIndex(spec, index);
  return personCore(index, streamFor(spec.seed, index)).dn;
}

/** Plain-text userPassword of person `index`, so bind workloads can authenticate as any person. */
export function salfordPersonPassword(spec: DatasetSpec, index: number): string {
  checkIndex(spec, index);
  return passwordOf(index);
}

function passwordOf(index: number): string {
  return `secret${index}`;
}

/** LDIF text of person `index` (ends with a blank line). */
export function salfordPersonLdif(spec: DatasetSpec, index: number): string {
  checkIndex(spec, index);
  return personLdif(spec, index);
}

/** Attribute values of person `index` (one value each, objectClass aside), keyed by attribute name and `dn`. */
export function salfordPersonAttributes(spec: DatasetSpec, index: number): Record<string, string> {
  checkIndex(spec, index);
  return personAttributes(spec, index);
}

function personAttributes(spec: DatasetSpec, index: number): Record<string, string> {
  const rng = streamFor(spec.seed, index);
  const { first, last, cn, dn } = personCore(index, rng);
  const names = loadNames();
  const lower = lowerCaseNames();
  const givenName = names.first[first] as string;
  const sn = names.last[last] as string;
  const uid = `${(lower.first[first] as string).charAt(0)}${lower.last[last] as string}${index}`;
  const unit = UNITS[index % UNITS.length] as string;
  // Manchester local numbers have seven digits and never start with 0 or 1.
  const phone = 2_000_000 + rng.int(8_000_000);
  const phoneText = String(phone);
  const title = TITLES[rng.int(TITLES.length)] as string;
  const street = STREETS[rng.int(STREETS.length)] as string;
  const town = TOWNS[rng.int(TOWNS.length)] as readonly [string, string];
  const house = 1 + rng.int(240);
  const inward =
    String(rng.int(10)) +
    POSTCODE_LETTERS.charAt(rng.int(POSTCODE_LETTERS.length)) +
    POSTCODE_LETTERS.charAt(rng.int(POSTCODE_LETTERS.length));
  return {
    dn,
    cn,
    sn,
    givenName,
    uid,
    mail: `${lower.first[first] as string}.${lower.last[last] as string}${index}@salford.example`,
    telephoneNumber: `+44 161 ${phoneText.slice(0, 3)} ${phoneText.slice(3)}`,
    employeeNumber: String(index),
    ou: unit,
    title,
    postalAddress: `${house} ${street}$${town[0]}$${town[1]} ${inward}`,
    userPassword: passwordOf(index),
  };
}

/** Attributes every generated person has (one value each), in LDIF order after objectClass. */
export const SALFORD_PERSON_ATTRIBUTES = [
  'cn',
  'sn',
  'givenName',
  'uid',
  'mail',
  'telephoneNumber',
  'employeeNumber',
  'ou',
  'title',
  'postalAddress',
  'userPassword',
] as const;

function personLdif(spec: DatasetSpec, index: number): string {
  const person = personAttributes(spec, index);
  let text =
    `dn: ${person.dn as string}\n` +
    'objectClass: top\nobjectClass: person\nobjectClass: organizationalPerson\nobjectClass: inetOrgPerson\n';
  for (const name of SALFORD_PERSON_ATTRIBUTES) text += `${name}: ${person[name] as string}\n`;
  return text + '\n';
}

/** How the Salford directory is written: its header, then persons as bytes (salfordFill.ts). */
export const SALFORD_WRITER: ShapeWriter = { headerLdif: salfordHeaderLdif, fill: fillSalford };

/** Streams the whole directory (c=gb, o=Salford, 10 organizationalUnits, then `entries` persons) to a file; deterministic: byte-identical for the same spec. */
export const writeSalfordLdif = shapeFileWriter(SALFORD_WRITER);
