// Password files: reading the user's own, and writing DirBench's mode-600 ones under data-dir/secrets.
import { chmodSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { invalid } from '../../shared/errors.ts';
import { readSmallFile } from '../base/smallFile.ts';

/** The first line of a password file (like searchrate's --bindPasswordFile); `field` names the option. */
export function readPasswordFile(path: string, field: string): string {
  let text: string;
  try {
    text = readSmallFile(path);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? 'unreadable';
    throw invalid(field, `cannot read the password file ${path} (${code}): give a readable file`);
  }
  return text.split(/\r?\n/, 1)[0] ?? '';
}

/** The file DirBench keeps a typed password of target `targetId` in. */
export function managedSecretPath(secretsDir: string, targetId: string): string {
  return join(secretsDir, `${targetId}.password`);
}

/** Writes `password` to a file only this user can read (folder 700, file 600) and returns its path. */
export function writeManagedSecret(secretsDir: string, targetId: string, password: string): string {
  mkdirSync(secretsDir, { recursive: true, mode: 0o700 });
  chmodSync(secretsDir, 0o700);
  const path = managedSecretPath(secretsDir, targetId);
  writeFileSync(path, `${password}\n`, { mode: 0o600 });
  // writeFileSync keeps the mode of a file that already exists.
  chmodSync(path, 0o600);
  return path;
}

/** Deletes a password file DirBench wrote; a missing one is fine. */
export function removeManagedSecret(path: string): void {
  rmSync(path, { force: true });
}
