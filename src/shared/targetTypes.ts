// Saved LDAP servers: what a target is, what its form sends, and what testing it answers.

/** A saved LDAP server to benchmark (or the target view of a running lab). */
export interface Target {
  id: string;
  name: string;
  /** `ldap://host:port` or `ldaps://host:port`. */
  url: string;
  startTls: boolean;
  /** The bind DN (simple binds), or the SASL user name (DIGEST-MD5, CRAM-MD5, SCRAM). */
  bindDn: string;
  /** How the connections authenticate: a simple bind, or SASL DIGEST-MD5, CRAM-MD5 or SCRAM as `bindDn`. */
  bindMechanism: TargetBindMechanism;
  /** Never sent back to the renderer: `hasPassword` says whether one is stored. */
  hasPassword: boolean;
  baseDn: string;
  /** PEM file of the CA that signed the server's certificate; null: the system's trusted CAs. */
  caFile: string | null;
  /** Where the bind password comes from (the password itself never leaves core). */
  passwordSource: PasswordSource;
  /** The password file read at connect time (the user's own, or the mode-600 one DirBench wrote). */
  passwordFile: string | null;
  /** The environment variable read at connect time. */
  passwordEnv: string | null;
  /** False only when the user chose to trust an unverified server certificate. */
  tlsVerify: boolean;
  /** PEM client certificate and key for TLS (SASL EXTERNAL binds); null when none. */
  clientCertFile: string | null;
  clientKeyFile: string | null;
  /** Set when the target is a DirBench-managed lab server. */
  labId: string | null;
  createdAt: string;
  updatedAt: string;
}

/** How a target's connections bind (SASL mechanisms that need only a user name and password). */
export type TargetBindMechanism =
  'simple' | 'DIGEST-MD5' | 'CRAM-MD5' | 'SCRAM-SHA-1' | 'SCRAM-SHA-256';

/** The bind mechanisms of a target, in the order forms list them. */
export const TARGET_BIND_MECHANISMS: readonly TargetBindMechanism[] = [
  'simple',
  'DIGEST-MD5',
  'CRAM-MD5',
  'SCRAM-SHA-1',
  'SCRAM-SHA-256',
];

/** What the user types to create or edit a target; `password` undefined keeps the stored one. */
export interface TargetInput {
  id?: string;
  name: string;
  url: string;
  startTls: boolean;
  bindDn: string;
  /** DIGEST-MD5, CRAM-MD5 and SCRAM bind as the user name in `bindDn`; undefined keeps the stored one (new: simple). */
  bindMechanism?: TargetBindMechanism;
  password?: string;
  /** A file whose first line is the password (only its path is stored); instead of `password`. */
  passwordFile?: string;
  /** An environment variable holding the password (only its name is stored); instead of `password`. */
  passwordEnv?: string;
  baseDn: string;
  /** PEM file of the CA to trust for ldaps:// and StartTLS (blank: the system's trusted CAs). */
  caFile?: string;
  /** False trusts an unverified server certificate (an explicit choice, shown on every run); default true. */
  tlsVerify?: boolean;
  /** PEM client certificate and its key, for TLS client authentication and SASL EXTERNAL binds. */
  clientCertFile?: string;
  clientKeyFile?: string;
}

/**
 * Where a target's bind password is kept: nowhere, the user's own file, the mode-600 file DirBench
 * wrote for a typed password (`managed-file`), an environment variable, or sealed by the OS.
 */
export type PasswordSource = 'none' | 'file' | 'managed-file' | 'env' | 'sealed';

/** The parts of a server's root DSE a benchmark report needs. */
export interface RootDseInfo {
  vendorName: string | null;
  vendorVersion: string | null;
  namingContexts: string[];
  supportedLDAPVersion: string[];
  supportedControl: string[];
  supportedExtension: string[];
  supportedSASLMechanisms: string[];
}

/** Outcome of "Test connection": either the root DSE or an error in plain words. */
export type ConnectionTestResult =
  { ok: true; rootDse: RootDseInfo; bindMs: number } | { ok: false; error: LdapFailure };

/** An LDAP or network failure explained for a person. */
export interface LdapFailure {
  /** LDAP result code when the server answered, null for network-level failures. */
  resultCode: number | null;
  /** Symbolic name, e.g. `invalidCredentials` or `ECONNREFUSED`. */
  codeName: string;
  /** One sentence saying what went wrong and what to do about it. */
  message: string;
}
