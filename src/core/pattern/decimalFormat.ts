// A java.text.DecimalFormat subset for the integers ranges produce: padding, grouping, affixes.
import type { Fail } from './errors.ts';
import { readQuoted } from './quoted.ts';

/** Formats one integer the way DecimalFormat(pattern).format(long) would. */
export type IntegerFormat = (value: number) => string;

interface Affix {
  text: string;
  /** 100 for %, 1000 for per-mille, else 1. */
  multiplier: number;
  end: number;
}

interface SubPattern {
  prefix: string;
  suffix: string;
  minIntDigits: number;
  groupSize: number;
  minFracDigits: number;
  alwaysShowDot: boolean;
  multiplier: number;
  end: number;
}

const DIGIT_CHARS = '0#,.';

/** Reads a prefix or suffix from `start`: literal text, quotes, % and per-mille (at most one per subpattern). */
function readAffix(
  text: string,
  start: number,
  fail: Fail,
  isSuffix: boolean,
  multiplier: number,
): Affix {
  let out = '';
  let i = start;
  while (i < text.length) {
    const ch = text[i] as string;
    if (ch === ';') break;
    if (DIGIT_CHARS.includes(ch)) {
      if (isSuffix) fail(i, `unquoted '${ch}' after the number in the format`);
      break;
    }
    if (ch === "'") {
      const quoted = readQuoted(text, i, fail, 'number format');
      out += quoted.text;
      i = quoted.end;
      continue;
    }
    if (ch === '¤') fail(i, "currency sign '¤' is not supported in number formats");
    if (ch === '%' || ch === '‰') {
      // Java: "Too many percent/per mille characters in pattern".
      if (multiplier !== 1) fail(i, `more than one '%' or '‰' in the format`);
      multiplier = ch === '%' ? 100 : 1000;
    }
    out += ch;
    i++;
  }
  return { text: out, multiplier, end: i };
}

/**
 * Parses `prefix number suffix` starting at `start`, stopping at ';' or the end. The number part is
 * read exactly as java.text.DecimalFormat.applyPattern counts it, including its recoding of patterns
 * without a '0' ("#.##" acts as "#0.##", ".##" as ".0#").
 */
function readSubPattern(text: string, start: number, fail: Fail, needDigits: boolean): SubPattern {
  const prefix = readAffix(text, start, fail, false, 1);
  let left = 0; // '#' before any '0'
  let zero = 0; // '0'
  let right = 0; // '#' after a '0'
  let decimalPos = -1; // digits before the '.'
  let grouping = -1; // digits after the last ',' (integer part only)
  let firstRightAt = -1;
  let zeroAfterRightAt = -1;
  let commaAt = -1;
  let dotAt = -1;
  let i = prefix.end;
  for (; i < text.length; i++) {
    const ch = text[i];
    if (ch === '#') {
      if (zero > 0) {
        if (right === 0) firstRightAt = i;
        right++;
      } else left++;
      if (grouping >= 0 && decimalPos < 0) grouping++;
    } else if (ch === '0') {
      if (right > 0) fail(i, "'0' after '#' in the fraction part of the format");
      if (decimalPos >= 0 && left > decimalPos && zeroAfterRightAt < 0) zeroAfterRightAt = i;
      zero++;
      if (grouping >= 0 && decimalPos < 0) grouping++;
    } else if (ch === ',') {
      grouping = 0;
      commaAt = i;
    } else if (ch === '.') {
      if (decimalPos >= 0) fail(i, 'second decimal point in the format');
      decimalPos = left + zero + right;
      dotAt = i;
    } else if (ch === 'E') {
      return fail(i, "scientific notation ('E') is not supported in number formats");
    } else break;
  }
  if (needDigits && left + zero + right === 0) fail(i, 'number format has no digit placeholder');
  if (decimalPos < 0 && right > 0)
    fail(firstRightAt, "'#' after '0' in the integer part of the format");
  if (grouping === 0) {
    fail(
      commaAt,
      dotAt >= 0 && commaAt > dotAt
        ? "',' in the fraction part of the format"
        : 'grouping separator ends the integer part',
    );
  }
  if (zero === 0 && left > 0 && decimalPos >= 0) {
    // Java's recoding: the last '#' before the point (or the first after a leading point) acts as '0'.
    const n = decimalPos === 0 ? 1 : decimalPos;
    right = left - n;
    left = n - 1;
    zero = 1;
  } else if (decimalPos >= 0 && decimalPos < left) {
    fail(zeroAfterRightAt, "'0' after '#' in the fraction part of the format");
  } else if (decimalPos > left + zero) {
    fail(firstRightAt, "'#' after '0' in the integer part of the format");
  }
  const total = left + zero + right;
  const suffix = readAffix(text, i, fail, true, prefix.multiplier);
  return {
    prefix: prefix.text,
    suffix: suffix.text,
    minIntDigits: (decimalPos >= 0 ? decimalPos : total) - left,
    groupSize: grouping > 0 ? grouping : 0,
    minFracDigits: decimalPos >= 0 ? left + zero - decimalPos : 0,
    alwaysShowDot: decimalPos === 0 || decimalPos === total,
    multiplier: suffix.multiplier,
    end: suffix.end,
  };
}

/** Inserts ',' every `size` digits from the right. */
function group(digits: string, size: number): string {
  let i = digits.length % size || size;
  let out = digits.slice(0, i);
  for (; i < digits.length; i += size) out += ',' + digits.slice(i, i + size);
  return out;
}

/** The decimal digits of |value * multiplier|, exact even beyond 2^53. */
function scaledDigits(value: number, multiplier: number): string {
  const scaled = value * multiplier;
  if (Number.isSafeInteger(scaled)) return String(Math.abs(scaled));
  const big = BigInt(value) * BigInt(multiplier);
  return (big < 0n ? -big : big).toString();
}

/** Compiles a DecimalFormat pattern such as "0000", "#,##0" or "'id'000;(000)". */
export function compileDecimalFormat(pattern: string, fail: Fail): IntegerFormat {
  if (pattern === '') fail(0, 'empty number format');
  const pos = readSubPattern(pattern, 0, fail, true);
  let negPrefix = '-' + pos.prefix;
  let negSuffix = pos.suffix;
  // A ';' with nothing after it leaves the default negative form, as in Java.
  if (pos.end + 1 < pattern.length) {
    // The negative subpattern only contributes its affixes, as in Java.
    const neg = readSubPattern(pattern, pos.end + 1, fail, false);
    if (neg.end < pattern.length) fail(neg.end, "more than one ';' in number format");
    // Java: a negative subpattern with the positive affixes means "prefix '-' as usual".
    if (neg.prefix !== pos.prefix || neg.suffix !== pos.suffix) {
      negPrefix = neg.prefix;
      negSuffix = neg.suffix;
    }
  }
  const { prefix, suffix, minIntDigits, groupSize, minFracDigits, alwaysShowDot, multiplier } = pos;
  const fraction = minFracDigits > 0 ? '.' + '0'.repeat(minFracDigits) : alwaysShowDot ? '.' : '';
  return (value) => {
    // A zero integer part prints only the zeros the format demands; with none and no fraction, one '0'.
    let digits = value === 0 ? '' : scaledDigits(value, multiplier);
    if (digits.length < minIntDigits) digits = digits.padStart(minIntDigits, '0');
    if (groupSize > 0 && digits.length > groupSize) digits = group(digits, groupSize);
    if (digits === '' && minFracDigits === 0) digits = '0';
    return value < 0
      ? negPrefix + digits + fraction + negSuffix
      : prefix + digits + fraction + suffix;
  };
}
