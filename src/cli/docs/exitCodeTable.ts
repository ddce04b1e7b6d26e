// The exit-code table of docs/ci-gates.md, written from EXIT_CODES by `npm run docs`
// (generatedDocs.ts): the table users read is the code's own.
import { EXIT_CODES } from '../commandSpec.ts';

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
