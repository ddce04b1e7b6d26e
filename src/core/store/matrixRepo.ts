// Matrices users saved: validated specs stored as JSON under `user/NAME` ids.
import { ApiError, invalid } from '../../shared/errors.ts';
import type { MatrixSpec } from '../../shared/matrix.ts';
import type { Db } from './database.ts';
import { SavedSpecsTable } from './savedSpecs.ts';

/** The `user/NAME` id a matrix is saved under: its name with anything but letters, digits, `.`, `_`, `-` as `-`. */
export function userMatrixId(name: string): string {
  const slug = name
    .trim()
    .replace(/[^\w.-]+/g, '-')
    .replace(/^[-_.]+|-+$/g, '')
    .slice(0, 64);
  if (slug === '')
    throw invalid('name', `name "${name}" has no letters or digits to name the saved matrix by`);
  return `user/${slug}`;
}

/** Reads and writes the matrices table; callers validate specs first. */
export class MatrixRepo {
  private readonly table: SavedSpecsTable<MatrixSpec>;

  constructor(db: Db) {
    this.table = new SavedSpecsTable(db, 'matrices');
  }

  /** Every saved matrix, by id. */
  list(): MatrixSpec[] {
    return this.table.list().map(({ id, spec }) => ({ ...spec, id }));
  }

  /** The saved matrix `id`, or null. */
  find(id: string): MatrixSpec | null {
    const saved = this.table.find(id);
    return saved === null ? null : { ...saved.spec, id: saved.id };
  }

  /** Saves under `user/NAME` from the spec's name, replacing a matrix of the same name. */
  save(spec: MatrixSpec): MatrixSpec {
    const id = userMatrixId(spec.name);
    this.table.save(id, { ...spec, id });
    return { ...spec, id };
  }

  /** Deletes a saved matrix; not-found when there is none (its campaigns keep their copy). */
  delete(id: string): void {
    if (!this.table.delete(id))
      throw new ApiError('not-found', `no saved matrix ${id}`, 'id', { subject: 'matrix' });
  }
}
