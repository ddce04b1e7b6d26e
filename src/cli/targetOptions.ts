// The options of `dirbench run` that say which server to load: a throwaway lab, a saved target or an LDAP URL.
import { invalid } from '../shared/errors.ts';
import { TARGET_BIND_MECHANISMS } from '../shared/targetTypes.ts';
import type { TargetBindMechanism } from '../shared/targetTypes.ts';
import type { OptionGroup } from './commandSpec.ts';
import type { RawOptions } from './options.ts';
import { readPasswordFile } from '../core/secrets/secretFiles.ts';
import { checkEnvName, readPasswordEnv } from '../core/secrets/targetSecrets.ts';
import { LAB_KIND_LIST } from '../shared/labKinds.ts';

/** --lab or --target, and how to reach and trust a --target URL. */
export const TARGET_GROUP: OptionGroup = {
  title: 'Target (one of --lab and --target)',
  options: {
    lab: {
      type: 'string',
      value: LAB_KIND_LIST.join('|'),
      description: 'a throwaway local lab of this kind, removed after the run',
    },
    target: {
      type: 'string',
      multiple: true,
      value: 'URL|ID',
      description:
        'an LDAP URL (ldap://HOST:PORT or ldaps://HOST:PORT), a saved target id, or the id of a running lab (lab start prints it); several spread the connections over those servers',
    },
    // Declared here for `run`, where it also names the target's entries; the ad-hoc group's is --op search's alone.
    base: {
      type: 'string',
      value: 'DN',
      description:
        "with --target URL, the base DN holding the entries to use; with --op search, also the search's base (a pattern: then --target-base names the entries' subtree)",
    },
    'target-base': {
      type: 'string',
      value: 'DN',
      description:
        "the subtree [entry:...] patterns sample existing entries from; needed only by such workloads when --base is a pattern (otherwise the base comes from the workload's DN suffix or the server's naming context)",
    },
    'bind-dn': { type: 'string', value: 'DN', description: 'bind as this DN (default: anonymous)' },
    'bind-mechanism': {
      type: 'string',
      value: 'MECH',
      description:
        'simple (default), or SASL DIGEST-MD5, CRAM-MD5, SCRAM-SHA-1 or SCRAM-SHA-256: then --bind-dn is the user name',
    },
    'password-file': {
      type: 'string',
      value: 'FILE',
      description: 'the bind password, read from a file and never stored',
    },
    'password-env': {
      type: 'string',
      value: 'NAME',
      description: 'the bind password from an environment variable instead of a file',
    },
    'start-tls': { type: 'boolean', description: 'StartTLS on an ldap:// URL' },
    'ca-file': {
      type: 'string',
      value: 'PEM',
      description: 'TLS verifies the server against this CA (else the system CAs)',
    },
    'tls-no-verify': {
      type: 'boolean',
      description: 'trust an unverified server certificate (recorded and shown on the run)',
    },
    'client-cert': {
      type: 'string',
      value: 'PEM',
      description: 'a TLS client certificate (SASL EXTERNAL binds), with --client-key',
    },
    'client-key': { type: 'string', value: 'PEM', description: 'the key of --client-cert' },
  },
};

/** --bind-mechanism as a target field (absent: simple), or the error naming the choices. */
export function bindMechanismOption(options: RawOptions): { bindMechanism: TargetBindMechanism } {
  const given = options['bind-mechanism'];
  if (given === undefined) return { bindMechanism: 'simple' };
  const mechanism = TARGET_BIND_MECHANISMS.find(
    (m) => typeof given === 'string' && m.toLowerCase() === given.toLowerCase(),
  );
  if (mechanism === undefined) {
    throw invalid(
      '--bind-mechanism',
      `--bind-mechanism must be one of ${TARGET_BIND_MECHANISMS.join(', ')}; got "${String(given)}"`,
    );
  }
  return { bindMechanism: mechanism };
}

/** The password of --password-file or --password-env ('' when neither is given); never stored. */
export function cliPassword(options: RawOptions): string {
  const file = options['password-file'];
  const env = options['password-env'];
  if (typeof file === 'string' && typeof env === 'string') {
    throw invalid('--password-env', 'give --password-file or --password-env, not both');
  }
  if (typeof file === 'string') return readPasswordFile(file, '--password-file');
  if (typeof env === 'string')
    return readPasswordEnv(checkEnvName(env, '--password-env'), '--password-env');
  return '';
}
