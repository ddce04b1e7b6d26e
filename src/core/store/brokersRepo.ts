// SQLite-backed registry of brokers, so brokers started by the CLI can be listed and stopped later.
import type { BrokerRegistry, StoredBroker } from '../broker/brokerRecord.ts';
import type { Db } from './database.ts';

interface BrokerRow {
  info_json: string;
  owner_pid: number | null;
}

function toStored(row: BrokerRow): StoredBroker {
  return { ...(JSON.parse(row.info_json) as StoredBroker), ownerPid: row.owner_pid };
}

/** The brokers table as the BrokerManager's registry. */
export class BrokersRepo implements BrokerRegistry {
  private readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  insert(broker: StoredBroker): void {
    const { ownerPid, ...info } = broker;
    this.db
      .prepare(
        'INSERT INTO brokers (id, state, info_json, owner_pid, created_at) VALUES (?, ?, ?, ?, ?)',
      )
      .run(broker.id, broker.state, JSON.stringify(info), ownerPid, broker.createdAt);
  }

  update(id: string, patch: Partial<StoredBroker>): void {
    const current = this.get(id);
    if (current === null) return;
    const { ownerPid, ...info } = { ...current, ...patch, id };
    this.db
      .prepare('UPDATE brokers SET state = ?, info_json = ?, owner_pid = ? WHERE id = ?')
      .run(info.state, JSON.stringify(info), ownerPid, id);
  }

  get(id: string): StoredBroker | null {
    const row = this.db.prepare('SELECT info_json, owner_pid FROM brokers WHERE id = ?').get(id) as
      BrokerRow | undefined;
    return row === undefined ? null : toStored(row);
  }

  list(): StoredBroker[] {
    const rows = this.db
      .prepare('SELECT info_json, owner_pid FROM brokers ORDER BY created_at DESC, id')
      .all() as BrokerRow[];
    return rows.map(toStored);
  }
}
