/**
 * Secrets at rest (TOTP seeds): AES-256-GCM with the configured 32-byte key, a fresh 96-bit IV per
 * value, and the owner's id as additional data so a ciphertext copied to another user's row fails.
 * Stored form: `v1.<iv>.<tag>.<ciphertext>` (base64url).
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

export class SecretDecryptionError extends Error {
  constructor() {
    super('stored secret cannot be decrypted with the configured SECRETS_KEY');
    this.name = 'SecretDecryptionError';
  }
}

function checkKey(key: Buffer): void {
  if (key.length !== 32) throw new Error(`secrets key must be 32 bytes, got ${key.length}`);
}

export function encryptSecret(key: Buffer, plaintext: string, owner: string): string {
  checkKey(key);
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(owner, 'utf8'));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join(
    '.',
  );
}

export function decryptSecret(key: Buffer, stored: string, owner: string): string {
  checkKey(key);
  const [version, iv, tag, body] = stored.split('.');
  if (version !== 'v1' || !iv || !tag || body === undefined) throw new SecretDecryptionError();
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(owner, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    throw new SecretDecryptionError();
  }
}

/** Parses a key given as 64 hex characters or base64 of 32 bytes. */
export function parseSecretsKey(text: string): Buffer {
  const trimmed = text.trim();
  const key = /^[0-9a-fA-F]{64}$/.test(trimmed) ? Buffer.from(trimmed, 'hex') : Buffer.from(trimmed, 'base64');
  if (key.length !== 32)
    throw new Error('SECRETS_KEY must be 32 bytes: 64 hex characters or base64 (e.g. `openssl rand -base64 32`)');
  return key;
}
