// Binds to a replicated lab's server as its root for one configuration step.
import { Client } from 'ldapts';
import type { LabServerConfig } from '../driver.ts';

/** Runs `fn` bound as the lab's root on `url`; unbinds whatever happens. */
export async function asRoot<T>(
  url: string,
  config: Pick<LabServerConfig, 'rootDn' | 'rootPassword'>,
  fn: (client: Client) => Promise<T>,
): Promise<T> {
  // Replication steps (agreements, tasks) answer within seconds; 30 s covers a loaded machine.
  const client = new Client({ url, timeout: 30_000, connectTimeout: 10_000 });
  try {
    await client.bind(config.rootDn, config.rootPassword);
    return await fn(client);
  } finally {
    await client.unbind().catch(() => undefined);
  }
}
