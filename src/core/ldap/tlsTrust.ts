// Which certificate authorities a TLS connection trusts: the system store, or a target's own CA file.
import { readFileSync } from 'node:fs';
import type tls from 'node:tls';

const cache = new Map<string, Buffer>();

/** TLS options trusting `caFile` (read once per process); none when it is unset (system store). */
export function tlsTrust(caFile: string | undefined): tls.ConnectionOptions {
  if (caFile === undefined || caFile === '') return {};
  let ca = cache.get(caFile);
  if (ca === undefined) {
    ca = readFileSync(caFile);
    cache.set(caFile, ca);
  }
  return { ca };
}
