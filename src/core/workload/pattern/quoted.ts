// Java's quoting rule shared by DecimalFormat and SimpleDateFormat patterns.
import type { Fail } from './errors.ts';

/**
 * Reads quoted literal text starting at the quote `text[start]`: `''` is one apostrophe both outside
 * and inside a quoted run, so 'o''clock' reads as o'clock; an unclosed quote fails with `what`.
 */
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
