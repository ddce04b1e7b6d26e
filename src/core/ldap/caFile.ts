// Checks a target's CA file before it is saved or used: readable, and a PEM certificate.
import { readFileSync } from 'node:fs';
import { invalid } from '../../shared/errors.ts';

/** Throws a `caFile` field error unless `path` is blank or a readable PEM certificate file. */
export function checkCaFile(path: string | undefined, field = 'caFile'): void {
  const file = path?.trim() ?? '';
  if (file === '') return;
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? String(err);
    throw invalid(
      field,
      `cannot read the CA file ${file} (${code}): give the path of a PEM certificate`,
    );
  }
  if (!text.includes('-----BEGIN CERTIFICATE-----')) {
    throw invalid(field, `${file} holds no PEM certificate (-----BEGIN CERTIFICATE-----)`);
  }
}
