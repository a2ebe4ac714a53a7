import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'
import type { SafeStorageLike } from '../../../electron/core/vault'

/** A stand-in for Electron's safeStorage: real AES-GCM with a per-instance key, and a chosen Linux backend. */
export function fakeSafeStorage(backend = 'gnome_libsecret', available = true): SafeStorageLike & { calls: number } {
  const key = randomBytes(32)
  const fake = {
    calls: 0,
    isEncryptionAvailable: () => available,
    getSelectedStorageBackend: () => backend,
    encryptString(plain: string): Buffer {
      fake.calls++
      const iv = randomBytes(12)
      const cipher = createCipheriv('aes-256-gcm', key, iv)
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
      return Buffer.concat([Buffer.from('v10'), iv, cipher.getAuthTag(), body])
    },
    decryptString(encrypted: Buffer): string {
      if (encrypted.subarray(0, 3).toString() !== 'v10') throw new Error('not encrypted by safeStorage')
      const iv = encrypted.subarray(3, 15)
      const tag = encrypted.subarray(15, 31)
      const decipher = createDecipheriv('aes-256-gcm', key, iv)
      decipher.setAuthTag(tag)
      return Buffer.concat([decipher.update(encrypted.subarray(31)), decipher.final()]).toString('utf8')
    },
  }
  return fake
}
