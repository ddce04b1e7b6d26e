// What every generated directory shape shares: the spec of a data set, the generators' options and
// side files, and the checks of a spec and of a person's index.
import type { ChunkedWriter } from './output.ts';

/** Which directory to build: how many persons, and the seed that fixes their attributes. */
export interface DatasetSpec {
  entries: number;
  seed: number;
}

/** Progress callback and cancellation shared by the generators. */
export interface GenerateOptions {
  signal?: AbortSignal;
  /** Called about every 1% of the persons and at the end, never per entry. */
  onProgress?: (done: number, total: number) => void;
}

/** Where the persons' side files go: DNs one per line, and `DN<TAB>password` lines. */
export interface PersonSideFiles {
  dns?: ChunkedWriter | undefined;
  binds?: ChunkedWriter | undefined;
}

/** Fails unless `index` names one of the spec's persons. */
export function checkIndex(spec: DatasetSpec, index: number): void {
  if (!Number.isInteger(index) || index < 0 || index >= spec.entries) {
    throw new RangeError(`person index ${index} is outside 0..${spec.entries - 1}`);
  }
}

/** Fails unless the spec is a whole number of persons and a whole-number seed. */
export function checkSpec(spec: DatasetSpec): void {
  if (!Number.isInteger(spec.entries) || spec.entries < 0) {
    throw new RangeError(`entries must be a whole number >= 0, got ${spec.entries}`);
  }
  if (!Number.isInteger(spec.seed))
    throw new RangeError(`seed must be a whole number, got ${spec.seed}`);
}
