// The desktop's sealer for typed bind passwords: Electron safeStorage (the OS keychain's key).
import { safeStorage } from 'electron';
import type { SecretSealer } from '../src/core/secrets/secretRef.ts';

/**
 * A sealer over safeStorage once the app is ready, or null when the OS offers no real key store
 * (Linux without a keyring falls back to a hard-coded key: then typed passwords go to mode-600 files).
 */
export function safeStorageSealer(): SecretSealer | null {
  if (!safeStorage.isEncryptionAvailable()) return null;
  if (process.platform === 'linux' && safeStorage.getSelectedStorageBackend() === 'basic_text')
    return null;
  return {
    // The synchronous calls: the core reads secrets inside synchronous store code.
    seal: (plain) => safeStorage.encryptString(plain).toString('base64'),
    unseal: (ciphertext) => safeStorage.decryptString(Buffer.from(ciphertext, 'base64')),
  };
}
