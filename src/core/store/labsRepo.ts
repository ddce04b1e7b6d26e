// SQLite-backed registry of managed lab servers, so labs started by the CLI can be listed and stopped later.
import { readFileSync } from 'node:fs';
import type { LabRegistry, StoredLab } from '../lab/labRecord.ts';
import type { Db } from './database.ts';

interface LabRow {
  info_json: string;
  root_password: string;
  owner_pid: number | null;
}

/** Fields labs stored by earlier versions lack: they were all Salford-shaped OpenLDAP labs. */
const EARLIER_DEFAULTS = {
  suffix: 'c=gb',
  passwordFile: '',
  shape: 'salford',
  indexProfile: 'salford-indexed',
  indexes: ['objectClass eq', 'cn eq,sub,pres'],
  serverVersion: null,
  generateS: null,
  startS: null,
  verifiedEntries: null,
  loadMethod: 'offline',
  loadConnections: null,
  tls: null,
} as const;

/** The root password of a lab that keeps it in its mode-600 password file ('' when the file is gone). */
function passwordFromFile(file: string | undefined): string {
  if (!file) return '';
  try {
    return readFileSync(file, 'utf8').split(/\r?\n/, 1)[0] ?? '';
  } catch {
    // A lab whose folder is gone cannot be bound to anyway.
    return '';
  }
}

/** What goes into root_password: nothing when the lab's password file holds it. */
function storedPassword(lab: Pick<StoredLab, 'rootPassword' | 'passwordFile'>): string {
  return lab.passwordFile ? '' : lab.rootPassword;
}

function toStored(row: LabRow): StoredLab {
  const info = JSON.parse(row.info_json) as Partial<StoredLab>;
  return {
    ...EARLIER_DEFAULTS,
    ...(info as StoredLab),
    indexes: info.indexes ?? [...EARLIER_DEFAULTS.indexes],
    rootPassword: row.root_password || passwordFromFile(info.passwordFile),
    ownerPid: row.owner_pid,
  };
}

/** The labs table as the LabManager's registry. */
export class LabsRepo implements LabRegistry {
  private readonly db: Db;

  constructor(db: Db) {
    this.db = db;
    // Labs stored before passwords left the database: their password file already holds it.
    const where =
      "root_password != '' AND coalesce(json_extract(info_json, '$.passwordFile'), '') != ''";
    const stale = this.db.prepare(`SELECT count(*) AS n FROM labs WHERE ${where}`).get() as {
      n: number;
    };
    if (stale.n > 0) {
      // Zeroes the overwritten text instead of leaving it in the page, then moves it out of the WAL.
      this.db.pragma('secure_delete = ON');
      this.db.prepare(`UPDATE labs SET root_password = '' WHERE ${where}`).run();
      this.db.pragma('wal_checkpoint(TRUNCATE)');
    }
  }

  insert(lab: StoredLab): void {
    const { rootPassword, ownerPid, ...info } = lab;
    this.db
      .prepare(
        'INSERT INTO labs (id, kind, state, info_json, root_password, owner_pid, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
      )
      .run(
        lab.id,
        lab.kind,
        lab.state,
        JSON.stringify(info),
        storedPassword({ rootPassword, passwordFile: info.passwordFile }),
        ownerPid,
        lab.createdAt,
      );
  }

  update(id: string, patch: Partial<StoredLab>): void {
    const current = this.get(id);
    if (!current) return;
    const next = { ...current, ...patch };
    const { rootPassword, ownerPid, ...info } = next;
    this.db
      .prepare(
        'UPDATE labs SET state = ?, info_json = ?, root_password = ?, owner_pid = ? WHERE id = ?',
      )
      .run(
        next.state,
        JSON.stringify(info),
        storedPassword({ rootPassword, passwordFile: info.passwordFile }),
        ownerPid,
        id,
      );
  }

  get(id: string): StoredLab | null {
    const row = this.db
      .prepare('SELECT info_json, root_password, owner_pid FROM labs WHERE id = ?')
      .get(id) as LabRow | undefined;
    return row ? toStored(row) : null;
  }

  remove(id: string): void {
    this.db.prepare('DELETE FROM labs WHERE id = ?').run(id);
  }

  list(): StoredLab[] {
    const rows = this.db
      .prepare('SELECT info_json, root_password, owner_pid FROM labs ORDER BY created_at DESC')
      .all() as LabRow[];
    return rows.map(toStored);
  }
}
