// What an operation compiler is given and what it returns: a factory that expands patterns into one runnable op.
import type { Client } from 'ldapts';
import type { PreparedRequest } from '../../ldap/lean/prepared.ts';
import type { LdapConnectionParams } from '../../ldap/connection.ts';
import type { ConnectionCounters } from '../../ldap/connectionCounters.ts';
import type { OpContext } from '../opContext.ts';
import type { OwnEntries } from '../ownEntries.ts';
import type { ValuePattern } from '../../pattern/index.ts';

/** Runs one expanded operation on a ready client; resolves with the entries it returned (0 for writes). */
export type OpRun = (client: Client) => Promise<number>;

/**
 * One expanded operation: how to run it, and the lean request it is when it is one request the
 * lean path can send (null otherwise); the load loops send that request without a promise.
 */
export interface ExpandedOp {
  readonly run: OpRun;
  readonly lean: PreparedRequest | null;
}

/** Expands an operation's patterns for the next op (picking its entry, its values). */
export type OpFactory = (ctx: OpContext) => ExpandedOp;

/** An expanded op that only runs on ldapts' path (several requests, or results it must read). */
export function ldaptsOp(run: OpRun): ExpandedOp {
  return { run, lean: null };
}

/** Everything an operation compiler may use. */
export interface OpTools {
  /** Parses a pattern with this worker's sequence share; throws PatternError. */
  pattern(text: string): ValuePattern;
  /** The entries this worker's run created. */
  own: OwnEntries;
  /** How to reach the server (binds on a new connection open their own). */
  params: LdapConnectionParams;
  counters: ConnectionCounters;
  /** Contents of password files named by the workload, by path. */
  passwordFiles: Readonly<Record<string, string>>;
}
