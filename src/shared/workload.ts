// Workload definitions: the LDAP operations a run issues, as plain JSON (catalog files, CLI, GUI, stored runs).
// Every string marked "pattern" is a value pattern (UnboundID ValuePattern syntax plus DirBench's
// [entry:ATTR], [entry:ATTR:N] and [unique] tokens), expanded afresh for each operation. Each
// operation kind is one row under ./operations (registry.ts lists them).
import type { WorkloadPool } from './operations/common.ts';
import type { WorkloadOperation } from './operations/registry.ts';

export type {
  DerefAliases,
  EntryTemplate,
  ModifyChange,
  RequestControl,
  SearchScope,
  TemplateAttribute,
  WorkloadPool,
} from './operations/common.ts';
export type { AddOperation } from './operations/add.ts';
export type { BindMechanism, BindOperation } from './operations/bind.ts';
export type { CompareOperation } from './operations/compare.ts';
export type { DeleteOperation } from './operations/delete.ts';
export type { ModifyOperation } from './operations/modify.ts';
export type { ModifyDnOperation } from './operations/modrdn.ts';
export type { SearchOperation } from './operations/search.ts';
export type { SearchAndModifyOperation } from './operations/searchAndModify.ts';
export { OPERATION_KINDS } from './operations/registry.ts';
export type { WorkloadOperation } from './operations/registry.ts';

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
  pool?: WorkloadPool;
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
