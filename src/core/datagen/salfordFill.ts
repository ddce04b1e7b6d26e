// The Salford persons written straight into the LDIF chunk as bytes: the hot loop of generation,
// byte for byte what salford.ts renders per person, drawing each person's stream in the same order.
import type { DatasetSpec, PersonSideFiles } from './dataset.ts';
import type { ChunkedWriter } from './output.ts';
import { inlineInt, inlineSeed, mix32 } from './prng.ts';
import { loadNames } from './names.ts';
import {
  lowerCaseNames,
  POSTCODE_LETTERS,
  SALFORD_BASE_DN,
  STREETS,
  TITLES,
  TOWNS,
  UNITS,
} from './salfordWords.ts';

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
export function fillSalford(
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
