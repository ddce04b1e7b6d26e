// Saved targets: the servers a user benchmarks, and the target views of running labs.
import { dirname, join } from 'node:path';
import type { Target, TargetBindMechanism, TargetInput } from '../../shared/targetTypes.ts';
import { ApiError } from '../../shared/errors.ts';
import { describeSecretRef, parseSecretRef, serializeSecretRef } from '../secrets/secretRef.ts';
import type { SecretRef } from '../secrets/secretRef.ts';
import { TargetSecrets } from '../secrets/targetSecrets.ts';
import type { Db } from './database.ts';
import { newId, nowIso } from './ids.ts';

interface TargetRow {
  id: string;
  name: string;
  url: string;
  start_tls: number;
  bind_dn: string;
  /** Plain passwords of databases from before secret references; emptied by movePlainPasswords(). */
  password: string | null;
  secret_ref: string | null;
  base_dn: string;
  ca_file: string | null;
  tls_verify: number;
  client_cert_file: string | null;
  client_key_file: string | null;
  bind_mechanism: TargetBindMechanism | null;
  lab_id: string | null;
  created_at: string;
  updated_at: string;
}

/** A target with the reference to its password, for core code that must connect. */
export interface TargetWithSecret extends Target {
  secret: SecretRef | null;
}

function toTarget(row: TargetRow): TargetWithSecret {
  const secret = parseSecretRef(row.secret_ref);
  return {
    id: row.id,
    name: row.name,
    url: row.url,
    startTls: row.start_tls === 1,
    bindDn: row.bind_dn,
    bindMechanism: row.bind_mechanism ?? 'simple',
    hasPassword: secret !== null,
    ...describeSecretRef(secret),
    secret,
    baseDn: row.base_dn,
    caFile: row.ca_file,
    tlsVerify: row.tls_verify !== 0,
    clientCertFile: row.client_cert_file,
    clientKeyFile: row.client_key_file,
    labId: row.lab_id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** A path field to store: trimmed, null when blank. */
function pathOf(path: string | undefined): string | null {
  const file = path?.trim() ?? '';
  return file === '' ? null : file;
}

/** The stored bind mechanism: null for a simple bind. */
function bindMechanismColumn(
  mechanism: TargetBindMechanism | undefined,
): TargetBindMechanism | null {
  return mechanism === undefined || mechanism === 'simple' ? null : mechanism;
}

/** Strips the secret reference before a target leaves core. */
export function publicTarget(target: TargetWithSecret): Target {
  const { secret: _secret, ...rest } = target;
  return rest;
}

/** Reads and writes the targets table; passwords go to `secrets`, never to the table. */
export class TargetsRepo {
  private readonly db: Db;
  /** Where typed passwords are kept and how references are read. */
  readonly secrets: TargetSecrets;

  constructor(db: Db, secrets = new TargetSecrets(join(dirname(db.name), 'secrets'))) {
    this.db = db;
    this.secrets = secrets;
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
      throw new ApiError('not-found', `no target with id ${id}`, 'targetId', { subject: 'target' });
    return toTarget(row);
  }

  /** The target an id a user typed names: a target's id, or a lab's id (the target standing for it). */
  named(id: string): TargetWithSecret {
    const row = this.db.prepare('SELECT * FROM targets WHERE id = ?').get(id) as
      TargetRow | undefined;
    const target = row ? toTarget(row) : this.findForLab(id);
    if (target === null)
      throw new ApiError(
        'not-found',
        `no target or running lab with id ${id}: give a target id (see "dirbench targets list") or a lab id (see "dirbench lab list")`,
        'targetId',
      );
    return target;
  }

  /** The target that stands for a lab (saved once the lab is ready), if there is one. */
  findForLab(labId: string): TargetWithSecret | null {
    const row = this.db.prepare('SELECT * FROM targets WHERE lab_id = ?').get(labId) as
      TargetRow | undefined;
    return row ? toTarget(row) : null;
  }

  /** The bind password of a target, read from its reference ('' when it has none). */
  password(target: TargetWithSecret): string {
    return this.secrets.resolve(target.secret);
  }

  /** Creates or updates; no password source in `input` keeps the stored one. */
  save(input: TargetInput, labId: string | null = null): TargetWithSecret {
    const now = nowIso();
    const id = input.id ?? newId('tgt');
    const existing = input.id ? this.get(input.id) : null;
    const given = this.secrets.fromInput(id, input);
    const secret = given === undefined ? (existing?.secret ?? null) : given;
    const fields = [
      input.name.trim(),
      input.url.trim(),
      input.startTls ? 1 : 0,
      input.bindDn.trim(),
      serializeSecretRef(secret),
      input.baseDn.trim(),
      pathOf(input.caFile),
      input.tlsVerify === false ? 0 : 1,
      pathOf(input.clientCertFile),
      pathOf(input.clientKeyFile),
      bindMechanismColumn(input.bindMechanism ?? existing?.bindMechanism),
    ];
    if (existing) {
      this.db
        .prepare(
          `UPDATE targets SET name = ?, url = ?, start_tls = ?, bind_dn = ?, secret_ref = ?, base_dn = ?,
             ca_file = ?, tls_verify = ?, client_cert_file = ?, client_key_file = ?, bind_mechanism = ?, password = NULL, updated_at = ?
           WHERE id = ?`,
        )
        .run(...fields, now, id);
      this.secrets.discard(existing.secret, secret);
      return this.get(id);
    }
    this.db
      .prepare(
        `INSERT INTO targets (name, url, start_tls, bind_dn, secret_ref, base_dn, ca_file, tls_verify,
           client_cert_file, client_key_file, bind_mechanism, id, lab_id, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(...fields, id, labId, now, now);
    return this.get(id);
  }

  /**
   * Moves plain passwords of older databases into mode-600 files (nothing is lost), then clears them;
   * returns how many moved. The cleared text is overwritten and checkpointed out of the WAL.
   */
  movePlainPasswords(): number {
    const rows = this.db
      .prepare("SELECT id, password FROM targets WHERE password IS NOT NULL AND password != ''")
      .all() as { id: string; password: string }[];
    const hadEmpty = this.db
      .prepare("SELECT count(*) AS n FROM targets WHERE password = ''")
      .get() as { n: number };
    if (rows.length === 0 && hadEmpty.n === 0) return 0;
    // Zeroes freed and overwritten cells, so the old text does not linger in the file's free pages.
    this.db.pragma('secure_delete = ON');
    const update = this.db.prepare(
      'UPDATE targets SET secret_ref = ?, password = NULL WHERE id = ?',
    );
    this.db.transaction(() => {
      for (const row of rows) {
        const ref = this.secrets.fromInput(row.id, {
          name: '',
          url: '',
          startTls: false,
          bindDn: '',
          baseDn: '',
          password: row.password,
        });
        update.run(serializeSecretRef(ref ?? null), row.id);
      }
      this.db.prepare("UPDATE targets SET password = NULL WHERE password = ''").run();
    })();
    this.db.pragma('wal_checkpoint(TRUNCATE)');
    return rows.length;
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

  /** Removes a target (and the password file DirBench wrote for it); past runs keep their configuration. */
  delete(id: string): void {
    const target = this.get(id);
    this.db.prepare('DELETE FROM targets WHERE id = ?').run(id);
    this.secrets.discard(target.secret);
  }

  /** Removes the target that stands for a lab, if any. */
  deleteForLab(labId: string): void {
    const rows = this.db
      .prepare('SELECT * FROM targets WHERE lab_id = ?')
      .all(labId) as TargetRow[];
    this.db.prepare('DELETE FROM targets WHERE lab_id = ?').run(labId);
    for (const row of rows) this.secrets.discard(parseSecretRef(row.secret_ref));
  }
}
