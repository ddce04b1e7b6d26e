// Workload definitions: the LDAP operations a run issues, as plain JSON (catalog files, CLI, GUI, stored runs).
// Every string marked "pattern" is a value pattern (UnboundID ValuePattern syntax plus DirBench's
// [entry:ATTR], [entry:ATTR:N] and [unique] tokens), expanded afresh for each operation.

/** Search scopes in searchrate's words; `children` is RFC 4512's subordinate subtree. */
export type SearchScope = 'base' | 'one' | 'sub' | 'children';

/** Alias dereferencing of a search (RFC 4511 derefAliases). */
export type DerefAliases = 'never' | 'search' | 'find' | 'always';

/**
 * A request control sent with an operation, as UnboundID's rate tools send them: proxied
 * authorization v2 (RFC 4370), assertion (RFC 4528), pre-read and post-read (RFC 4527), permissive
 * modify, or any control by OID (`--control OID[:criticality[:value|::base64]]`).
 */
export type RequestControl =
  /** Authorization identity pattern, `dn:...` or `u:...` (e.g. `dn:[entry:dn]`). */
  | { type: 'proxied-auth'; authzId: string }
  /** RFC 4515 filter pattern the target entry must match, or the operation fails with 122. */
  | { type: 'assertion'; filter: string }
  /** Attributes of the entry before (pre-read) or after (post-read) a write, returned with its result. */
  | { type: 'pre-read' | 'post-read'; attributes: string[] }
  /** Adding a value that exists or deleting one that does not is not an error (modify). */
  | { type: 'permissive-modify' }
  /** Any control: its OID, criticality (default false) and value (UTF-8 text, or base64 bytes). */
  | { type: 'raw'; oid: string; critical?: boolean; value?: string; valueBase64?: string };

/** The request controls an operation (not a bind) may carry. */
export interface WithControls {
  /** Sent with every request of the operation (search-and-modify: with each modify). */
  controls?: RequestControl[];
}

/** A search request; the entries it returns are counted, never kept. */
export interface SearchOperation extends WithControls {
  kind: 'search';
  /** Base DN (pattern). */
  base: string;
  scope: SearchScope;
  /** RFC 4515 filter (pattern). */
  filter: string;
  /** Attributes to return: names, `1.1` (none), `*` (user), `+` (operational); empty means all user attributes. */
  attributes: string[];
  /** Most entries the server may return (0: no limit); hitting it is a success, as in searchrate. */
  sizeLimit?: number;
  /** Server-side time limit in seconds (0, the default: no limit, so long searches are never cut silently). */
  timeLimitS?: number;
  /** Ask for attribute names only. */
  typesOnly?: boolean;
  derefAliases?: DerefAliases;
  /** Simple paged results (RFC 2696): page size; one operation fetches every page. */
  pageSize?: number;
  /** Server-side sort (RFC 2891) keys: attribute names, `-` first for descending, `:RULE` for an ordering rule (e.g. `sn:caseIgnoreOrderingMatch`; attributes without an ORDERING rule in their schema need one). */
  sortKeys?: string[];
}

/** One attribute of an add template: each value pattern is expanded `repeat` times (default 1). */
export interface TemplateAttribute {
  name: string;
  values: string[];
  repeat?: number;
}

/** An entry to add: its DN pattern must contain [unique] so concurrent adds never collide. */
export interface EntryTemplate {
  /** DN pattern, e.g. `uid=[unique],ou=People,o=Salford,c=gb`. */
  dn: string;
  /** Attributes besides the RDN's, which DirBench adds from the DN. */
  attributes: TemplateAttribute[];
}

/** Adds an entry built from a template; the run deletes what it added when it ends. */
export interface AddOperation extends WithControls {
  kind: 'add';
  template: EntryTemplate;
}

/** Deletes an entry: by DN pattern, or (no pattern) one the run itself added or pre-added to its pool. */
export interface DeleteOperation extends WithControls {
  kind: 'delete';
  entryDn?: string;
}

/** One change of a modify request. */
export interface ModifyChange {
  operation: 'replace' | 'add' | 'delete';
  attribute: string;
  /** Value patterns (replace/add need at least one; delete with none removes the attribute). */
  values: string[];
}

/** Modifies an existing entry. */
export interface ModifyOperation extends WithControls {
  kind: 'modify';
  /** DN pattern. */
  entryDn: string;
  changes: ModifyChange[];
}

/** Renames an entry: by DN pattern to `newRdn`, or (no pattern) one of the run's own entries to a fresh name. */
export interface ModifyDnOperation extends WithControls {
  kind: 'modrdn';
  entryDn?: string;
  /** New RDN pattern, e.g. `cn=[unique]` (required with entryDn). */
  newRdn?: string;
  /** Remove the old RDN value (default true). */
  deleteOldRdn?: boolean;
}

/** Compares one attribute value; compareTrue and compareFalse are both successes. */
export interface CompareOperation extends WithControls {
  kind: 'compare';
  entryDn: string;
  attribute: string;
  value: string;
}

/** How a bind operation reaches the server. */
export type BindConnection = 'existing' | 'new';

/** How a bind authenticates: a simple bind or one of the SASL mechanisms DirBench sends. */
export type BindMechanism =
  'simple' | 'PLAIN' | 'EXTERNAL' | 'DIGEST-MD5' | 'CRAM-MD5' | 'SCRAM-SHA-1' | 'SCRAM-SHA-256';

