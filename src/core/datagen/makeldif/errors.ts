// The error a bad makeldif template raises: which file, which line, and why.

/** A template that cannot be parsed or run; the message reads `FILE:LINE: reason`. */
export class TemplateError extends Error {
  readonly file: string;
  /** 1-based line number, or 0 when the problem is not on one line (a missing template, a cycle). */
  readonly line: number;
  readonly reason: string;

  constructor(file: string, line: number, reason: string) {
    super(line > 0 ? `${file}:${line}: ${reason}` : `${file}: ${reason}`);
    this.name = 'TemplateError';
    this.file = file;
    this.line = line;
    this.reason = reason;
  }
}
