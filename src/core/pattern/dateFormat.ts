// A java.text.SimpleDateFormat subset, always in UTC so runs are comparable across machines.
import type { Fail } from './errors.ts';
import { readQuoted } from './quoted.ts';

/** Formats epoch milliseconds as text. */
export type DateFormat = (epochMs: number) => string;

type Field = (d: Date, width: number) => string;

/** English month names, January first (also makeldif's <random:month>). */
export const MONTHS: readonly string[] = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** A number padded to `width` digits. */
const num = (n: number, width: number): string => String(n).padStart(width, '0');

/** Text fields use the full name from four letters up, as Java does. */
const name = (names: readonly string[], i: number, width: number): string => {
  const full = names[i] as string;
  return width >= 4 ? full : full.slice(0, 3);
};

const FIELDS: Readonly<Record<string, Field>> = {
  G: () => 'AD',
  // Java prints a two-letter year as the year modulo 100.
  y: (d, w) => (w === 2 ? num(d.getUTCFullYear() % 100, 2) : num(d.getUTCFullYear(), w)),
  M: (d, w) => (w >= 3 ? name(MONTHS, d.getUTCMonth(), w) : num(d.getUTCMonth() + 1, w)),
  // Stand-alone month: the same words as M in English.
  L: (d, w) => (w >= 3 ? name(MONTHS, d.getUTCMonth(), w) : num(d.getUTCMonth() + 1, w)),
  d: (d, w) => num(d.getUTCDate(), w),
  D: (d, w) => num(dayOfYear(d), w),
  // Day of week in month: days 1-7 are the first, 8-14 the second, ...
  F: (d, w) => num(Math.floor((d.getUTCDate() - 1) / 7) + 1, w),
  E: (d, w) => name(DAYS, d.getUTCDay(), w),
  u: (d, w) => num(d.getUTCDay() || 7, w),
  a: (d) => (d.getUTCHours() < 12 ? 'AM' : 'PM'),
  H: (d, w) => num(d.getUTCHours(), w),
  k: (d, w) => num(d.getUTCHours() || 24, w),
  K: (d, w) => num(d.getUTCHours() % 12, w),
  h: (d, w) => num(d.getUTCHours() % 12 || 12, w),
  m: (d, w) => num(d.getUTCMinutes(), w),
  s: (d, w) => num(d.getUTCSeconds(), w),
  S: (d, w) => num(d.getUTCMilliseconds(), w),
  z: (_d, w) => (w >= 4 ? 'Coordinated Universal Time' : 'UTC'),
  Z: () => '+0000',
  X: () => 'Z',
};

/** Day number within the year, 1-based. */
function dayOfYear(d: Date): number {
  return Math.floor((d.getTime() - Date.UTC(d.getUTCFullYear(), 0, 1)) / 86_400_000) + 1;
}

/** Compiles a SimpleDateFormat pattern like "yyyy-MM-dd'T'HH:mm:ss.SSSZ"; unknown letters fail. */
export function compileDateFormat(pattern: string, fail: Fail): DateFormat {
  if (pattern === '') fail(0, 'empty date format');
  const parts: (string | { field: Field; width: number })[] = [];
  let literal = '';
  let i = 0;
  while (i < pattern.length) {
    const ch = pattern[i] as string;
    if (ch === "'") {
      const quoted = readQuoted(pattern, i, fail, 'date format');
      literal += quoted.text;
      i = quoted.end;
    } else if (/[A-Za-z]/.test(ch)) {
      const field = FIELDS[ch];
      if (field === undefined) fail(i, `unsupported date format letter '${ch}'`);
      let width = 1;
      while (pattern[i + width] === ch) width++;
      // Java rejects ISO 8601 zones longer than XXX.
      if (ch === 'X' && width > 3) fail(i, "more than three 'X' in date format");
      if (literal !== '') parts.push(literal);
      literal = '';
      parts.push({ field, width });
      i += width;
    } else {
      literal += ch;
      i++;
    }
  }
  if (literal !== '') parts.push(literal);
  return (epochMs) => {
    const d = new Date(epochMs);
    let out = '';
    for (const p of parts) out += typeof p === 'string' ? p : p.field(d, p.width);
    return out;
  };
}
