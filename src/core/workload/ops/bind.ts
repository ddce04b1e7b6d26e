// Bind: simple or SASL (PLAIN, EXTERNAL, DIGEST-MD5, CRAM-MD5), on the load connection or a new one per bind, optionally search-then-bind
// (authrate), with a share of wrong passwords counted apart as `<label>-invalid`.
import { InvalidCredentialsError } from 'ldapts';
import type { Client } from 'ldapts';
import type { BindMechanism, BindOperation } from '../../../shared/workload.ts';
import { closeQuietly, startTlsOptions } from '../../ldap/connection.ts';
import { countingSearch } from '../../ldap/countingSearch.ts';
import { saslBind } from '../../ldap/sasl/saslBind.ts';
import { clientOnSocket, connectSocket } from '../../ldap/steppedConnect.ts';
import type { OpContext } from '../opContext.ts';
import { searchRequestBuilder } from './search.ts';
import { validateBind } from '../validateBind.ts';
import { ldaptsOp } from './opTypes.ts';
import type { OperationModule, OpFactory, OpTools } from './opTypes.ts';

/** Thrown when a bind meant to fail (wrong password) succeeded: the server accepted a bad password. */
export class WrongPasswordAcceptedError extends Error {
  readonly code = 'wrongPasswordAccepted';
  constructor(dn: string) {
    super(`the server accepted a wrong password for ${dn}`);
    this.name = 'WrongPasswordAcceptedError';
  }
}

/** Thrown when search-then-bind found no entry to bind as. */
export class NoBindEntryError extends Error {
  readonly code = 'noEntryToBind';
  constructor() {
    super('the search of a search-then-bind returned no entry');
    this.name = 'NoBindEntryError';
  }
}

/** The password source of a bind: a pattern, or a file read by the host. */
function passwordOf(op: BindOperation, tools: OpTools): (ctx: OpContext) => string {
  if (op.passwordFile !== undefined) {
    const text = tools.passwordFiles[op.passwordFile];
    if (text === undefined) throw new Error(`password file ${op.passwordFile} was not read`);
    return () => text;
  }
  const pattern = tools.pattern(op.password ?? '');
  return (ctx) => pattern.next(ctx);
}

/** Sends the bind itself on `client` (connected to `url`). */
async function sendBind(
  client: Client,
  url: string,
  mechanism: BindMechanism,
  identity: string,
  password: string,
): Promise<void> {
  // EXTERNAL: the identity is the TLS client certificate the connection presented.
  if (mechanism === 'EXTERNAL') await client.bind('EXTERNAL');
  else if (mechanism === 'PLAIN') await client.bind('PLAIN', `\u0000${identity}\u0000${password}`);
  else if (mechanism === 'simple') await client.bind(identity, password);
  else await saslBind(client, url, mechanism, { user: identity, password });
}

/** Compiles a bind operation. */
function compileBind(op: BindOperation, tools: OpTools): OpFactory {
  const mechanism = op.mechanism ?? 'simple';
  if (mechanism === 'EXTERNAL' && tools.params.clientCertFile === undefined) {
    throw new Error(
      'SASL EXTERNAL needs a TLS client certificate on the target; use simple or PLAIN',
    );
  }
  const identity = tools.pattern(op.bindDn);
  const password = passwordOf(op, tools);
  const invalidShare = (op.invalidPercent ?? 0) / 100;
  const findEntry =
    op.search === undefined
      ? null
      : searchRequestBuilder(
          { kind: 'search', ...op.search, attributes: ['1.1'], sizeLimit: 1 },
          tools,
        );
  const { params, counters } = tools;
  const onNewConnection = op.connection === 'new';
  return (ctx) => {
    const search = findEntry === null ? null : findEntry(ctx);
    const name = search === null ? identity.next(ctx) : '';
    const invalid = invalidShare > 0 && ctx.rng.next() < invalidShare;
    if (invalid) ctx.variant = 1;
    const secret = invalid ? `${password(ctx)}-wrong` : password(ctx);
    const bindOn = async (client: Client, dn: string): Promise<void> => {
      if (!invalid) return sendBind(client, params.url, mechanism, dn, secret);
      try {
        await sendBind(client, params.url, mechanism, dn, secret);
      } catch (err) {
        if (err instanceof InvalidCredentialsError) return;
        throw err;
      }
      throw new WrongPasswordAcceptedError(dn);
    };
    return ldaptsOp(async (client) => {
      let dn = name;
      if (search !== null) {
        const found = await countingSearch(client, search, { maxDns: 1 });
        if (found.dns[0] === undefined) throw new NoBindEntryError();
        dn = found.dns[0];
      }
      if (!onNewConnection) {
        await bindOn(client, dn);
        return 0;
      }
      const fresh = clientOnSocket(params, await connectSocket(params, counters), counters);
      try {
        if (params.startTls) await fresh.startTLS(startTlsOptions(params));
        await bindOn(fresh, dn);
        await fresh.unbind();
      } catch (err) {
        void closeQuietly(fresh, 100);
        throw err;
      }
      return 0;
    });
  };
}

/** The bind kind's engine side (its checks are in validateBind.ts). */
export const BIND_MODULE: OperationModule<'bind'> = {
  validate: validateBind,
  compile: compileBind,
};
