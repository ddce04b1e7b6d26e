// A run's ending kept beside the database when the database refuses it (disk full, locked too
// long): written into bytes set aside when the run began, so it needs no new space, and stored by
// the next DirBench that opens the database instead of the generic "DirBench exited".
import {
  closeSync,
  fsyncSync,
  openSync,
  readFileSync,
  rmSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import type { RunStatus } from '../../shared/types.ts';

/** Bytes set aside per run: the ending's JSON is written into them, never beyond. */
const NOTE_BYTES = 4096;

/** How a run ended, as noted. */
export interface RunEnding {
  status: RunStatus;
  endReason: string;
}

const ENDED: readonly RunStatus[] = ['completed', 'stopped', 'failed', 'interrupted'];

/** The note of run `runId` of the database file `dbFile`, beside it as SQLite keeps its -wal. */
function notePath(dbFile: string, runId: string): string {
  return `${dbFile}-end-${runId}`;
}

/** Sets the note's bytes aside (blank) while the disk has room; false when that failed. */
export function reserveEndNote(dbFile: string, runId: string): boolean {
  try {
    writeFileSync(notePath(dbFile, runId), Buffer.alloc(NOTE_BYTES, 0x20), { mode: 0o600 });
    return true;
  } catch {
    return false;
  }
}

/** `ending` as JSON in exactly NOTE_BYTES bytes (the reason cut when it is longer), blank-padded. */
function noteBytes(ending: RunEnding): Buffer {
  let reason = ending.endReason;
  let json = Buffer.from(JSON.stringify({ ...ending, endReason: reason }));
  while (json.length > NOTE_BYTES) {
    reason = `${reason.slice(0, reason.length - (json.length - NOTE_BYTES) - 8)}…`;
    json = Buffer.from(JSON.stringify({ ...ending, endReason: reason }));
  }
  const bytes = Buffer.alloc(NOTE_BYTES, 0x20);
  json.copy(bytes);
  return bytes;
}

/**
 * Writes `ending` over the run's reserved bytes, in place (a full disk has no room for a new
 * block, but the note's blocks are its own); without a reserved note it tries to make one.
 * Returns whether the ending is on disk.
 */
export function writeEndNote(dbFile: string, runId: string, ending: RunEnding): boolean {
  const path = notePath(dbFile, runId);
  const bytes = noteBytes(ending);
  let fd: number;
  try {
    fd = openSync(path, 'r+');
  } catch {
    try {
      writeFileSync(path, bytes, { mode: 0o600, flag: 'wx' });
      return true;
    } catch {
      return false;
    }
  }
  try {
    writeSync(fd, bytes, 0, bytes.length, 0);
    fsyncSync(fd);
    return true;
  } catch {
    return false;
  } finally {
    closeSync(fd);
  }
}

/** The ending noted for run `runId`, or null: no note, a blank one, or one that does not read. */
export function readEndNote(dbFile: string, runId: string): RunEnding | null {
  let text: string;
  try {
    text = readFileSync(notePath(dbFile, runId), 'utf8').trim();
  } catch {
    return null;
  }
  if (text === '') return null;
  try {
    const { status, endReason } = JSON.parse(text) as Partial<RunEnding>;
    if (!ENDED.includes(status as RunStatus) || typeof endReason !== 'string') return null;
    return { status: status as RunStatus, endReason };
  } catch {
    return null;
  }
}

/** Removes the run's note: its ending is in the database now. */
export function dropEndNote(dbFile: string, runId: string): void {
  try {
    rmSync(notePath(dbFile, runId), { force: true });
  } catch {
    // A note that cannot be removed is blank or outdated: the database's ending is what counts.
  }
}
