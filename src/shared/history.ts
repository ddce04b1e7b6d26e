// The history explorer's filters, facets and annotations of stored runs.
import type { RunStatus } from './sampleTypes.ts';

/** Where a stored run came from: measured by DirBench, or imported from a peer tool's output. */
export type RunSource = 'dirbench' | 'searchrate-csv' | 'opendj-csv';

/** Filters of the history list; every field is optional and they combine with AND. */
export interface HistoryFilter {
  /** Free text matched against target, workload, notes, tags and server vendor/version. */
  text?: string;
  targetNames?: string[];
  /** Server vendor names as the root DSE reports them (e.g. "OpenLDAP"). */
  vendors?: string[];
  serverVersions?: string[];
  workloads?: string[];
  entries?: number[];
  statuses?: RunStatus[];
  /** Runs carrying every one of these tags. */
  tags?: string[];
  campaignId?: string;
  sources?: RunSource[];
  /** ISO dates (inclusive) of the run's start. */
  startedFrom?: string;
  startedTo?: string;
  /** Most rows answered (newest first); defaults to all. */
  limit?: number;
}

/** The distinct values the history filters offer, with counts. */
export interface HistoryFacets {
  targetNames: FacetValue<string>[];
  vendors: FacetValue<string>[];
  serverVersions: FacetValue<string>[];
  workloads: FacetValue<string>[];
  entries: FacetValue<number>[];
  statuses: FacetValue<RunStatus>[];
  tags: FacetValue<string>[];
  sources: FacetValue<RunSource>[];
  total: number;
}

/** One value of a facet and the number of runs having it. */
export interface FacetValue<T> {
  value: T;
  count: number;
}

/** What a user can change on a stored run. */
export interface RunAnnotation {
  runId: string;
  notes?: string;
  tags?: string[];
}
