// Saved targets: the servers a user benchmarks, and the target views of running labs.
import type { Target, TargetInput } from '../../shared/types.ts';
import { ApiError } from '../../shared/errors.ts';
import type { Db } from './database.ts';
import { newId, nowIso } from './ids.ts';

interface TargetRow {
  id: string;
  name: string;
  url: string;
  start_tls: number;
  bind_dn: string;
  password: string | null;
  base_dn: string;
  ca_file: string | null;
  lab_id: string | null;
  created_at: string;
  updated_at: string;
}

/** A target with its stored password, for core code that must connect. */
export interface TargetWithSecret extends Target {
  password: string | null;
}

function toTarget(row: TargetRow): TargetWithSecret {
  return {
    id: row.id,
    name: row.name,
    url: row.url,
    startTls: row.start_tls === 1,
    bindDn: row.bind_dn,
    hasPassword: row.password !== null && row.password !== '',
    password: row.password,
    baseDn: row.base_dn,
    caFile: row.ca_file,
    labId: row.lab_id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** The CA file to store: trimmed, null when blank. */
function caFileOf(input: TargetInput): string | null {
  const file = input.caFile?.trim() ?? '';
  return file === '' ? null : file;
}

/** Strips the secret before a target leaves core. */
export function publicTarget(target: TargetWithSecret): Target {
  const { password: _password, ...rest } = target;
  return rest;
}

/** Reads and writes the targets table. */
export class TargetsRepo {
  private readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  /** All targets, alphabetically. */
  list(): TargetWithSecret[] {
    const rows = this.db
      .prepare('SELECT * FROM targets ORDER BY name COLLATE NOCASE')
      .all() as TargetRow[];
    return rows.map(toTarget);
  }

  /** One target, or a not-found error naming the id. */
  get(id: string): TargetWithSecret {
    const row = this.db.prepare('SELECT * FROM targets WHERE id = ?').get(id) as
      TargetRow | undefined;
    if (!row)
      throw new ApiError(
        'not-found',
        `no target with id ${id}; see "dirbench targets list" or the Targets page`,
        'targetId',
      );
    return toTarget(row);
  }

  /** Creates or updates; an undefined password keeps the stored one. */
  save(input: TargetInput, labId: string | null = null): TargetWithSecret {
    const now = nowIso();
    if (input.id) {
      const existing = this.get(input.id);
      this.db
        .prepare(
          `UPDATE targets SET name = ?, url = ?, start_tls = ?, bind_dn = ?, password = ?, base_dn = ?, ca_file = ?, updated_at = ? WHERE id = ?`,
        )
        .run(
          input.name.trim(),
          input.url.trim(),
          input.startTls ? 1 : 0,
          input.bindDn.trim(),
          input.password === undefined ? existing.password : input.password,
          input.baseDn.trim(),
          caFileOf(input),
          now,
          input.id,
        );
      return this.get(input.id);
    }
    const id = newId('tgt');
    this.db
      .prepare(
        `INSERT INTO targets (id, name, url, start_tls, bind_dn, password, base_dn, ca_file, lab_id, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        id,
        input.name.trim(),
        input.url.trim(),
        input.startTls ? 1 : 0,
        input.bindDn.trim(),
        input.password ?? null,
        input.baseDn.trim(),
        caFileOf(input),
        labId,
        now,
        now,
      );
    return this.get(id);
  }

  /** Finds a target with the same connection settings (for CLI ad-hoc targets). */
  findByConnection(url: string, bindDn: string, baseDn: string): TargetWithSecret | null {
    const row = this.db
      .prepare(
        'SELECT * FROM targets WHERE url = ? AND bind_dn = ? AND base_dn = ? AND lab_id IS NULL',
      )
      .get(url, bindDn, baseDn) as TargetRow | undefined;
    return row ? toTarget(row) : null;
  }

  /** Removes a target; past runs keep their copy of its configuration. */
  delete(id: string): void {
    this.get(id);
    this.db.prepare('DELETE FROM targets WHERE id = ?').run(id);
  }

  /** Removes the target that stands for a lab, if any. */
  deleteForLab(labId: string): void {
    this.db.prepare('DELETE FROM targets WHERE lab_id = ?').run(labId);
  }
}
