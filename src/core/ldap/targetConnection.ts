// Connection parameters of a target: its URL, bind and every TLS setting, with the password resolved.
import type { Target } from '../../shared/targetTypes.ts';
import type { LdapConnectionParams } from './connection.ts';

/** The parts of a target a connection needs (no bind mechanism: a simple bind). */
export type TargetTls = Partial<Pick<Target, 'bindMechanism'>> &
  Pick<
    Target,
    'url' | 'startTls' | 'bindDn' | 'caFile' | 'tlsVerify' | 'clientCertFile' | 'clientKeyFile'
  >;

/** LDAP connection parameters for `target`, binding with `password`. */
export function targetConnection(
  target: TargetTls,
  password: string,
  tcpNoDelay: boolean,
): LdapConnectionParams {
  return {
    url: target.url,
    startTls: target.startTls,
    bindDn: target.bindDn,
    password,
    tcpNoDelay,
    ...(target.bindMechanism === undefined || target.bindMechanism === 'simple'
      ? {}
      : { saslMechanism: target.bindMechanism }),
    ...(target.caFile === null ? {} : { caFile: target.caFile }),
    ...(target.tlsVerify ? {} : { tlsVerify: false }),
    ...(target.clientCertFile === null
      ? {}
      : {
          clientCertFile: target.clientCertFile,
          clientKeyFile: target.clientKeyFile ?? target.clientCertFile,
        }),
  };
}
