// The Salford-shaped directory (seed study 000, DirectoryMark data): country, organization,
// ten organizational units and N inetOrgPerson entries, each computable on its own from (seed, index).
import { loadNames } from './names.ts';
import { ChunkedWriter } from './output.ts';
import { inlineInt, inlineSeed, mix32, streamFor } from './prng.ts';
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

/** Progress callback and cancellation shared by the generators. */
export interface GenerateOptions {
  signal?: AbortSignal;
  /** Called about every 1% of the persons and at the end, never per entry. */
  onProgress?: (done: number, total: number) => void;
}

/** Where the persons' side files go: DNs one per line, and `DN<TAB>password` lines. */
export interface PersonSideFiles {
  dns?: ChunkedWriter | undefined;
  binds?: ChunkedWriter | undefined;
}

/** Everything the hot loop reuses, built once, as ASCII bytes: it copies them instead of building strings. */
interface SalfordTables {
  first: readonly Uint8Array[];
  last: readonly Uint8Array[];
  lowerFirst: readonly Uint8Array[];
  lowerLast: readonly Uint8Array[];
  /** `,ou=U,o=Salford,c=gb\nobjectClass: ...\ncn: ` per unit. */
  afterDnCn: readonly Uint8Array[];
  /** `,ou=U,o=Salford,c=gb` per unit. */
  dnTail: readonly Uint8Array[];
  /** `\nou: U\ntitle: ` per unit. */
  ouTitle: readonly Uint8Array[];
  titles: readonly Uint8Array[];
  streets: readonly Uint8Array[];
  /** `$Town$District ` per town. */
  townTail: readonly Uint8Array[];
  /** Inward postcodes by (digit * 20 + letter) * 20 + letter. */
  inward: readonly Uint8Array[];
  text: Record<
    | 'dn'
    | 'sn'
    | 'givenName'
    | 'uid'
    | 'mail'
    | 'atSalford'
    | 'phone'
    | 'employee'
    | 'postal'
    | 'password'
    | 'end',
    Uint8Array
  >;
}

const ascii = (text: string): Uint8Array => Buffer.from(text, 'latin1');

let tables: SalfordTables | null = null;
function salfordTables(): SalfordTables {
  if (tables !== null) return tables;
  const names = loadNames();
  const lower = lowerCaseNames();
  const objectClasses =
    'objectClass: top\nobjectClass: person\nobjectClass: organizationalPerson\nobjectClass: inetOrgPerson\n';
  tables = {
    first: names.first.map(ascii),
    last: names.last.map(ascii),
    lowerFirst: lower.first.map(ascii),
    lowerLast: lower.last.map(ascii),
    afterDnCn: UNITS.map((u) => ascii(`,ou=${u},${SALFORD_BASE_DN}\n${objectClasses}cn: `)),
    dnTail: UNITS.map((u) => ascii(`,ou=${u},${SALFORD_BASE_DN}`)),
    ouTitle: UNITS.map((u) => ascii(`\nou: ${u}\ntitle: `)),
    titles: TITLES.map(ascii),
    streets: STREETS.map(ascii),
    townTail: TOWNS.map(([town, district]) => ascii(`$${town}$${district} `)),
    inward: Array.from({ length: 4000 }, (_, i) =>
      ascii(
        String(Math.floor(i / 400)) +
          POSTCODE_LETTERS.charAt(Math.floor(i / 20) % 20) +
          POSTCODE_LETTERS.charAt(i % 20),
      ),
    ),
    text: {
      dn: ascii('dn: cn='),
      sn: ascii('\nsn: '),
      givenName: ascii('\ngivenName: '),
      uid: ascii('\nuid: '),
      mail: ascii('\nmail: '),
      atSalford: ascii('@salford.example'),
      phone: ascii('\ntelephoneNumber: +44 161 '),
      employee: ascii('\nemployeeNumber: '),
      postal: ascii('\npostalAddress: '),
      password: ascii('\nuserPassword: secret'),
      end: ascii('\n\n'),
    },
  };
  return tables;
}

