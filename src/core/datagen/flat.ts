// The flat directory of Isode's M-Vault benchmark (seed study 001): c=BA, o=Test,c=BA and N inetOrgPerson
// entries directly below it, each computable on its own from (seed, index).
import { loadNames } from './names.ts';
import { inlineInt, inlineSeed, streamSeed } from './prng.ts';
import { checkIndex } from './dataset.ts';
import type { DatasetSpec } from './dataset.ts';
import { shapeFileWriter } from './shapeStream.ts';
import type { ShapeWriter } from './shapeStream.ts';

/** Suffix the server holds. */
export const FLAT_SUFFIX = 'c=BA';
/** The organization every person sits directly below; searches and binds start here. */
export const FLAT_BASE_DN = 'o=Test,c=BA';
/** Domain of every person's mail address, as in the M-Vault example entry. */
const MAIL_DOMAIN = 'test.co.uk';
/** One person in this many has a double-barrelled surname ("Valcourt-Zywiel"), as the study's example. */
const DOUBLE_BARRELLED_ONE_IN = 8;

/** Attributes every flat person has (one value each), in LDIF order after objectClass. */
export const FLAT_PERSON_ATTRIBUTES = [
  'cn',
  'sn',
  'givenName',
  'mail',
  'uid',
  'telephoneNumber',
  'userPassword',
] as const;

// The study's example entry lists its object classes in this order.
const OBJECT_CLASSES =
  'objectClass: inetOrgPerson\nobjectClass: organizationalPerson\nobjectClass: top\nobjectClass: person\n';

/** Header entries: the country and the organization. */
function headerLdif(): string {
  return (
    `dn: ${FLAT_SUFFIX}\nobjectClass: top\nobjectClass: country\nc: BA\n\n` +
    `dn: ${FLAT_BASE_DN}\nobjectClass: top\nobjectClass: organization\no: Test\n` +
    `description: Flat benchmark directory (DirBench, M-Vault shape)\n\n`
  );
}

interface FlatTables {
  first: readonly string[];
  last: readonly string[];
  lowerFirst: readonly string[];
  lowerLast: readonly string[];
  initial: readonly string[];
  pad3: readonly string[];
  pad4: readonly string[];
}

let tables: FlatTables | null = null;
function flatTables(): FlatTables {
  if (tables !== null) return tables;
  const names = loadNames();
  tables = {
    first: names.first,
    last: names.last,
    lowerFirst: names.first.map((n) => n.toLowerCase()),
    lowerLast: names.last.map((n) => n.toLowerCase()),
    initial: names.first.map((n) => n.charAt(0)),
    pad3: Array.from({ length: 1000 }, (_, i) => String(i).padStart(3, '0')),
    pad4: Array.from({ length: 10_000 }, (_, i) => String(i).padStart(4, '0')),
  };
  return tables;
}

/** One person's values; the random draws happen here, in one fixed order, for both the LDIF and the O(1) look-ups. */
interface FlatPerson {
  cn: string;
  sn: string;
  givenName: string;
  mail: string;
  uid: string;
  telephoneNumber: string;
  userPassword: string;
}

function drawPerson(t: FlatTables, seed: number, index: number): FlatPerson {
  inlineSeed(streamSeed(seed, index));
  const f = inlineInt(t.first.length);
  const l = inlineInt(t.last.length);
  const double = inlineInt(DOUBLE_BARRELLED_ONE_IN) === 0;
  const l2 = double ? inlineInt(t.last.length) : -1;
  // London numbers: 020 7xxx xxxx.
  const exchange = inlineInt(1000);
  const line = inlineInt(10_000);
  const id = String(index);
  const givenName = t.first[f] as string;
  const last = t.last[l] as string;
  const sn = double ? `${last}-${t.last[l2] as string}` : last;
  const lowerSn = double
    ? `${t.lowerLast[l] as string}${t.lowerLast[l2] as string}`
    : (t.lowerLast[l] as string);
  const mailSn = double ? `${last}.${t.last[l2] as string}` : last;
  return {
    // The index makes cn (hence the DN) unique; names are letters (and a hyphen), nothing needs escaping.
    cn: `${givenName} ${sn} ${id}`,
    sn,
    givenName,
    mail: `${t.initial[f] as string}.${mailSn}.${id}@${MAIL_DOMAIN}`,
    uid: `${(t.lowerFirst[f] as string).charAt(0)}${lowerSn}${id}`,
    telephoneNumber: `+44 20 7${t.pad3[exchange] as string} ${t.pad4[line] as string}`,
    userPassword: `secret${id}`,
  };
}

/** DN of person `index` (0-based, < entries); O(1), pure, so load workers can pick random existing entries. */
export function flatPersonDn(spec: DatasetSpec, index: number): string {
  checkIndex(spec, index);
  return `cn=${drawPerson(flatTables(), spec.seed, index).cn},${FLAT_BASE_DN}`;
}

/** Plain-text userPassword of person `index`, so bind workloads can authenticate as any person. */
export function flatPersonPassword(spec: DatasetSpec, index: number): string {
  checkIndex(spec, index);
  return `secret${index}`;
}

/** Attribute values of person `index` (one value each, objectClass aside), keyed by attribute name and `dn`. */
export function flatPersonAttributes(spec: DatasetSpec, index: number): Record<string, string> {
  checkIndex(spec, index);
  const person = drawPerson(flatTables(), spec.seed, index);
  return { dn: `cn=${person.cn},${FLAT_BASE_DN}`, ...person };
}

/** LDIF text of person `index` (ends with a blank line). */
export function flatPersonLdif(spec: DatasetSpec, index: number): string {
  checkIndex(spec, index);
  return personLdif(drawPerson(flatTables(), spec.seed, index));
}

function personLdif(p: FlatPerson): string {
  return `dn: cn=${p.cn},${FLAT_BASE_DN}\n${OBJECT_CLASSES}cn: ${p.cn}\nsn: ${p.sn}\ngivenName: ${p.givenName}\nmail: ${p.mail}\nuid: ${p.uid}\ntelephoneNumber: ${p.telephoneNumber}\nuserPassword: ${p.userPassword}\n\n`;
}

/** Writes persons `from`.. until the LDIF chunk is full or `to` is reached; returns the next index. */
const fillFlat: ShapeWriter['fill'] = (spec, from, to, ldif, side) => {
  const t = flatTables();
  const { dns, binds } = side;
  let index = from;
  for (; index < to && !ldif.full; index++) {
    const person = drawPerson(t, spec.seed, index);
    ldif.write(personLdif(person));
    if (dns !== undefined || binds !== undefined) {
      const dn = `cn=${person.cn},${FLAT_BASE_DN}`;
      dns?.write(`${dn}\n`);
      binds?.write(`${dn}\t${person.userPassword}\n`);
    }
  }
  return index;
};

/** How the flat directory is written: its two header entries, then persons. */
export const FLAT_WRITER: ShapeWriter = { headerLdif, fill: fillFlat };

/** Streams the whole flat directory to one file; deterministic: byte-identical for the same spec. */
export const writeFlatLdif = shapeFileWriter(FLAT_WRITER);
