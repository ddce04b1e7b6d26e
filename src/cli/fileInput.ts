// The files a command line names, read with errors that name the option (or argument) and the file.
import { readFileSync } from 'node:fs';
import { invalid } from '../shared/errors.ts';
import { binaryContent, jsonSyntaxProblem } from '../shared/inputExcerpt.ts';

/** A file's text; errors go to `field` and name the file as `shown` (e.g. "--template t.json"). */
export function readTextFile(path: string, field: string, shown: string): string {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    const reason = (err as NodeJS.ErrnoException).code ?? String(err);
    throw invalid(field, `cannot read ${shown}: ${reason}`);
  }
  const binary = binaryContent(text);
  if (binary !== null) throw invalid(field, `${shown} is not a text file: ${binary}`);
  return text;
}

/** `text` parsed as JSON; a syntax error says "`shown` `notJson`: why" under `field`. */
export function parseJsonText(
  text: string,
  field: string,
  shown: string,
  notJson = 'is not valid JSON',
): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (err) {
    throw invalid(field, `${shown} ${notJson}: ${jsonSyntaxProblem(err, text)}`);
  }
}

/** A JSON file read and parsed, with readTextFile's and parseJsonText's errors. */
export function readJsonFile(
  path: string,
  field: string,
  shown: string,
  notJson?: string,
): unknown {
  return parseJsonText(readTextFile(path, field, shown), field, shown, notJson);
}
