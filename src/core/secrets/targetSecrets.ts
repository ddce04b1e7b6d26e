// Turns what the target form sends into a stored secret reference, and references back into passwords.
import { ENV_NAME_PATTERN } from '../../shared/envName.ts';
import { invalid } from '../../shared/errors.ts';
import type { TargetInput } from '../../shared/targetTypes.ts';
import { readPasswordFile, removeManagedSecret, writeManagedSecret } from './secretFiles.ts';
import type { SecretRef, SecretSealer } from './secretRef.ts';

/** Checks an environment variable name (field `field`) and returns it trimmed. */
export function checkEnvName(name: string, field: string): string {
  const trimmed = name.trim();
  if (!ENV_NAME_PATTERN.test(trimmed)) {
    throw invalid(
      field,
      `"${trimmed}" is not an environment variable name: use letters, digits and _, e.g. BENCH_PASSWORD`,
    );
  }
  return trimmed;
}

/** The value of environment variable `name`, or a `field` error saying to set it. */
export function readPasswordEnv(name: string, field: string): string {
  const value = process.env[name];
  if (value === undefined) {
    throw invalid(
      field,
      `the environment variable ${name} is not set in DirBench's environment: export it before starting DirBench`,
    );
  }
  return value;
}

/** Keeps target passwords out of the database: as files, variable names or OS-sealed ciphertext. */
export class TargetSecrets {
  /** Folder of the mode-600 password files DirBench writes (data-dir/secrets). */
  readonly secretsDir: string;
  private readonly sealer: SecretSealer | null;

  constructor(secretsDir: string, sealer: SecretSealer | null = null) {
    this.secretsDir = secretsDir;
    this.sealer = sealer;
  }

  /** True when typed passwords are sealed by the OS (desktop) rather than written to files. */
  get sealed(): boolean {
    return this.sealer !== null;
  }

  /** The one password source `input` gives (typed, file or variable); undefined when it gives none. */
  private sourceOf(
    input: TargetInput,
  ): { typed: string } | Exclude<SecretRef, { kind: 'sealed' }> | undefined {
    const file = input.passwordFile?.trim() ?? '';
    const env = input.passwordEnv?.trim() ?? '';
    const given = [input.password !== undefined, file !== '', env !== ''].filter(Boolean).length;
    if (given > 1) {
      throw invalid(
        'password',
        'give one password source: type it, or a password file, or an environment variable',
      );
    }
    if (file !== '') {
      readPasswordFile(file, 'passwordFile');
      return { kind: 'file', path: file };
    }
    if (env !== '') return { kind: 'env', name: checkEnvName(env, 'passwordEnv') };
    return input.password === undefined ? undefined : { typed: input.password };
  }

  /** The reference to store for target `targetId` after `input`; undefined keeps the current one. */
  fromInput(targetId: string, input: TargetInput): SecretRef | null | undefined {
    const source = this.sourceOf(input);
    if (source === undefined || !('typed' in source)) return source;
    if (source.typed === '') return null;
    if (this.sealer !== null) return { kind: 'sealed', ciphertext: this.sealer.seal(source.typed) };
    return {
      kind: 'file',
      path: writeManagedSecret(this.secretsDir, targetId, source.typed),
      managed: true,
    };
  }

  /** The password `input` carries, without storing anything (Test connection); undefined: none given. */
  passwordIn(input: TargetInput): string | undefined {
    const source = this.sourceOf(input);
    if (source === undefined) return undefined;
    return 'typed' in source ? source.typed : this.resolve(source);
  }

  /** The password a reference stands for ('' for none); a field error when it cannot be read. */
  resolve(ref: SecretRef | null): string {
    if (ref === null) return '';
    switch (ref.kind) {
      case 'file':
        return readPasswordFile(ref.path, 'passwordFile');
      case 'env':
        return readPasswordEnv(ref.name, 'passwordEnv');
      case 'sealed':
        if (this.sealer === null) {
          throw invalid(
            'password',
            'this password was stored encrypted by the desktop app and can only be read there: type it again, or use a password file',
          );
        }
        return this.sealer.unseal(ref.ciphertext);
    }
  }

  /** Deletes what DirBench itself wrote for `ref` when the reference is replaced or its target deleted. */
  discard(ref: SecretRef | null, next: SecretRef | null = null): void {
    if (ref?.kind !== 'file' || ref.managed !== true) return;
    if (next?.kind === 'file' && next.path === ref.path) return;
    removeManagedSecret(ref.path);
  }
}
