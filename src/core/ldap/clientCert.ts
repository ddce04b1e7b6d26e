// Checks a target's TLS client certificate and key files before they are saved or used.
import { invalid } from '../../shared/errors.ts';
import { readPemFile } from './pemFile.ts';

/** Checks a PEM file for `field`, or throws a field error saying what is wrong. */
function readPem(path: string, field: string, what: string, marker: RegExp): void {
  const text = readPemFile(path, field, what);
  if (!marker.test(text)) throw invalid(field, `${path} holds no PEM ${what}`);
  if (/-----BEGIN ENCRYPTED PRIVATE KEY-----|Proc-Type: 4,ENCRYPTED/.test(text)) {
    throw invalid(
      field,
      `${path} is encrypted with a passphrase; DirBench needs an unencrypted key file (mode 600), e.g. openssl pkey -in KEY -out KEY.plain`,
    );
  }
}

/** Throws a field error unless both files are blank, or a readable PEM certificate and key. */
export function checkClientCert(
  certFile: string | undefined,
  keyFile: string | undefined,
  fields = { cert: 'clientCertFile', key: 'clientKeyFile' },
): void {
  const cert = certFile?.trim() ?? '';
  const key = keyFile?.trim() ?? '';
  if (cert === '' && key === '') return;
  if (cert === '') throw invalid(fields.cert, 'a client key needs its client certificate file');
  if (key === '') throw invalid(fields.key, 'a client certificate needs its private key file');
  readPem(cert, fields.cert, 'certificate', /-----BEGIN CERTIFICATE-----/);
  readPem(key, fields.key, 'private key', /-----BEGIN [A-Z ]*PRIVATE KEY-----/);
}