/** Copies `bytes` into `buf` at `pos`; returns the new end. A loop for a few bytes, memcpy for more. */
function put(buf: Uint8Array, pos: number, bytes: Uint8Array): number {
  const n = bytes.length;
  if (n > 24) buf.set(bytes, pos);
  else for (let i = 0; i < n; i++) buf[pos + i] = bytes[i] as number;
  return pos + n;
}

/** Writes `n` (a non-negative integer) in decimal; returns the new end. */
function putInt(buf: Uint8Array, pos: number, n: number): number {
  let digits = 1;
  for (let x = n; x >= 10; x = Math.floor(x / 10)) digits++;
  let x = n;
  for (let i = pos + digits - 1; i >= pos; i--) {
    buf[i] = 48 + (x % 10);
    x = Math.floor(x / 10);
  }
  return pos + digits;
}

/** Writes `n` in exactly `width` digits, zero-padded. */
function putPadded(buf: Uint8Array, pos: number, n: number, width: number): number {
  let x = n;
  for (let i = pos + width - 1; i >= pos; i--) {
    buf[i] = 48 + (x % 10);
    x = Math.floor(x / 10);
  }
  return pos + width;
}

// Room for one person in any buffer (entries are about 330 bytes; names are short).
const PERSON_ROOM = 2048;

/**
 * Writes persons `from`.. until the LDIF chunk is full or `to` is reached; returns the next index.
 * Byte for byte what personLdif renders, consuming the per-index stream in the same order.
 */
function fillSalford(
  spec: DatasetSpec,
  from: number,
  to: number,
  ldif: ChunkedWriter,
  side: PersonSideFiles,
): number {
  const t = salfordTables();
  const x = t.text;
  const seedMix = mix32(spec.seed ^ 0x9e3779b9);
  const { dns, binds } = side;
  const firstCount = t.first.length;
  const lastCount = t.last.length;
  let index = from;
  while (index < to && !ldif.full) {
    const high = Math.floor(index / 4294967296);
    inlineSeed(mix32(seedMix ^ mix32((index >>> 0) + Math.imul(high, 0x7feb352d))));
    const f = inlineInt(firstCount);
    const l = inlineInt(lastCount);
    const unit = index % 10;
    const givenName = t.first[f] as Uint8Array;
    const sn = t.last[l] as Uint8Array;
    const lowerLast = t.lowerLast[l] as Uint8Array;
    // Seven digits from 2,000,000: the first three, a space, the last four.
    const phone = 2_000_000 + inlineInt(8_000_000);
    const title = inlineInt(16);
    const street = inlineInt(32);
    const town = inlineInt(12);
    const house = 1 + inlineInt(240);
    // Drawn in the order digit, letter, letter, as personAttributes does.
    const digit = inlineInt(10);
    const letter1 = inlineInt(20);
    const inward = t.inward[(digit * 20 + letter1) * 20 + inlineInt(20)] as Uint8Array;

    const buf = ldif.region(PERSON_ROOM);
    let p = put(buf, ldif.position, x.dn);
    // cn = "Given Last index", written once and copied where it appears again.
    const cnStart = p;
    p = put(buf, p, givenName);
    buf[p++] = 32;
    p = put(buf, p, sn);
    buf[p++] = 32;
    const idStart = p;
    p = putInt(buf, p, index);
    const cnEnd = p;
    const id = buf.subarray(idStart, cnEnd);
    p = put(buf, p, t.afterDnCn[unit] as Uint8Array);
    buf.copyWithin(p, cnStart, cnEnd);
    p += cnEnd - cnStart;
    p = put(buf, p, x.sn);
    p = put(buf, p, sn);
    p = put(buf, p, x.givenName);
    p = put(buf, p, givenName);
    p = put(buf, p, x.uid);
    buf[p++] = (t.lowerFirst[f] as Uint8Array)[0] as number;
    p = put(buf, p, lowerLast);
    p = put(buf, p, id);
    p = put(buf, p, x.mail);
    p = put(buf, p, t.lowerFirst[f] as Uint8Array);
    buf[p++] = 46;
    p = put(buf, p, lowerLast);
    p = put(buf, p, id);
    p = put(buf, p, x.atSalford);
    p = put(buf, p, x.phone);
    p = putInt(buf, p, Math.floor(phone / 10_000));
    buf[p++] = 32;
    p = putPadded(buf, p, phone % 10_000, 4);
    p = put(buf, p, x.employee);
    p = put(buf, p, id);
    p = put(buf, p, t.ouTitle[unit] as Uint8Array);
    p = put(buf, p, t.titles[title] as Uint8Array);
    p = put(buf, p, x.postal);
    p = putInt(buf, p, house);
    buf[p++] = 32;
    p = put(buf, p, t.streets[street] as Uint8Array);
    p = put(buf, p, t.townTail[town] as Uint8Array);
    p = put(buf, p, inward);
    p = put(buf, p, x.password);
    p = put(buf, p, id);
    p = put(buf, p, x.end);
    ldif.advance(p);
    if (dns !== undefined) {
      const out = dns.region(PERSON_ROOM);
      let q = putDn(out, dns.position, buf, cnStart, cnEnd, t.dnTail[unit] as Uint8Array);
      out[q++] = 10;
      dns.advance(q);
    }
    if (binds !== undefined) {
      const out = binds.region(PERSON_ROOM);
      let q = putDn(out, binds.position, buf, cnStart, cnEnd, t.dnTail[unit] as Uint8Array);
      out[q++] = 9;
      q = put(out, q, SECRET);
      q = put(out, q, id);
      out[q++] = 10;
      binds.advance(q);
    }
    index++;
  }
  return index;
}

