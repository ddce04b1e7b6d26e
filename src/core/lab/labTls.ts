// A lab's own certificate authority and server certificate (for 127.0.0.1), made with openssl, so
// StartTLS and ldaps:// runs verify the server like production clients do.
import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { join } from 'node:path';
import { ApiError } from '../../shared/errors.ts';

/** The PEM files of a lab's TLS set-up. */
export interface LabCertificates {
  caFile: string;
  certFile: string;
  keyFile: string;
}

function openssl(args: string[], cwd: string): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile('openssl', args, { cwd, timeout: 60_000 }, (err, _stdout, stderr) => {
      if (err === null) {
        resolve();
        return;
      }
      const missing = (err as NodeJS.ErrnoException).code === 'ENOENT';
      reject(
        missing
          ? new ApiError(
              'unavailable',
              'openssl is needed for lab TLS: sudo apt-get install openssl (or brew install openssl)',
            )
          : new Error(`openssl ${args[0] ?? ''} failed: ${stderr.trim() || err.message}`),
      );
    });
  });
}

/** A new key `<base>.key` and certificate `<base>.pem` for `subject`, signed by the CA in `dir`. */
async function issueFromCa(
  dir: string,
  subject: string,
  base: string,
  extFile: string,
): Promise<void> {
  const req = ['req', '-newkey', 'rsa:2048', '-nodes', '-subj', subject];
  await openssl([...req, '-keyout', `${base}.key`, '-out', `${base}.csr`], dir);
  const sign = ['x509', '-req', '-in', `${base}.csr`, '-CA', 'ca.pem', '-CAkey', 'ca.key'];
  await openssl(
    [...sign, '-CAcreateserial', '-days', '825', '-extfile', extFile, '-out', `${base}.pem`],
    dir,
  );
}

/** What else a server certificate covers, and the CA's name (labs take the defaults). */
export interface CertificateOptions {
  /** Host names and IP addresses the certificate names besides 127.0.0.1 and localhost. */
  extraHosts?: readonly string[];
  /** The CA's common name; default `DirBench lab CA`. */
  caName?: string;
}

/** The subjectAltName value for 127.0.0.1, localhost and `extraHosts` (each once, IPs as IP:). */
export function subjectAltNames(extraHosts: readonly string[] = []): string {
  const hosts = [...new Set(['127.0.0.1', 'localhost', ...extraHosts])];
  return hosts.map((host) => (isIP(host) === 0 ? `DNS:${host}` : `IP:${host}`)).join(',');
}

/**
 * Creates `<dir>/ca.pem` (a fresh CA) and a server key and certificate it signed, for 127.0.0.1,
 * localhost and any `extraHosts`.
 */
export async function createLabCertificates(
  dir: string,
  options: CertificateOptions = {},
): Promise<LabCertificates> {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const files = {
    caFile: join(dir, 'ca.pem'),
    certFile: join(dir, 'server.pem'),
    keyFile: join(dir, 'server.key'),
  };
  writeFileSync(
    join(dir, 'server.ext'),
    `subjectAltName=${subjectAltNames(options.extraHosts)}\nbasicConstraints=CA:FALSE\n` +
      'keyUsage=digitalSignature,keyEncipherment\nextendedKeyUsage=serverAuth\n',
  );
  await openssl(
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '825',
      '-subj',
      `/CN=${options.caName ?? 'DirBench lab CA'}`,
      '-addext',
      'basicConstraints=critical,CA:TRUE',
      '-addext',
      'keyUsage=critical,keyCertSign,cRLSign',
      '-keyout',
      'ca.key',
      '-out',
      'ca.pem',
    ],
    dir,
  );
  await issueFromCa(dir, '/CN=127.0.0.1', 'server', 'server.ext');
  return files;
}

/**
 * Issues a client certificate with subject `CN=<commonName>` from the lab CA in `dir` (TLS client
 * authentication; the lab maps the subject to the entry with `uid=<commonName>` for SASL EXTERNAL).
 */
export async function issueClientCertificate(
  dir: string,
  commonName: string,
): Promise<{ certFile: string; keyFile: string }> {
  const name = commonName.replace(/[^A-Za-z0-9._-]/g, '_');
  const files = {
    certFile: join(dir, `client-${name}.pem`),
    keyFile: join(dir, `client-${name}.key`),
  };
  writeFileSync(
    join(dir, 'client.ext'),
    'basicConstraints=CA:FALSE\nkeyUsage=digitalSignature,keyEncipherment\nextendedKeyUsage=clientAuth\n',
  );
  await issueFromCa(dir, `/CN=${commonName}`, `client-${name}`, 'client.ext');
  return files;
}
