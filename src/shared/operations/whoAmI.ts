// The WhoAmI kind (RFC 4532): its request and its row. It asks the server which identity the
// connection is bound as, so it reads nothing and writes nothing.
import type { WithControls } from './common.ts';
import type { OperationTraits } from './traits.ts';

/** The WhoAmI extended operation's OID (RFC 4532). */
export const WHO_AM_I_OID = '1.3.6.1.4.1.4203.1.11.3';

/** Asks the server the connection's authorization identity (the extended operation takes no value). */
export interface WhoAmIOperation extends WithControls {
  kind: 'whoami';
}

/** The WhoAmI kind's row. */
export const WHO_AM_I_TRAITS: OperationTraits<WhoAmIOperation> = {
  kind: 'whoami',
  title: 'Who am I (extended)',
  summary: "Asks the server the connection's authorization identity (RFC 4532); takes no fields.",
  writes: 'none',
  controls: ['proxied-auth', 'raw'],
  serverCounters: ['extended'],
  mapDns: (operation) => operation,
  form: {
    fields: [],
    usage: ['(no options: the extended operation of RFC 4532)'],
    layout: [],
    build: () => ({ operation: { kind: 'whoami' } }),
  },
};
