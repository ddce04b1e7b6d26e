// Java's quoting rule shared by DecimalFormat and SimpleDateFormat patterns.
import type { Fail } from './errors.ts';

/** Reads Java-quoted literal text at the quote `text[start]` ('' is an apostrophe in and out of quotes: 'o''clock' is o'clock). */
export function readQuoted(
  text: string,
  start: number,
  fail: Fail,
  what: string,
): { text: string; end: number } {
  if (text[start + 1] === "'") return { text: "'", end: start + 2 };
  let out = '';
  let i = start + 1;
  for (;;) {
    const close = text.indexOf("'", i);
    if (close < 0) return fail(start, `unclosed quote in ${what}`);
    out += text.slice(i, close);
    if (text[close + 1] !== "'") return { text: out, end: close + 1 };
    out += "'";
    i = close + 2;
  }
}
