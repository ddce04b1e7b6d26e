// TLS options of a connection: which CAs it trusts, whether it verifies at all, and its client certificate.
import { readFileSync } from 'node:fs';
import type tls from 'node:tls';

const cache = new Map<string, Buffer>();

/** The TLS settings of a target, as connection parameters carry them. */
export interface TlsSettings {
  /** PEM CA file; unset: the system store. */
  caFile?: string;
  /** False trusts any server certificate (the user's explicit choice); default true. */
  tlsVerify?: boolean;
  /** PEM client certificate and key (TLS client authentication, SASL EXTERNAL). */
  clientCertFile?: string;
  clientKeyFile?: string;
}

/** A file's bytes, read once per process (workers open thousands of connections). */
function cached(path: string): Buffer {
  let bytes = cache.get(path);
  if (bytes === undefined) {
    bytes = readFileSync(path);
    cache.set(path, bytes);
  }
  return bytes;
}

/** TLS options trusting `caFile` (read once per process); none when it is unset (system store). */
export function tlsTrust(caFile: string | undefined): tls.ConnectionOptions {
  if (caFile === undefined || caFile === '') return {};
  return { ca: cached(caFile) };
}

/** Node TLS options for `settings`: verification is on unless `tlsVerify` is false. */
export function tlsOptionsFor(settings: TlsSettings): tls.ConnectionOptions {
  return {
    ...tlsTrust(settings.caFile),
    ...(settings.tlsVerify === false ? { rejectUnauthorized: false } : {}),
    ...(settings.clientCertFile
      ? {
          cert: cached(settings.clientCertFile),
          key: cached(settings.clientKeyFile ?? settings.clientCertFile),
        }
      : {}),
  };
}

/** True when `settings` change Node's TLS defaults (so ldaps:// needs explicit options). */
export function hasTlsOptions(settings: TlsSettings): boolean {
  return Object.keys(tlsOptionsFor(settings)).length > 0;
}