/** A bind: simple or SASL, on the load connection or on a new connection per bind. */
export interface BindOperation {
  kind: 'bind';
  /** Bind DN pattern (simple) or SASL authentication identity pattern (PLAIN: e.g. `u:[entry:uid]`; DIGEST-MD5, CRAM-MD5, SCRAM: the user name). */
  bindDn: string;
  /** Password pattern, e.g. `[entry:userPassword]`; absent when `passwordFile` or EXTERNAL is used. */
  password?: string;
  /** File whose first line is the password (kept out of stored runs). */
  passwordFile?: string;
  /** DIGEST-MD5 (RFC 2831), CRAM-MD5 (RFC 2195) and SCRAM-SHA-1/-256 (RFC 5802, 7677) take the user name in `bindDn` as the server knows it (slapd: the bare name; some servers: u:NAME or dn:DN). */
  mechanism?: BindMechanism;
  /** `new`: connect, bind, unbind for every op (the bind alone is timed into the `bind` phase). */
  connection?: BindConnection;
  /** authrate's search-then-bind: find the DN with this search first (first entry returned). */
  search?: { base: string; scope: SearchScope; filter: string };
  /** Share of binds (0-100) sent with a wrong password; counted as `bind-invalid`, not as errors. */
  invalidPercent?: number;
}

/** Search, then modify every entry the search returned (search-and-mod-rate). */
export interface SearchAndModifyOperation extends WithControls {
  kind: 'search-and-modify';
  search: SearchOperation;
  changes: ModifyChange[];
}

/** Every operation kind a workload can issue. */
export type WorkloadOperation =
  | SearchOperation
  | AddOperation
  | DeleteOperation
  | ModifyOperation
  | ModifyDnOperation
  | CompareOperation
  | BindOperation
  | SearchAndModifyOperation;

/** Operation kinds, in display order. */
export const OPERATION_KINDS = [
  'search',
  'add',
  'delete',
  'modify',
  'modrdn',
  'compare',
  'bind',
  'search-and-modify',
] as const satisfies readonly WorkloadOperation['kind'][];

/** One entry of a mix: the operation and its share (weights are relative; they need not add to 100). */
export interface WeightedOperation {
  /** Name in per-operation results, e.g. `search`, `add`; unique within the workload. */
  label: string;
  weight: number;
  operation: WorkloadOperation;
}

/** What a workload expects of the directory, so a lab can be prepared to match. */
export interface WorkloadExpectations {
  /** Directory shape: `salford` (seed 000 DIT) or any DirBench-generated shape providing the [entry:...] attributes used. */
  shape: string;
  /** Index profile the study used, e.g. `salford-indexed` or `salford-unindexed`. */
  indexProfile: string;
  /** Smallest directory the workload makes sense on. */
  minEntries?: number;
}

/** The load the study used (clients x threads), a default the user can override. */
export interface WorkloadConcurrency {
  connections: number;
  depth: number;
}

/** A complete workload: one operation or a weighted mix, with its pool and expectations. */
export interface WorkloadSpec {
  /** `catalog/name` for catalog entries (e.g. `salford/S.3`), `adhoc` for CLI-built ones. */
  id: string;
  /** Short title shown in lists. */
  title: string;
  description?: string;
  /** Where it comes from, e.g. "Seed 000, Table 2". */
  source?: string;
  operations: WeightedOperation[];
  /** Entries added (unmeasured) before load starts, for delete/modrdn ops without a DN pattern; removed at the end. */
  pool?: { entries: number; template: EntryTemplate };
  expects?: WorkloadExpectations;
  concurrency?: WorkloadConcurrency;
  /** Pass/fail thresholds every run of this workload is checked against (see src/shared/thresholds.ts). */
  thresholds?: string[];
}

/** A versioned catalog file in data/workloads. */
export interface WorkloadCatalog {
  /** Catalog name, the part of each id before the slash. */
  catalog: string;
  /** Bumped whenever a definition changes in a way that changes results. */
  version: number;
  title: string;
  source: string;
  description: string;
  workloads: WorkloadSpec[];
}

/** A catalog entry in lists: enough to pick one. */
export interface WorkloadListItem {
  id: string;
  title: string;
  catalog: string;
  /** The catalog's title as users know the study, e.g. "Salford comparison of 7 LDAP directories". */
  catalogTitle: string;
  catalogVersion: number;
  description: string;
  source: string;
  /** Operation labels with their share in percent. */
  mix: { label: string; percent: number }[];
  expects: WorkloadExpectations | null;
  concurrency: WorkloadConcurrency | null;
}

/** Index types a profile can ask for, in OpenLDAP's words (389 DS and OpenDJ have the same four). */
export type IndexType = 'eq' | 'sub' | 'pres' | 'approx';

/** A named, server-neutral set of indexes a workload expects (data/index-profiles.json). */
export interface IndexProfile {
  name: string;
  description: string;
  indexes: { attribute: string; types: IndexType[] }[];
}

/** The labels results are counted under: each operation's, then `<label>-invalid` after binds with wrong passwords. */
export function workloadLabels(spec: WorkloadSpec): string[] {
  const labels: string[] = [];
  for (const { label, operation } of spec.operations) {
    labels.push(label);
    if (operation.kind === 'bind' && (operation.invalidPercent ?? 0) > 0) {
      labels.push(`${label}-invalid`);
    }
  }
  return labels;
}
