// The Salford-shaped directory (seed study 000, DirectoryMark data): country, organization,
// ten organizational units and N inetOrgPerson entries, each computable on its own from (seed, index).
import { open, rm } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import { loadNames } from './names.ts';
import { streamFor } from './prng.ts';
import type { Prng } from './prng.ts';

/** Suffix the lab server holds. */
export const SALFORD_SUFFIX = 'c=gb';
/** Base DN of the organization; searches and binds start here. */
export const SALFORD_BASE_DN = 'o=Salford,c=gb';

/** Which directory to build: how many persons, and the seed that fixes their attributes. */
export interface DatasetSpec {
  entries: number;
  seed: number;
}

/** The ten units persons are spread over (person i goes to unit i % 10). */
const UNITS = [
  'Finance',
  'People',
  'Legal',
  'Housing',
  'Education',
  'Environment',
  'Planning',
  'Highways',
  'Communities',
  'Digital',
] as const;

const TITLES = [
  'Officer',
  'Senior Officer',
  'Assistant',
  'Administrator',
  'Team Leader',
  'Manager',
  'Senior Manager',
  'Analyst',
  'Adviser',
  'Coordinator',
  'Specialist',
  'Technician',
  'Consultant',
  'Inspector',
  'Caseworker',
  'Director',
] as const;

const STREETS = [
  'Chapel Street',
  'Eccles New Road',
  'Langworthy Road',
  'Frederick Road',
  'Bury New Road',
  'Great Clowes Street',
  'Broad Street',
  'Cromwell Road',
  'Lower Broughton Road',
  'Trafford Road',
  'Ordsall Lane',
  'Regent Road',
  'Weaste Lane',
  'Worsley Road',
  'Walkden Road',
  'Monton Road',
  'Church Street',
  'Victoria Road',
  'Station Road',
  'Manchester Road',
  'Bolton Road',
  'Moorside Road',
  'Park Lane',
  'Hilton Lane',
  'Liverpool Road',
  'Silk Street',
  'Gerald Road',
  'Seedley Road',
  'Cleggs Lane',
  'Partington Lane',
  'Leigh Road',
  'Irlam Road',
] as const;

/** Towns of the City of Salford with a postcode district each. */
const TOWNS = [
  ['Salford', 'M3'],
  ['Salford', 'M5'],
  ['Salford', 'M6'],
  ['Salford', 'M7'],
  ['Eccles', 'M30'],
  ['Swinton', 'M27'],
  ['Pendlebury', 'M27'],
  ['Walkden', 'M28'],
  ['Worsley', 'M28'],
  ['Little Hulton', 'M38'],
  ['Irlam', 'M44'],
  ['Cadishead', 'M44'],
] as const;

// Letters used in the inward part of UK postcodes.
const POSTCODE_LETTERS = 'ABDEFGHJLNPQRSTUWXYZ';

/** Header entries: the suffix, the organization and its units; parents always come before children. */
function headerLdif(): string {
  let text =
    `dn: ${SALFORD_SUFFIX}\nobjectClass: top\nobjectClass: country\nc: gb\n\n` +
    `dn: ${SALFORD_BASE_DN}\nobjectClass: top\nobjectClass: organization\no: Salford\n` +
    `description: Salford benchmark directory (DirBench)\n\n`;
  for (const unit of UNITS) {
    text += `dn: ou=${unit},${SALFORD_BASE_DN}\nobjectClass: top\nobjectClass: organizationalUnit\nou: ${unit}\n\n`;
  }
  return text;
}

/** Lower-cased copies of the name lists, built once so the hot loop does not allocate them. */
let lowerNames: { first: readonly string[]; last: readonly string[] } | null = null;
function lowerCaseNames(): { first: readonly string[]; last: readonly string[] } {
  if (lowerNames === null) {
    const names = loadNames();
    lowerNames = {
      first: names.first.map((n) => n.toLowerCase()),
      last: names.last.map((n) => n.toLowerCase()),
    };
  }
  return lowerNames;
}

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

function checkIndex(spec: DatasetSpec, index: number): void {
  if (!Number.isInteger(index) || index < 0 || index >= spec.entries) {
    throw new RangeError(`person index ${index} is outside 0..${spec.entries - 1}`);
  }
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

function checkSpec(spec: DatasetSpec): void {
  if (!Number.isInteger(spec.entries) || spec.entries < 0) {
    throw new RangeError(`entries must be a whole number >= 0, got ${spec.entries}`);
  }
  if (!Number.isInteger(spec.seed))
    throw new RangeError(`seed must be a whole number, got ${spec.seed}`);
}

// About 1 MB per write: large enough that syscalls are cheap, small enough that memory stays flat.
const CHUNK_BYTES = 1 << 20;
// Room left at the end of a chunk for one more entry, so an entry never needs splitting.
const ENTRY_MAX_BYTES = 4096;

async function writeAll(file: FileHandle, data: Buffer, length: number): Promise<void> {
  let offset = 0;
  while (offset < length) {
    const { bytesWritten } = await file.write(data, offset, length - offset);
    offset += bytesWritten;
  }
}

/** Streams the whole directory (c=gb, o=Salford, 10 organizationalUnits, then `entries` persons) to a file; deterministic: byte-identical for the same spec. */
export async function writeSalfordLdif(
  spec: DatasetSpec,
  outPath: string,
  opts: { signal?: AbortSignal; onProgress?: (done: number, total: number) => void } = {},
): Promise<{ entries: number; bytes: number }> {
  checkSpec(spec);
  const { signal, onProgress } = opts;
  signal?.throwIfAborted();
  const total = spec.entries;
  const reportEvery = Math.max(1, Math.ceil(total / 100));
  const file = await open(outPath, 'w');
  let bytes = 0;
  // Two buffers: one is written while the next is filled, which overlaps CPU and disk; waiting
  // for the write in flight before reusing its buffer is the backpressure.
  const buffers = [
    Buffer.allocUnsafe(CHUNK_BYTES + ENTRY_MAX_BYTES),
    Buffer.allocUnsafe(CHUNK_BYTES + ENTRY_MAX_BYTES),
  ];
  let inFlight: Promise<void> | null = null;
  try {
    let index = 0;
    let nextReport = reportEvery;
    let header: string | null = headerLdif();
    for (let turn = 0; ; turn++) {
      const buffer = buffers[turn % 2] as Buffer;
      let length = 0;
      if (header !== null) {
        length += buffer.write(header, 0, 'latin1');
        header = null;
      }
      while (length < CHUNK_BYTES && index < total) {
        const text = personLdif(spec, index);
        // Buffer.write truncates silently; the slack makes that impossible, this proves it.
        if (buffer.write(text, length, 'latin1') !== text.length)
          throw new Error('LDIF entry overflowed the chunk');
        length += text.length;
        index++;
      }
      if (inFlight !== null) await inFlight;
      signal?.throwIfAborted();
      inFlight = writeAll(file, buffer, length);
      bytes += length;
      if (index >= nextReport || index === total) {
        onProgress?.(index, total);
        nextReport = (Math.floor(index / reportEvery) + 1) * reportEvery;
      }
      if (index >= total) break;
    }
    await inFlight;
    await file.close();
  } catch (err) {
    await inFlight?.catch(() => undefined);
    await file.close().catch(() => undefined);
    await rm(outPath, { force: true });
    throw err;
  }
  return { entries: total, bytes };
}
