// React context carrying the typed client and the live-event link state to every view.
import { createContext, useEffect, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { createApiClient } from '../../shared/client.ts';
import type { ApiClient } from '../../shared/client.ts';
import type { RendererTransport } from './rendererTransport.ts';

/** What the API context holds: the client, its transport and the link state. */
export interface ApiContextValue {
  client: ApiClient;
  transport: RendererTransport;
  /** True while live events flow, false after a drop, null before the first connection. */
  linkUp: boolean | null;
  /** Increments each time the link comes back, so queries can refetch what they missed. */
  linkEpoch: number;
}

/** The API context; use the hooks in useApi.ts rather than reading it directly. */
export const ApiContext = createContext<ApiContextValue | null>(null);

/** Provides the client built over `transport` to the tree below. */
export function ApiProvider({
  transport,
  children,
}: {
  transport: RendererTransport;
  children: ReactNode;
}) {
  const client = useMemo(() => createApiClient(transport), [transport]);
  const [link, setLink] = useState<{ up: boolean | null; epoch: number }>({ up: null, epoch: 0 });
  useEffect(
    () =>
      transport.onLinkChange((up) =>
        setLink((prev) => ({ up, epoch: up && prev.up === false ? prev.epoch + 1 : prev.epoch })),
      ),
    [transport],
  );
  const value = useMemo(
    () => ({ client, transport, linkUp: link.up, linkEpoch: link.epoch }),
    [client, transport, link],
  );
  return <ApiContext value={value}>{children}</ApiContext>;
}
