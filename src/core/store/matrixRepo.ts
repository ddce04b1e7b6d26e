// Matrices users saved: validated specs stored as JSON under `user/NAME` ids.
import { ApiError, invalid } from '../../shared/errors.ts';
import type { MatrixSpec } from '../../shared/matrix.ts';
import type { Db } from './database.ts';
import { nowIso } from './ids.ts';

interface MatrixRow {
  id: string;
  spec_json: string;
}

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
  private readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  /** Every saved matrix, by id. */
  list(): MatrixSpec[] {
    const rows = this.db
      .prepare('SELECT id, spec_json FROM matrices ORDER BY id COLLATE NOCASE')
      .all() as MatrixRow[];
    return rows.map((row) => ({ ...(JSON.parse(row.spec_json) as MatrixSpec), id: row.id }));
  }

  /** The saved matrix `id`, or null. */
  find(id: string): MatrixSpec | null {
    const row = this.db.prepare('SELECT id, spec_json FROM matrices WHERE id = ?').get(id) as
      MatrixRow | undefined;
    return row === undefined ? null : { ...(JSON.parse(row.spec_json) as MatrixSpec), id: row.id };
  }

  /** Saves under `user/NAME` from the spec's name, replacing a matrix of the same name. */
  save(spec: MatrixSpec): MatrixSpec {
    const id = userMatrixId(spec.name);
    const now = nowIso();
    this.db
      .prepare(
        `INSERT INTO matrices (id, spec_json, created_at, updated_at) VALUES (?, ?, ?, ?)
         ON CONFLICT (id) DO UPDATE SET spec_json = excluded.spec_json, updated_at = excluded.updated_at`,
      )
      .run(id, JSON.stringify({ ...spec, id }), now, now);
    return { ...spec, id };
  }

  /** Deletes a saved matrix; not-found when there is none (its campaigns keep their copy). */
  delete(id: string): void {
    const { changes } = this.db.prepare('DELETE FROM matrices WHERE id = ?').run(id);
    if (changes === 0)
      throw new ApiError('not-found', `no saved matrix ${id}`, 'id', { subject: 'matrix' });
  }
}
