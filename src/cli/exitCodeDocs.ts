// The README's exit-code table, written from EXIT_CODES (npm run docs:exit-codes) between two
// markers, and checked by a unit test: the table users read is the code's own.
import { EXIT_CODES } from './commandSpec.ts';

/** The line before the table in README.md. */
export const TABLE_START =
  '<!-- exit-codes:start - written by "npm run docs:exit-codes" from EXIT_CODES in src/cli/commandSpec.ts -->';
/** The line after it. */
export const TABLE_END = '<!-- exit-codes:end -->';

/** The exit codes as a Markdown table, padded as Prettier pads it (codes right-aligned). */
export function exitCodeTable(): string {
  const rows = EXIT_CODES.map((e) => [String(e.code), e.detail] as const);
  const codeWidth = Math.max('exit'.length, ...rows.map(([code]) => code.length));
  const textWidth = Math.max('meaning'.length, ...rows.map(([, text]) => text.length));
  const line = (code: string, text: string): string =>
    `| ${code.padStart(codeWidth)} | ${text.padEnd(textWidth)} |`;
  return [
    line('exit', 'meaning'),
    `| ${'-'.repeat(codeWidth - 1)}: | ${'-'.repeat(textWidth)} |`,
    ...rows.map(([code, text]) => line(code, text)),
  ].join('\n');
}

/** `readme` with the table between the markers replaced by exitCodeTable(); throws without the markers. */
export function withExitCodeTable(readme: string): string {
  const start = readme.indexOf(TABLE_START);
  const end = readme.indexOf(TABLE_END);
  if (start === -1 || end < start)
    throw new Error(`README.md has no "${TABLE_START}" ... "${TABLE_END}" markers`);
  const before = readme.slice(0, start + TABLE_START.length);
  return `${before}\n\n${exitCodeTable()}\n\n${readme.slice(end)}`;
}
