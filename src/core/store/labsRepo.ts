// SQLite-backed registry of managed lab servers, so labs started by the CLI can be listed and stopped later.
import type { LabRegistry, StoredLab } from '../lab/labManager.ts';
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

function toStored(row: LabRow): StoredLab {
  const info = JSON.parse(row.info_json) as Partial<StoredLab>;
  return {
    ...EARLIER_DEFAULTS,
    ...(info as StoredLab),
    indexes: info.indexes ?? [...EARLIER_DEFAULTS.indexes],
    rootPassword: row.root_password,
    ownerPid: row.owner_pid,
  };
}

/** The labs table as the LabManager's registry. */
export class LabsRepo implements LabRegistry {
  private readonly db: Db;

  constructor(db: Db) {
    this.db = db;
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
        rootPassword,
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
      .run(next.state, JSON.stringify(info), rootPassword, ownerPid, id);
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