const SECRET = ascii('secret');

/** `cn=` + the cn bytes at `from`..`to` of `src` + the unit's DN tail. */
function putDn(
  out: Uint8Array,
  pos: number,
  src: Uint8Array,
  from: number,
  to: number,
  tail: Uint8Array,
): number {
  out[pos] = 99; // c
  out[pos + 1] = 110; // n
  out[pos + 2] = 61; // =
  let q = pos + 3;
  for (let i = from; i < to; i++) out[q++] = src[i] as number;
  return put(out, q, tail);
}

/** Streams the Salford directory into open writers (header, then persons); returns the persons written. */
export async function streamSalford(
  spec: DatasetSpec,
  ldif: ChunkedWriter,
  side: PersonSideFiles,
  opts: GenerateOptions = {},
): Promise<number> {
  checkSpec(spec);
  const { signal, onProgress } = opts;
  signal?.throwIfAborted();
  const total = spec.entries;
  const reportEvery = Math.max(1, Math.ceil(total / 100));
  let nextReport = reportEvery;
  ldif.write(headerLdif());
  let index = 0;
  for (;;) {
    index = fillSalford(spec, index, total, ldif, side);
    signal?.throwIfAborted();
    await ldif.flush();
    if (side.dns?.full === true) await side.dns.flush();
    if (side.binds?.full === true) await side.binds.flush();
    if (index >= nextReport || index === total) {
      onProgress?.(index, total);
      nextReport = (Math.floor(index / reportEvery) + 1) * reportEvery;
    }
    if (index >= total) break;
  }
  return total;
}

/** Streams the whole directory (c=gb, o=Salford, 10 organizationalUnits, then `entries` persons) to a file; deterministic: byte-identical for the same spec. */
export async function writeSalfordLdif(
  spec: DatasetSpec,
  outPath: string,
  opts: GenerateOptions = {},
): Promise<{ entries: number; bytes: number }> {
  checkSpec(spec);
  opts.signal?.throwIfAborted();
  const ldif = await ChunkedWriter.create(outPath);
  try {
    const entries = await streamSalford(spec, ldif, {}, opts);
    await ldif.close();
    return { entries, bytes: ldif.bytes };
  } catch (err) {
    await ldif.discard();
    throw err;
  }
}
