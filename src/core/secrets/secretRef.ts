// A reference to where a secret (bind password) lives; only the reference is ever stored.
import type { PasswordSource } from '../../shared/targetTypes.ts';

/** Where a secret is read from when DirBench connects. */
export type SecretRef =
  /** A file whose first line is the secret; `managed` when DirBench wrote it under data-dir/secrets. */
  | { kind: 'file'; path: string; managed?: boolean }
  /** An environment variable of the process that connects. */
  | { kind: 'env'; name: string }
  /** Ciphertext from the desktop host's OS-backed sealer (Electron safeStorage), base64. */
  | { kind: 'sealed'; ciphertext: string };

/** Encrypts and decrypts secrets with a key the OS keeps (injected by the desktop host). */
export interface SecretSealer {
  /** Base64 ciphertext of `plain`. */
  seal(plain: string): string;
  /** The plain text of base64 `ciphertext`. */
  unseal(ciphertext: string): string;
}

/** The JSON stored in the targets table for `ref` (null: no password). */
export function serializeSecretRef(ref: SecretRef | null): string | null {
  return ref === null ? null : JSON.stringify(ref);
}

/** Reads a stored reference back; anything unreadable counts as no password. */
export function parseSecretRef(json: string | null): SecretRef | null {
  if (json === null || json === '') return null;
  try {
    const value = JSON.parse(json) as Partial<Record<string, unknown>>;
    if (value.kind === 'file' && typeof value.path === 'string')
      return {
        kind: 'file',
        path: value.path,
        ...(value.managed === true ? { managed: true } : {}),
      };
    if (value.kind === 'env' && typeof value.name === 'string')
      return { kind: 'env', name: value.name };
    if (value.kind === 'sealed' && typeof value.ciphertext === 'string')
      return { kind: 'sealed', ciphertext: value.ciphertext };
  } catch {
    // A corrupt reference is no reference: the target then asks for its password again.
  }
  return null;
}

/** The public description of a reference: its kind, the file path or the variable name. */
export function describeSecretRef(ref: SecretRef | null): {
  passwordSource: PasswordSource;
  passwordFile: string | null;
  passwordEnv: string | null;
} {
  return {
    passwordSource:
      ref === null
        ? 'none'
        : ref.kind === 'file' && ref.managed === true
          ? 'managed-file'
          : ref.kind,
    passwordFile: ref?.kind === 'file' ? ref.path : null,
    passwordEnv: ref?.kind === 'env' ? ref.name : null,
  };
}
