// Checks a target's CA file before it is saved or used: readable, and a PEM certificate.
import { invalid } from '../../shared/errors.ts';
import { readPemFile } from './pemFile.ts';

/** Throws a `caFile` field error unless `path` is blank or a readable PEM certificate file. */
export function checkCaFile(path: string | undefined, field = 'caFile'): void {
  const file = path?.trim() ?? '';
  if (file === '') return;
  const text = readPemFile(file, field, 'CA');
  if (!text.includes('-----BEGIN CERTIFICATE-----')) {
    throw invalid(field, `${file} holds no PEM certificate (-----BEGIN CERTIFICATE-----)`);
  }
}
