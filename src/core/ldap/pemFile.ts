// Reads a PEM file a target names (CA, client certificate, key), with a field error when it cannot.
import { invalid } from '../../shared/errors.ts';
import { readSmallFile } from '../base/smallFile.ts';

/** The text of PEM file `path` holding a `what` (e.g. "CA"), or a `field` error naming the path. */
export function readPemFile(path: string, field: string, what: string): string {
  try {
    return readSmallFile(path);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? String(err);
    throw invalid(
      field,
      `cannot read the ${what} file ${path} (${code}): give the path of a PEM ${what === 'CA' ? 'certificate' : what}`,
    );
  }
}
