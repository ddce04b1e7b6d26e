// The error every malformed pattern raises, with a caret under the offending column.

/** The printable picture of a control character: ␀ to ␟ for C0, ␡ for DEL, ¿ for C1. */
function controlPicture(code: number): string {
  if (code < 0x20) return String.fromCharCode(0x2400 + code);
  return code === 0x7f ? '\u2421' : '\u00bf';
}

/** A malformed value pattern, OpenDJ format string or generator: where it went wrong and why. */
export class PatternError extends Error {
  readonly pattern: string;
  readonly column: number;
  readonly reason: string;
  /** What was being parsed: 'value pattern', 'OpenDJ format string' or 'OpenDJ generator'. */
  readonly what: string;

  constructor(pattern: string, column: number, reason: string, what = 'value pattern') {
    // Line breaks and tabs would break the caret's alignment, so they show as spaces; other control
    // characters (which a terminal would act on) as their Unicode pictures, one column each.
    const oneLine = pattern
      .replace(/[\r\n\t\v\f]/g, ' ')
      .replace(/\p{Cc}/gu, (ch) => controlPicture(ch.charCodeAt(0)));
    super(`invalid ${what}: ${reason}\n  ${oneLine}\n  ${' '.repeat(Math.max(0, column - 1))}^`);
    this.name = 'PatternError';
    this.pattern = pattern;
    this.column = column;
    this.reason = reason;
    this.what = what;
  }
}

/** Reports a syntax error at a 0-based offset of the text a sub-parser was given. */
export type Fail = (offset: number, reason: string) => never;

/** A Fail that throws a PatternError for `pattern`, where the sub-text starts at 1-based `column`. */
export function failAt(pattern: string, column: number, what?: string): Fail {
  return (offset, reason) => {
    throw new PatternError(pattern, column + offset, reason, what);
  };
}
