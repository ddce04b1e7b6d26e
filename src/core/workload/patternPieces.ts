// Splits a value pattern into its [tokens] and its literal characters, `[[` and `]]` being literal brackets.

/** A piece of a pattern: a bracketed token as written, or literal text (an escaped bracket as one bracket). */
export interface PatternPiece {
  text: string;
  token: boolean;
}

/**
 * The pattern's pieces in order: each token whole (to the end when unclosed), each literal character
 * alone, except that with `backslashPairs` a backslash and the character after it are one piece (DN escapes).
 */
export function patternPieces(pattern: string, backslashPairs: boolean): PatternPiece[] {
  const pieces: PatternPiece[] = [];
  let i = 0;
  while (i < pattern.length) {
    const ch = pattern[i] as string;
    const next = pattern[i + 1];
    if ((ch === '[' && next === '[') || (ch === ']' && next === ']')) {
      pieces.push({ text: ch, token: false });
      i += 2;
    } else if (ch === '[') {
      const close = pattern.indexOf(']', i + 1);
      const end = close < 0 ? pattern.length : close + 1;
      pieces.push({ text: pattern.slice(i, end), token: true });
      i = end;
    } else if (backslashPairs && ch === '\\' && next !== undefined) {
      pieces.push({ text: ch + next, token: false });
      i += 2;
    } else {
      pieces.push({ text: ch, token: false });
      i++;
    }
  }
  return pieces;
}
