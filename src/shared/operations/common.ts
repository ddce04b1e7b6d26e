// The pieces several operation kinds share: scopes, request controls, entry templates, changes and
// the pool of the run's own entries. Every string marked "pattern" is a value pattern (UnboundID
// ValuePattern syntax plus DirBench's [entry:ATTR], [entry:ATTR:N] and [unique] tokens).

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

/** The kinds of request control, as `RequestControl['type']` names them. */
export type ControlType = RequestControl['type'];

/** The request controls an operation (not a bind) may carry. */
export interface WithControls {
  /** Sent with every request of the operation (search-and-modify: with each modify). */
  controls?: RequestControl[];
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

/** Entries added (unmeasured) before load starts, for operations that take the run's own entries. */
export interface WorkloadPool {
  entries: number;
  template: EntryTemplate;
}

/** One change of a modify request. */
export interface ModifyChange {
  operation: 'replace' | 'add' | 'delete';
  attribute: string;
  /** Value patterns (replace/add need at least one; delete with none removes the attribute). */
  values: string[];
}

/** How a DN field names entries: a search base names a subtree, an entry DN one entry (its parent is the subtree). */
export type DnRole = 'subtree' | 'entry';

/** Replaces one DN pattern; called once per DN field, in field order. */
export type DnFieldMap = (pattern: string, role: DnRole) => string;
